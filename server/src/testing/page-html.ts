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
