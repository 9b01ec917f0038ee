import { describe, expect, it } from 'vitest';
import { zFaqCategory } from '../generated/proxy/zod-mini/zod.gen.ts';
import { FAQ_CATEGORIES, isFaqCategory } from './faq.ts';

describe('FAQ categories (storefront §9)', () => {
  it('when listed, then the six categories of every locale, spelled as the spec does', () => {
    expect(FAQ_CATEGORIES).toEqual([
      'service-renewals',
      'my accounts - faq',
      'refunds / cancellations',
      'connected-services',
      'payment',
      'contact-us',
    ]);
  });

  it("when compared with the contract's FaqCategory, then the list is its enum, in its order", () => {
    expect(FAQ_CATEGORIES).toEqual(zFaqCategory.options);
  });

  it.each([
    ['payment', true],
    ['Payment', false],
    ['help', false],
    [undefined, false],
  ])('%s is a category: %s', (value, expected) => {
    expect(isFaqCategory(value)).toBe(expected);
  });
});
