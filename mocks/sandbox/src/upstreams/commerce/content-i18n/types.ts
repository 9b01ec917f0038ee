/**
 * The shape of one language's content in the sandbox's content library: the content assets of
 * storefront §3 ("Content assets") and the FAQ entries, by id, as a localized content library holds
 * them per locale.
 */
export type TranslatedAssetId =
  'Countries_List' | 'Footer_Links' | 'Footer_Copyright' | 'Need_any_Help' | 'Need_Help_Content' | 'Terms_Conditions';

export type FaqId =
  | 'faq-renewal-when'
  | 'faq-renewal-early'
  | 'faq-renewal-expired'
  | 'faq-renewal-auto'
  | 'faq-account-create'
  | 'faq-account-email'
  | 'faq-account-password'
  | 'faq-refund-how'
  | 'faq-refund-time'
  | 'faq-cancel'
  | 'faq-cs-what'
  | 'faq-cs-countries'
  | 'faq-cs-activate'
  | 'faq-payment-methods'
  | 'faq-payment-card'
  | 'faq-payment-declined'
  | 'faq-contact-how'
  | 'faq-contact-hours'
  | 'faq-contact-dealer';

export interface ContentTranslation {
  /** Name of the FAQ_Renewals_Page asset (its body is built from the renewal FAQs). */
  renewalFaqsName: string;
  assets: Record<TranslatedAssetId, { name: string; body: string }>;
  /** Question (plain text) and answer (HTML) of each FAQ entry. */
  faqs: Record<FaqId, [question: string, answer: string]>;
}

/** The Countries_List body: the plan's name and its countries, comma separated, per plan. */
export function countriesBody(europe: [string, string], northAmerica: [string, string]): string {
  return JSON.stringify([
    { countryPlan: europe[0], countryList: europe[1] },
    { countryPlan: northAmerica[0], countryList: northAmerica[1] },
  ]);
}

/** The Footer_Links body with the five links' labels in one language. */
export function footerLinksBody(
  labels: [terms: string, privacy: string, cookies: string, faqs: string, contact: string],
): string {
  const [terms, privacy, cookies, faqs, contact] = labels;
  return `<ul class="footer-links"><li><a href="/terms-conditions">${terms}</a></li><li><a href="https://www.example.com/privacy">${privacy}</a></li><li><a href="https://www.example.com/cookies">${cookies}</a></li><li><a href="/faqs">${faqs}</a></li><li><a href="https://www.example.com/contact">${contact}</a></li></ul>`;
}
