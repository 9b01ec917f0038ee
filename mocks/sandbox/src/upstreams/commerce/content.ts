/**
 * Seed content of the commerce platform: content assets (c_body), FAQ entries for the content
 * search, and the region custom preferences (custom objects) per market of the seed. These are the
 * English (default) texts; content-i18n/ holds the seven other languages, read per `locale`.
 */
import type { FaqCategory } from '../../../../../domain/faq.ts';
import { MARKETS } from '../../seed.ts';
import type { Schemas } from './errors.ts';
import { state } from './state.ts';

export interface Faq {
  id: string;
  question: string;
  answer: string;
  category: FaqCategory;
  enabled: boolean;
  topQuestionOrder: number;
}

const faq = (id: string, category: FaqCategory, topQuestionOrder: number, question: string, answer: string): Faq => ({
  id,
  question,
  answer,
  category,
  enabled: true,
  topQuestionOrder,
});

export const FAQS: Faq[] = [
  faq(
    'faq-renewal-when',
    'service-renewals',
    1,
    'When does my renewed plan start?',
    '<p>Your renewed plan starts the day your current plan ends, so you never lose a day of service.</p>',
  ),
  faq(
    'faq-renewal-early',
    'service-renewals',
    4,
    'Can I renew before my plan expires?',
    '<p>Yes. You can renew at any time; the new term is added to the end of your current plan.</p>',
  ),
  faq(
    'faq-renewal-expired',
    'service-renewals',
    7,
    'My plan has expired. Can I still renew?',
    '<p>Yes. Renewing an expired plan restarts the service from the day of purchase.</p>',
  ),
  faq(
    'faq-renewal-auto',
    'service-renewals',
    10,
    'How does auto-renewal work?',
    '<p>Where auto-renewal is offered, your saved card is charged at the end of each term. You can switch it off in <strong>My Subscriptions</strong> at any time.</p>',
  ),
  faq(
    'faq-account-create',
    'my accounts - faq',
    5,
    'How do I create an account?',
    '<p>Choose <strong>Log in</strong>, then <strong>Create account</strong>, and follow the steps. You need the email address linked to your vehicle.</p>',
  ),
  faq(
    'faq-account-email',
    'my accounts - faq',
    11,
    'How do I change my email address?',
    '<p>Open <strong>My Account</strong>, choose <strong>Edit profile</strong> and enter your new email address. We send a confirmation link to it.</p>',
  ),
  faq(
    'faq-account-password',
    'my accounts - faq',
    12,
    'I forgot my password. What should I do?',
    '<p>On the login page choose <strong>Forgot password</strong>; we email you a link to set a new one.</p>',
  ),
  faq(
    'faq-refund-how',
    'refunds / cancellations',
    2,
    'How do I request a refund?',
    '<p>Open <strong>My Subscriptions</strong>, choose <strong>Manage</strong> and then <strong>Request refund</strong>. Refunds are possible within the 14-day cooling-off period.</p>',
  ),
  faq(
    'faq-refund-time',
    'refunds / cancellations',
    8,
    'How long does a refund take?',
    '<p>Refunds reach your card or bank account within 5 to 10 working days.</p>',
  ),
  faq(
    'faq-cancel',
    'refunds / cancellations',
    13,
    'How do I cancel my subscription?',
    '<p>Switch off auto-renewal in <strong>My Subscriptions</strong>. Your service stays active until the end of the paid term.</p>',
  ),
  faq(
    'faq-cs-what',
    'connected-services',
    3,
    'What are connected services?',
    '<p>Connected services bring live traffic, online search, map updates and remote functions to your vehicle through its built-in connection.</p>',
  ),
  faq(
    'faq-cs-countries',
    'connected-services',
    9,
    'In which countries does Connected Navigation work?',
    '<p>Connected Navigation works in every country of your plan; see the list of countries on the product page.</p>',
  ),
  faq(
    'faq-cs-activate',
    'connected-services',
    14,
    'How long does activation take?',
    '<p>Services are usually active within a few minutes of purchase. Start your vehicle to receive the update.</p>',
  ),
  faq(
    'faq-payment-methods',
    'payment',
    6,
    'Which payment methods can I use?',
    '<p>We accept Visa, Mastercard and American Express, and in some countries iDEAL or Bancontact.</p>',
  ),
  faq(
    'faq-payment-card',
    'payment',
    15,
    'How do I change my saved card?',
    '<p>Open <strong>My Payment Method</strong> in your account and add a new card; it replaces the previous one.</p>',
  ),
  faq(
    'faq-payment-declined',
    'payment',
    16,
    'Why was my payment declined?',
    '<p>Your bank may have declined the payment. Check the card details and your card limit, or try another card.</p>',
  ),
  faq(
    'faq-contact-how',
    'contact-us',
    17,
    'How can I contact customer care?',
    '<p>Call us on 0800 000 0000, Monday to Friday 8am to 8pm, or use the contact form.</p>',
  ),
  faq(
    'faq-contact-hours',
    'contact-us',
    18,
    'When is customer care open?',
    '<p>Monday to Friday from 8am to 8pm and Saturday from 9am to 1pm, except public holidays.</p>',
  ),
  faq(
    'faq-contact-dealer',
    'contact-us',
    19,
    'Can my dealer help me?',
    '<p>Yes. Your dealer can help with vehicle questions; for subscriptions and payments please contact customer care.</p>',
  ),
];

export function faqAsset(entry: Faq): Schemas['ContentAsset'] {
  return {
    _type: 'content',
    id: entry.id,
    name: entry.question,
    c_body: entry.answer,
    c_category: entry.category,
    c_enabled: entry.enabled,
    c_topQuestionOrder: entry.topQuestionOrder,
  };
}

