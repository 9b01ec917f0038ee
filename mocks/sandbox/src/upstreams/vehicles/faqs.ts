/**
 * Top renewal FAQs of the vehicle services' content call, per language of the market. The
 * auto-renewal variant (autoRenew=true, for markets that show auto-renewal) adds the auto-renewal
 * questions. Every market has its language's list (SK, whose locale is the en-XB pseudo-locale,
 * reads English); a market the sandbox does not sell in gets an empty list.
 */
import type { components } from '../../../../../generated/vehicles/types.ts';
import { FAQ_TRANSLATIONS } from './faqs-translations.ts';

type FaqItem = components['schemas']['FaqItem'];

interface SeedFaq extends FaqItem {
  /** Shown only in the auto-renewal variant. */
  autoRenewOnly?: boolean;
  /** Left out of the auto-renewal variant (replaced there by an auto-renewal answer). */
  noAutoRenewOnly?: boolean;
}

type Language = 'en' | 'fr' | 'de' | keyof typeof FAQ_TRANSLATIONS;

const LANGUAGE_OF_MARKET: Record<string, Language> = {
  GB: 'en',
  US: 'en',
  CA: 'en',
  SK: 'en',
  FR: 'fr',
  BE: 'fr',
  LU: 'fr',
  DE: 'de',
  AT: 'de',
  NL: 'nl',
  IT: 'it',
  ES: 'es',
  PT: 'pt',
  CZ: 'cs',
};

const SEED_FAQS: Record<'en' | 'fr' | 'de', SeedFaq[]> = {
  en: [
    {
      question: '<p>How do I renew my Connected Navigation?</p>',
      category: 'service-renewals',
      answer: '<p>Choose a plan on the renewal page and pay with your saved card or a new one.</p>',
    },
    {
      question: '<p>What happens when auto-renewal is on?</p>',
      category: 'service-renewals',
      answer: '<p>Your plan renews on its expiry date and the renewal fee is charged to your saved card.</p>',
      autoRenewOnly: true,
    },
    {
      question: '<p>How do I turn auto-renewal off?</p>',
      category: 'my accounts - faq',
      answer: '<p>Open My Subscriptions, choose Manage on the service and turn auto-renewal off.</p>',
      autoRenewOnly: true,
    },
    {
      question: '<p>When will my renewed service be active?</p>',
      category: 'connected-services',
      answer: '<p>The renewal is sent to your vehicle; follow the instructions on its screen to install it.</p>',
    },
    {
      question: '<p>Can I get a refund?</p>',
      category: 'refunds / cancellations',
      answer: '<p>Yes, within the cooling-off period shown in My Subscriptions.</p>',
    },
    {
      question: '<p>Which payment methods can I use?</p>',
      category: 'payment',
      answer: '<p>Visa and Mastercard credit and debit cards.</p>',
      noAutoRenewOnly: true,
    },
    {
      question: '<p>How can I contact you?</p>',
      category: 'contact-us',
      answer: '<p>Use the contact form on the Help &amp; Support page.</p>',
    },
  ],
  fr: [
    {
      question: '<p>Comment renouveler mon service de navigation connectée ?</p>',
      category: 'service-renewals',
      answer: '<p>Choisissez une formule sur la page de renouvellement et payez par carte.</p>',
    },
    {
      question: '<p>Quels moyens de paiement sont acceptés ?</p>',
      category: 'payment',
      answer: '<p>Les cartes Visa et Mastercard.</p>',
    },
    {
      question: '<p>Puis-je être remboursé ?</p>',
      category: 'refunds / cancellations',
      answer: '<p>Oui, pendant le délai de rétractation indiqué dans Mes abonnements.</p>',
    },
  ],
  de: [
    {
      question: '<p>Wie verlängere ich meine Vernetzte Navigation?</p>',
      category: 'service-renewals',
      answer: '<p>Wählen Sie auf der Verlängerungsseite einen Tarif und bezahlen Sie mit Karte.</p>',
    },
    {
      question: '<p>Was passiert bei aktivierter automatischer Verlängerung?</p>',
      category: 'service-renewals',
      answer: '<p>Ihr Tarif verlängert sich zum Ablaufdatum; die Gebühr wird Ihrer gespeicherten Karte belastet.</p>',
      autoRenewOnly: true,
    },
    {
      question: '<p>Kann ich eine Erstattung erhalten?</p>',
      category: 'refunds / cancellations',
      answer: '<p>Ja, innerhalb der Widerrufsfrist, die unter Meine Abonnements angezeigt wird.</p>',
    },
  ],
};

/** A translated list: the English list's categories and flags with the language's words. */
function translated(language: keyof typeof FAQ_TRANSLATIONS): SeedFaq[] {
  return SEED_FAQS.en.map((english, i) => {
    const [question, answer] = FAQ_TRANSLATIONS[language][i]!;
    return { ...english, question: `<p>${question}</p>`, answer: `<p>${answer}</p>` };
  });
}

const FAQS: Record<Language, SeedFaq[]> = {
  ...SEED_FAQS,
  it: translated('it'),
  es: translated('es'),
  pt: translated('pt'),
  cs: translated('cs'),
  nl: translated('nl'),
};

export function topRenewalFaqs(market: string, autoRenew: boolean): FaqItem[] {
  const language = LANGUAGE_OF_MARKET[market];
  if (!language) return [];
  return FAQS[language]
    .filter((faq) => (autoRenew ? !faq.noAutoRenewOnly : !faq.autoRenewOnly))
    .map(({ question, category, answer }) => ({ question, category, answer }));
}
