import { useCallback, useState } from 'react';
import type { FieldErrors, FieldValues, Resolver, ResolverResult } from 'react-hook-form';
import { loadChunk } from './lazy.ts';

/** A form's resolver that loads on first use, and can be asked to load before that. */
export type LazyResolver<Input extends FieldValues, Output> = Resolver<Input, unknown, Output> & {
  /** Starts loading the resolver (a form calls it when a person first focuses one of its fields). */
  preload: () => void;
};

/**
 * A react-hook-form resolver whose schema, and Zod with it, load when the form first validates (or
 * is first focused), not with the page: evaluating Zod and building a form's schema was one of the
 * longest tasks of the checkout's hydration (about 19 ms of main-thread time on this machine, four
 * times that on Lighthouse's phone; issue 35), and a form validates only once a person sends it.
 * The module loads as a route chunk does (loadChunk: a failure or the 120 s timeout is a
 * ChunkLoadError); a failed load is tried again at the next validation.
 */
export function lazyResolver<Input extends FieldValues, Output = Input>(
  load: () => Promise<Resolver<Input, unknown, Output>>,
): LazyResolver<Input, Output> {
  let loading: Promise<Resolver<Input, unknown, Output>> | undefined;
  const loaded = () =>
    (loading ??= loadChunk(load).catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
  const resolver = async (...args: Parameters<Resolver<Input, unknown, Output>>) => (await loaded())(...args);
  return Object.assign(resolver, { preload: () => void loaded().catch(() => undefined) });
}

/**
 * The form's lazy resolver inside a page: when its module cannot be loaded (offline, or a page left
 * open across a deployment whose chunks are gone), the page's boundary shows the chunk-load failure
 * screen with "Retry Connection" (spec §8, components/layout/route-error.tsx), as for a page's own
 * chunk, rather than a send button that silently does nothing. The submission ends as invalid.
 */
export function useLazyResolver<Input extends FieldValues, Output>(
  resolver: LazyResolver<Input, Output>,
): Resolver<Input, unknown, Output> {
  const [, showFailure] = useState<undefined>();
  return useCallback(
    async (...args: Parameters<Resolver<Input, unknown, Output>>): Promise<ResolverResult<Input, Output>> => {
      try {
        return await resolver(...args);
      } catch (error) {
        // Thrown while rendering, where the page's error boundary takes it.
        showFailure(() => {
          throw error;
        });
        const errors = { root: { type: 'chunk', message: 'The form could not be loaded' } } as FieldErrors<Input>;
        return { values: {}, errors };
      }
    },
    [resolver],
  );
}
