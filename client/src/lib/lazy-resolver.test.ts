/** A form's resolver loaded on first use (issue 35: Zod out of the checkout's hydration). */
import type { Resolver, ResolverOptions, ResolverResult } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { ChunkLoadError } from './lazy.ts';
import { lazyResolver } from './lazy-resolver.ts';

type Form = { email: string };
const options = { fields: {}, shouldUseNativeValidation: false } as ResolverOptions<Form>;
/** A resolver that wants an @ in the address. */
const emailResolver: Resolver<Form> = (values): ResolverResult<Form> =>
  values.email.includes('@')
    ? { values, errors: {} }
    : { values: {}, errors: { email: { type: 'pattern', message: 'emailInvalid' } } };

describe('lazyResolver', () => {
  it('when the form validates, then the resolver loads once and answers each validation', async () => {
    const load = vi.fn(async () => emailResolver);
    const resolver = lazyResolver<Form>(load);
    expect(load).not.toHaveBeenCalled();
    const wrong = await resolver({ email: 'not an address' }, undefined, options);
    const right = await resolver({ email: 'ada@example.com' }, undefined, options);
    expect(wrong.errors).toEqual({ email: { type: 'pattern', message: 'emailInvalid' } });
    expect(right).toEqual({ values: { email: 'ada@example.com' }, errors: {} });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('when the form is focused first, then preload starts the one load the validation then uses', async () => {
    const load = vi.fn(async () => emailResolver);
    const resolver = lazyResolver<Form>(load);
    resolver.preload();
    resolver.preload();
    expect(load).toHaveBeenCalledTimes(1);
    await resolver({ email: 'ada@example.com' }, undefined, options);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('when the load fails (offline), then that validation fails and the next one loads again', async () => {
    const load = vi
      .fn<() => Promise<Resolver<Form>>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue(emailResolver);
    const resolver = lazyResolver<Form>(load);
    resolver.preload();
    // A route chunk's failure (lib/lazy.ts), which the page's boundary shows as such (useLazyResolver).
    await expect(resolver({ email: 'ada@example.com' }, undefined, options)).rejects.toBeInstanceOf(ChunkLoadError);
    await expect(resolver({ email: 'ada@example.com' }, undefined, options)).resolves.toMatchObject({ errors: {} });
    expect(load).toHaveBeenCalledTimes(2);
  });
});
