import { describe, expect, it } from 'vitest';
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

  it.each([
    ['payment', true],
    ['Payment', false],
    ['help', false],
    [undefined, false],
  ])('%s is a category: %s', (value, expected) => {
    expect(isFaqCategory(value)).toBe(expected);
  });
});
