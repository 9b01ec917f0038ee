/**
 * The hand-over of a server-rendered page's data to the browser's cache (docs/decisions/006): the
 * server writes the answers it rendered with into the page (a JSON script, which no CSP blocks:
 * it is data, never run), under the serialised SWR keys the page's hooks ask with. The browser
 * hydrates with them in SWR's cache, as they are: the hooks that hydrate with one do not ask the
 * proxy again on mounting (the server has just read it), and their state after hydration is the one
 * they hydrated with, so no hook re-renders the page once it has hydrated (issue 35: SWR's
 * revalidation on mount re-rendered the header, the footer and the page synchronously, 90-180 ms at
 * CPU x4). A read the page shows as failed goes into the cache as that failure, and is asked again.
 */
import { useRef, useState, useSyncExternalStore } from 'react';
import { unstable_serialize, type Cache, type Middleware } from 'swr';
import type { components } from './client.ts';
import { ApiError } from './client.ts';
import { adoptSession, type Session } from './get-session.ts';

export const PAGE_DATA_ID = 'page-data';

export type Failures = Record<string, { status: number; problem: components['schemas']['Problem'] }>;

export interface ServerData {
  data: Record<string, unknown>;
  failures: Failures;
}

type Entry = Record<string, unknown>;

/** SWR's note of a key's original (unserialised) form, which every hook writes into its entry on mounting. */
const KEY_NOTE = '_k';

/** `next` is `entry` with SWR's key note added or changed, and nothing else. */
function onlyNotesKey(entry: Entry, next: Entry): boolean {
  const names = Object.keys(next).filter((name) => name !== KEY_NOTE);
  return (
    names.every((name) => Object.is(entry[name], next[name])) &&
    Object.keys(entry).every((name) => name === KEY_NOTE || name in next)
  );
}

/**
 * SWR's cache for a page the browser hydrates. React hydrates each Suspense boundary (the page
 * itself, inside the shell's) in a pass of its own, after the passes before it have mounted; a hook
 * that mounts writes its key's note into the entry (a new object), and a hook of the same key in a
 * later pass then hydrates with the entry as it was and re-renders once it sees the new object
 * (issue 35: the renewal detail, 20-40 ms at CPU x4, for the session the header read first). So
 * a write that only notes the key goes into the entry itself; every other write replaces it.
 */
class HydrationCache extends Map<string, Entry> {
  override set(key: string, value: Entry): this {
    const entry = this.get(key);
    if (entry && value !== entry && onlyNotesKey(entry, value)) {
      entry[KEY_NOTE] = value[KEY_NOTE];
      return this;
    }
    return super.set(key, value);
  }
}

/**
 * A cache holding the page's answers and its failed reads as their errors (the server's render and
 * the hydration's first render agree).
 */
export function seededCache(failures: Failures, answers: Record<string, unknown> = {}): Cache {
  const cache = new HydrationCache();
  for (const [key, data] of Object.entries(answers)) cache.set(key, { data });
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
 * The answers the browser keeps as the server read them: all but those `reask` names, which the
 * browser asks for itself all the same (the renewal page reports an order left by an earlier
 * attempt). The session's CSRF token goes to the proxy client, as the session's own fetcher does.
 */
export function serverAnswers(
  data: Record<string, unknown>,
  reask: (key: string) => boolean = () => false,
): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  for (const [key, answer] of Object.entries(data)) {
    if (key.startsWith(`@${JSON.stringify('getSession')}`)) adoptSession(answer as Session);
    if (!reask(key)) kept[key] = answer;
  }
  return kept;
}

const subscribeToNothing = () => () => undefined;

/**
 * Whether this render hydrates server HTML: React reads a store's server snapshot then, and only
 * then. Both snapshots are the same object, so the answer changing after hydration is no change
 * of the store (which would re-render the component).
 */
function useHydrating(): boolean {
  const flag = useRef(false);
  return useSyncExternalStore(
    subscribeToNothing,
    () => ((flag.current = false), flag),
    () => ((flag.current = true), flag),
  ).current;
}

/**
 * SWR middleware: a hook that hydrates with one of the server's answers (`keys`, serialised) does
 * not revalidate on mounting, for that key. Mounted later, or under another key, it does as usual.
 */
export function hydratesWithAnswers(keys: ReadonlySet<string>): Middleware {
  return (useSWRNext) => (key, fetcher, config) => {
    const serialised = unstable_serialize(key);
    const hydrating = useHydrating();
    // Decided at the hook's first render; SWR reads revalidateOnMount only until its first revalidation.
    const [hydratedKey] = useState(() => (hydrating && keys.has(serialised) ? serialised : null));
    return useSWRNext(key, fetcher, serialised === hydratedKey ? { ...config, revalidateOnMount: false } : config);
  };
}
