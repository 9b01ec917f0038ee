/** The guest e-mail form's resolver (storefront §5 login step), loaded apart from the page (issue 35). */
import type { ResolverOptions } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { customerEmailResolver } from './customer-email-resolver.ts';

const options = { fields: {}, shouldUseNativeValidation: false } as ResolverOptions<{ email: string }>;

describe('the guest e-mail form', () => {
  it('when an address is checked, then the contract decides: a well-formed one passes, another is an error on email', async () => {
    expect(await customerEmailResolver({ email: 'ada@example.com' }, undefined, options)).toEqual({
      values: { email: 'ada@example.com' },
      errors: {},
    });
    const wrong = await customerEmailResolver({ email: 'not an address' }, undefined, options);
    expect(Object.keys(wrong.errors)).toEqual(['email']);
  });
});
