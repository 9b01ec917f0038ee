/**
 * i18next with per-language message catalogues. English is bundled as the fallback; every other
 * language is a separate chunk loaded when its locale is first used. Missing keys fall back to
 * English and are otherwise ignored.
 */
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../locales/en.json' with { type: 'json' };
import { languageOf, type Language, type LocaleId } from './locales.ts';

const loaders: Record<Exclude<Language, 'en'>, () => Promise<{ default: Record<string, unknown> }>> = {
  fr: () => import('../locales/fr.json'),
  de: () => import('../locales/de.json'),
  it: () => import('../locales/it.json'),
  es: () => import('../locales/es.json'),
  pt: () => import('../locales/pt.json'),
  nl: () => import('../locales/nl.json'),
  cs: () => import('../locales/cs.json'),
};

/** A language's catalogue (English is in the bundle; the others are chunks of their own). */
export async function loadCatalogue(language: Language): Promise<Record<string, unknown>> {
  return language === 'en' ? en : (await loaders[language]()).default;
}

/**
 * An i18next instance in `language`, English the fallback, initialised synchronously: the
 * browser's (below) and one per server render (entry-server.tsx), which must render the same words.
 */
export function createI18n(language: Language, own?: Record<string, unknown>): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: language,
    fallbackLng: 'en',
    resources: { en: { translation: en }, ...(own && language !== 'en' ? { [language]: { translation: own } } : {}) },
    interpolation: { escapeValue: false },
    returnNull: false,
    saveMissing: false,
    initAsync: false,
    react: { useSuspense: false },
  });
  return instance;
}

export const i18n: I18n = createI18n('en');

let latestRequest = 0;

/** Loads the locale's catalogue when needed and switches to it; a later call wins over a slower earlier one. */
export async function setLocale(locale: LocaleId): Promise<void> {
  const request = ++latestRequest;
  const language = languageOf(locale);
  if (language !== 'en' && !i18n.hasResourceBundle(language, 'translation')) {
    const catalogue = await loaders[language]();
    i18n.addResourceBundle(language, 'translation', catalogue.default, true, true);
  }
  if (request !== latestRequest) return;
  if (i18n.language !== language) await i18n.changeLanguage(language);
  if (typeof document !== 'undefined') document.documentElement.lang = locale === 'en-XB' ? 'en' : locale;
}
