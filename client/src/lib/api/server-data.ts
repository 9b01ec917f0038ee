/**
 * The hand-over of a server-rendered page's data to the browser's cache (docs/decisions/006): the
 * server writes the answers it rendered with into the page (a JSON script, which no CSP blocks:
 * it is data, never run), under the serialised SWR keys the page's hooks ask with. The browser
 * hydrates with them as SWR's fallback and preloads each key with its answer, so the hooks'
 * first revalidation takes it instead of asking the proxy again. A read the page shows as failed
 * goes into the cache as that failure.
 */
import { preload, type Cache } from 'swr';
import type { components } from './client.ts';
import { ApiError } from './client.ts';
import { adoptSession, type Session } from './get-session.ts';

export const PAGE_DATA_ID = 'page-data';

export type Failures = Record<string, { status: number; problem: components['schemas']['Problem'] }>;

export interface ServerData {
  data: Record<string, unknown>;
  failures: Failures;
}

/** A cache holding the failed reads as their errors (the server's and the hydration's first render agree). */
export function seededCache(failures: Failures): Cache {
  const cache = new Map<string, unknown>();
  for (const [key, { status, problem }] of Object.entries(failures)) {
    cache.set(key, { error: new ApiError(status, problem) });
  }
  return cache as unknown as Cache;
}

/** The page's data, when the server rendered the page (none in `make dev` or after a failed render). */
export function readServerData(root: Document = document): ServerData | undefined {
  const script = root.getElementById(PAGE_DATA_ID);
  if (!script?.textContent) return undefined;
  try {
    return JSON.parse(script.textContent) as ServerData;
  } catch {
    return undefined;
  }
}

/**
 * Each answer waits, preloaded, for its hook's first revalidation. `skip` names keys the browser
 * must ask for itself all the same (the renewal page reports an order left by an earlier attempt).
 */
export function preloadServerData(data: Record<string, unknown>, skip: (key: string) => boolean = () => false): void {
  for (const [key, answer] of Object.entries(data)) {
    // The session's CSRF token goes to the proxy client, as the session's own fetcher does.
    if (key.startsWith(`@${JSON.stringify('getSession')}`)) adoptSession(answer as Session);
    if (!skip(key)) void preload(key, () => Promise.resolve(answer));
  }
}
