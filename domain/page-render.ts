/**
 * The agreement between the proxy and the client's server renderer (client/src/entry-server.tsx,
 * built to dist/server): the proxy hands a page request and the page's reads, the renderer answers
 * the page (its status, its data for the browser's cache, its markup) or where to go instead.
 * The reads are the proxy's own services called in the same process (docs/decisions/006): the same
 * functions the API's routes call, with the same answers, so the browser's cache can take them
 * over when the page hydrates and ask for nothing again.
 */
import type { operations as OperationTable } from '../generated/proxy/operations.ts';
import type { LocalePath } from './locales.ts';
import type { components, operations } from '../generated/proxy/types.ts';

type Schemas = components['schemas'];
type Table = typeof OperationTable;

/** The contract's GET operations: a page may read any of them while it renders on the server. */
export type ReadId = { [K in keyof Table]: Table[K]['method'] extends 'get' ? K : never }[keyof Table] &
  keyof operations;
type Params<K extends ReadId> = operations[K]['parameters'];
type PathOf<K extends ReadId> = [NonNullable<Params<K>['path']>] extends [never]
  ? unknown
  : { path: NonNullable<Params<K>['path']> };
type QueryOf<K extends ReadId> = [NonNullable<Params<K>['query']>] extends [never]
  ? unknown
  : { query?: NonNullable<Params<K>['query']> };

/** A read's input as the browser's call sends it: its path parameters and its query. */
export type ReadInput<K extends ReadId> = PathOf<K> & QueryOf<K>;

/** A read's answer: the JSON of its 200. */
export type ReadAnswer<K extends ReadId> = operations[K]['responses'] extends {
  200: { content: { 'application/json': infer T } };
}
  ? T
  : never;

/**
 * One read of a page rendered on the server, by operationId: the proxy runs the operation through
 * the same door as the API's route (server/src/http/operation.ts), in the same process; a problem
 * reaches the page as a PageReadError with the status and problem the API would have answered.
 */
export type PageRead = <K extends ReadId>(id: K, input: ReadInput<K>) => Promise<ReadAnswer<K>>;

/** A read that failed as the API would have answered it: its status and problem. */
export class PageReadError extends Error {
  readonly status: number;
  readonly problem: Schemas['Problem'];

  constructor(problem: Schemas['Problem']) {
    super(problem.detail);
    this.name = 'PageReadError';
    this.status = problem.status;
    this.problem = problem;
  }
}

/**
 * Whether an error is a PageReadError, by its shape: the renderer is a bundle of its own, so its
 * copy of the class is not the proxy's (`instanceof` would not hold across them).
 */
export function isPageReadError(error: unknown): error is PageReadError {
  if (typeof error !== 'object' || error === null) return false;
  const candidate = error as Partial<PageReadError>;
  return (
    candidate.name === 'PageReadError' && typeof candidate.status === 'number' && typeof candidate.problem === 'object'
  );
}

/**
 * The cookie saying the browser made its cookie choice (client/src/lib/consent.ts writes it): the
 * server paints the consent banner in a page only without it (issue 35).
 */
export const CONSENT_COOKIE = 'cookie-consent';

export interface PageRequest {
  /** Path and query of the page, as the browser asked for it. */
  url: string;
  /** The path's locale prefix, parsed once at the request edge (server/src/static.ts). */
  where: LocalePath;
  site: 'aurora' | 'borealis';
  /** Test and developer pages exist only outside production (storefront §2, §6). */
  production: boolean;
  /** The CSP nonce of this answer, for any script the renderer writes. */
  nonce: string;
  /**
   * Values only this request's shopper may see that the page shows (the session's CSRF token): a
   * render kept for the next request with the same inputs holds a placeholder in their place
   * (client/src/app/render-memo.server.ts).
   */
  secrets: readonly string[];
  read: PageRead;
  /** The request carries the consent cookie: no banner in the page. */
  consentChosen: boolean;
}

/** Where the page sends the shopper instead (VIN errors, another market or brand, restricted access). */
export interface PageRedirect {
  kind: 'redirect';
  location: string;
}

const SCRIPT_UNSAFE = /[<\u2028\u2029]/g;
const SCRIPT_ESCAPES: Record<string, string> = { '<': '\\u003c', '\u2028': '\\u2028', '\u2029': '\\u2029' };

/**
 * JSON for a `<script type="application/json">`: `<` and the line separators escaped, so it cannot
 * close the element; JSON.parse reads it back unchanged. One pass over the text (a page's data is
 * written with every page the server renders).
 */
export const jsonForScript = (value: unknown): string =>
  JSON.stringify(value).replace(SCRIPT_UNSAFE, (c) => SCRIPT_ESCAPES[c]!);

export interface RenderedPage {
  kind: 'page';
  /** 200, 404 for a page not found, 500 when the page's own data failed (storefront §8). */
  status: number;
  /** <html lang>. */
  lang: string;
  /** The page's title and description, in its language. */
  title: string;
  description: string;
  /**
   * The page's data for the browser's cache, as the JSON of a script element (jsonForScript):
   * `{ data, failures }`, the reads' answers and the reads that failed (that the page shows as
   * failed), each by the serialised SWR key the browser's hooks ask under, in key order.
   */
  pageData: string;
  /** Source modules of the page's chunks (the Vite manifest's keys), for preloads and style sheets. */
  modules: string[];
  /** The page's markup: the content of #root. */
  markup: string;
  /** The markup is a render kept from an earlier request with the same inputs, not rendered anew. */
  kept: boolean;
}

export type PageAnswer = PageRedirect | RenderedPage;

/** What dist/server/entry-server.js exports. */
export interface PageRenderer {
  renderPage(request: PageRequest): Promise<PageAnswer>;
  /** Forgets the renders kept for later requests (tests that move the clock render afresh). */
  forgetRenders(): void;
}
