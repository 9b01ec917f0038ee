// FAQ categories of every locale (storefront §9); the FAQ search refines by them.
import type { components } from '../generated/proxy/types.ts';

export type FaqCategory = components['schemas']['FaqCategory'];

/**
 * The contract's FaqCategory enum (openapi/proxy.yaml) as a list, written out rather than read from the
 * generated zFaqCategory.options: the FAQ page loads no Zod, and the schema would bring it the Zod chunk
 * (22 KB gzip). faq.test.ts holds the list to the contract's enum.
 */
export const FAQ_CATEGORIES = [
  'service-renewals',
  'my accounts - faq',
  'refunds / cancellations',
  'connected-services',
  'payment',
  'contact-us',
] as const satisfies readonly FaqCategory[];

export function isFaqCategory(value: unknown): value is FaqCategory {
  return typeof value === 'string' && (FAQ_CATEGORIES as readonly string[]).includes(value);
}
