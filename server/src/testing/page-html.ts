/** What a page the server rendered hands to the browser, read back in tests (render/pages.ts). */

export interface PageDataScript {
  data: Record<string, unknown>;
  failures: Record<string, unknown>;
}

/** The JSON the page hands to the browser's cache (`<script id="page-data">`). */
export function pageDataOf(html: string): PageDataScript {
  const json = /<script type="application\/json" id="page-data">([\s\S]*?)<\/script>/.exec(html)?.[1];
  if (!json) throw new Error('no page data in the page');
  return JSON.parse(json) as PageDataScript;
}

/** The page's markup: the content of #root. */
export const rootMarkupOf = (html: string): string | undefined =>
  /<div id="root">([\s\S]*)<\/div><script type="application\/json" id="page-data">/.exec(html)?.[1];

/** A browser's GET of a page at `url`: HTML asked for, redirects answered, not followed. */
export const askPage = (url: string, cookie?: string): Promise<Response> =>
  fetch(url, { redirect: 'manual', headers: { accept: 'text/html', ...(cookie ? { cookie } : {}) } });

/** The session's CSRF token, as an en-GB page hands it to the browser ('' without one). */
export const csrfTokenOf = (html: string): string =>
  (pageDataOf(html).data['@"getSession","en-GB",'] as { csrfToken?: string } | undefined)?.csrfToken ?? '';