const RENEWAL_CATEGORIES: readonly FaqCategory[] = ['service-renewals', 'refunds / cancellations', 'payment'];

/** The FAQ_Renewals_Page asset's items: the entries of the renewal page's categories, each question as HTML. */
export function renewalFaqItems(faqs: readonly Faq[]): Array<{ question: string; category: string; answer: string }> {
  return faqs
    .filter((f) => RENEWAL_CATEGORIES.includes(f.category))
    .map((f) => ({ question: `<p>${f.question}</p>`, category: f.category, answer: f.answer }));
}

const year = '{year}';

export const CONTENT_ASSETS: Record<string, { name: string; body: string; description?: string }> = {
  FAQ_Renewals_Page: { name: 'Renewal FAQs', body: JSON.stringify(renewalFaqItems(FAQS)) },
  Countries_List: {
    name: 'Countries included',
    body: JSON.stringify([
      {
        countryPlan: 'Europe',
        countryList:
          'Austria,Belgium,Czech Republic,France,Germany,Italy,Luxembourg,Netherlands,Portugal,Slovakia,Spain,United Kingdom',
      },
      { countryPlan: 'North America', countryList: 'Canada,United States' },
    ]),
  },
  Footer_Links: {
    name: 'Footer links',
    body: '<ul class="footer-links"><li><a href="/terms-conditions">Terms &amp; conditions</a></li><li><a href="https://www.example.com/privacy">Privacy policy</a></li><li><a href="https://www.example.com/cookies">Cookie policy</a></li><li><a href="/faqs">FAQs</a></li><li><a href="https://www.example.com/contact">Contact us</a></li></ul>',
  },
  Footer_Copyright: {
    name: 'Footer copyright',
    description: `The shop fills ${year} with the current year.`,
    body: `<p>&copy; ${year} Aurora Automotive Ltd. All rights reserved.</p>`,
  },
  Need_any_Help: {
    name: 'Need any help?',
    body: '<h3>Need any help?</h3><p>Call us on 0800 000 0000, Monday to Friday 8am to 8pm.</p><p><a href="https://www.example.com/contact">Contact us</a> or read our <a href="/faqs">FAQs</a>.</p>',
  },
  Need_Help_Content: {
    name: 'Need help',
    body: '<h2>How can we help?</h2><p>Find answers about renewals, payments and your account in our FAQs, or talk to our customer care team on 0800 000 0000 (Monday to Friday, 8am to 8pm).</p>',
  },
  Terms_Conditions: {
    name: 'Terms and conditions of purchase',
    body: '<h2>1. Scope</h2><p>These terms apply to connected-vehicle services (over-the-air features and connected navigation) bought for one vehicle on this website.</p><h2>2. Contract and price</h2><p>The contract is made when we confirm your order. Prices include VAT where shown. A subscription runs for the plan you chose and, where auto-renewal is on, renews at its end until you cancel it in your account.</p><h2>3. Right of withdrawal</h2><p>You may withdraw within 14 days of the order and receive a refund of the price paid; request it under My subscriptions.</p><h2>4. Activation</h2><p>Some services need an update in the vehicle, downloaded the next time it is connected.</p><h2>5. Contact</h2><p>Customer care: 0800 000 0000, Monday to Friday 8am to 8pm.</p>',
  },
  // Vehicle pictures by model name, with a default; the sandbox puts its image host for {imageBase}.
  My_Services_Image: {
    name: 'My services image',
    body: JSON.stringify({
      default: '{imageBase}/images/my-services-default.jpg',
      'Aurora Sport Tourer': '{imageBase}/images/my-services-sport-tourer.jpg',
      'Aurora Hatchback': '{imageBase}/images/my-services-hatchback.jpg',
      'Aurora Estate': '{imageBase}/images/my-services-estate.jpg',
      'Aurora Berline': '{imageBase}/images/my-services-berline.jpg',
      'Aurora Kombi': '{imageBase}/images/my-services-kombi.jpg',
      'Aurora Sedan': '{imageBase}/images/my-services-sedan.jpg',
      'Borealis Crossover': '{imageBase}/images/my-services-crossover.jpg',
    }),
  },
};

/**
 * The regions' extra markets (storefront §5, §9 "Extra markets: Slovakia, Canada, USA"): a Slovak
 * vehicle renews in the Czech shop, and the North American shops take each other's vehicles.
 */
const EXTRA_MARKET_OF: Record<string, string> = { CZ: 'SK', US: 'CA', CA: 'US' };

/** The region custom preferences of a market (custom object `CustomPreferences`, keyed by country). */
export function customPreferences(country: string): Schemas['CustomObject'] | undefined {
  const market = MARKETS[country];
  if (!market) return undefined;
  return {
    _v: '24.5',
    _type: 'custom_object',
    object_type: 'CustomPreferences',
    key_property: 'countryCode',
    key_value_string: country,
    c_selectedVCSVersion: country === 'CZ' ? '11' : '12',
    c_hideAccountPage: false,
    c_hidePaymentMethodPage: market.extra && !['US', 'CA'].includes(country),
    c_showMyOverview: market.showMyOverview,
    c_showAutoRenewal: market.showAutoRenewal,
    ...{ c_billingMismatchControl: market.billingMismatchControl },
    // Luxembourg leaves the account's saving switched off (the flag unset): Add opens the modal (account §2).
    ...(country === 'LU' ? {} : { c_allowPaymentMethodSaving: true }),
    ...(EXTRA_MARKET_OF[country] ? { c_extraMarket: EXTRA_MARKET_OF[country] } : {}),
    ...state.preferenceOverrides.get(country),
  };
}
