/**
 * The sandbox's content library per language, read with the platform's locale fallback: a locale
 * (`fr-BE`, `fr_BE`) falls back to its language (`fr`), then to the site's default (English), as
 * the commerce platform's localized attributes do. The English texts are content.ts's.
 */
import { CONTENT_ASSETS, FAQS, renewalFaqItems, type Faq } from '../content.ts';
import { CS } from './cs.ts';
import { DE } from './de.ts';
import { ES } from './es.ts';
import { FR } from './fr.ts';
import { IT } from './it.ts';
import { NL } from './nl.ts';
import { PT } from './pt.ts';
import type { ContentTranslation, FaqId } from './types.ts';

/** The eight languages of the shop's catalogues (catalogues/). */
export const CONTENT_LANGUAGES = ['en', 'de', 'fr', 'es', 'it', 'nl', 'pt', 'cs'] as const;
export type ContentLanguage = (typeof CONTENT_LANGUAGES)[number];

const TRANSLATIONS: Record<Exclude<ContentLanguage, 'en'>, ContentTranslation> = {
  de: DE,
  fr: FR,
  es: ES,
  it: IT,
  nl: NL,
  pt: PT,
  cs: CS,
};

/** The language a locale reads: itself, its language, else the default (English). */
export function contentLanguage(locale: string | undefined): ContentLanguage {
  const language = (locale ?? '').split(/[-_]/)[0]!.toLowerCase();
  return (CONTENT_LANGUAGES as readonly string[]).includes(language) ? (language as ContentLanguage) : 'en';
}

/** The FAQ entries in the locale's language (same ids, categories and order as the English ones). */
export function localizedFaqs(locale: string | undefined): Faq[] {
  const language = contentLanguage(locale);
  if (language === 'en') return FAQS;
  const texts = TRANSLATIONS[language].faqs;
  return FAQS.map((entry) => {
    const [question, answer] = texts[entry.id as FaqId];
    return { ...entry, question, answer };
  });
}

/** A content asset in the locale's language, or undefined when the library has no asset with that id. */
export function localizedAsset(
  id: string,
  locale: string | undefined,
): { name: string; body: string; description?: string } | undefined {
  const english = CONTENT_ASSETS[id];
  if (!english) return undefined;
  const language = contentLanguage(locale);
  if (language === 'en') return english;
  const translation = TRANSLATIONS[language];
  if (id === 'FAQ_Renewals_Page') {
    return { name: translation.renewalFaqsName, body: JSON.stringify(renewalFaqItems(localizedFaqs(locale))) };
  }
  const localized = translation.assets[id as keyof ContentTranslation['assets']];
  // Assets without words (image links) are the same in every language.
  return localized ? { ...english, ...localized } : english;
}
