// FAQ categories of every locale (storefront §9); the FAQ search refines by them.
export const FAQ_CATEGORIES = [
  'service-renewals',
  'my accounts - faq',
  'refunds / cancellations',
  'connected-services',
  'payment',
  'contact-us',
] as const;

export type FaqCategory = (typeof FAQ_CATEGORIES)[number];

export function isFaqCategory(value: unknown): value is FaqCategory {
  return typeof value === 'string' && (FAQ_CATEGORIES as readonly string[]).includes(value);
}
