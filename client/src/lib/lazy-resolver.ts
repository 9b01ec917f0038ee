import type { FieldValues, Resolver } from 'react-hook-form';

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
 * A failed load is tried again at the next validation.
 */
export function lazyResolver<Input extends FieldValues, Output = Input>(
  load: () => Promise<Resolver<Input, unknown, Output>>,
): LazyResolver<Input, Output> {
  let loading: Promise<Resolver<Input, unknown, Output>> | undefined;
  const loaded = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
  const resolver = async (...args: Parameters<Resolver<Input, unknown, Output>>) => (await loaded())(...args);
  return Object.assign(resolver, { preload: () => void loaded().catch(() => undefined) });
}
