/**
 * The hook behind every mutation's file: call the operation, then apply its row of the cache table
 * (lib/api/cache.ts). The table loads with the first mutation rather than with the page: no page
 * needs it to show, so a page's first JavaScript carries only this file (issue 4's figure).
 */
import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import type { Answer, Mutation } from './cache.ts';

/** Applies a mutation's row of the cache table, bound to this tree's SWR cache (tests give each render its own). */
export function useCacheRow() {
  const { mutate } = useSWRConfig();
  return useCallback(
    <M extends Mutation>(operation: M, answer?: Answer<M>): Promise<unknown> =>
      import('./cache.ts').then(
        ({ applyCacheRow }) => applyCacheRow(mutate, operation, answer),
        // The table could not load (offline): every read on screen is asked again instead.
        () => mutate(() => true),
      ),
    [mutate],
  );
}

/**
 * A mutation's hook: the returned function calls the operation, then applies its cache row. It
 * resolves after the reads asked again have answered, or at once with `background` (the caller
 * moves on to a page that reads its own data).
 */
export function useMutation<M extends Mutation, Args extends unknown[]>(
  operation: M,
  call: (...args: Args) => Promise<Answer<M>>,
  { background = false }: { background?: boolean } = {},
) {
  const applyRow = useCacheRow();
  return useCallback(
    (...args: Args): Promise<Answer<M>> =>
      call(...args).then(async (answer) => {
        const applied = applyRow(operation, answer);
        if (!background) await applied;
        // Nobody waits on a row applied in the background: one that fails (its tree's cache gone, as
        // when a test's page is unmounted first) must not become an unhandled rejection. SWR asks the
        // reads again when a page shows them next.
        else applied.catch(() => undefined);
        return answer;
      }),
    [applyRow, operation, call, background],
  );
}
