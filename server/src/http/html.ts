/** Text written into the HTML the proxy answers (static.ts, render/pages.ts). */

/** Text for an element's content or an attribute's value. */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
