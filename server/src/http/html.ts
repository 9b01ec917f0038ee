/** Text written into the HTML the proxy answers (static.ts, render/pages.ts). */

/** Text for an element's content or an attribute's value. */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** JSON for a `<script type="application/json">`: `<` and the line separators escaped, so it cannot close the element. */
export const jsonForScript = (value: unknown): string =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
