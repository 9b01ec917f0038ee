/**
 * The shop's catalogues (lib/translator.ts), one per language, English the fallback. English is
 * bundled; every other language is a separate chunk loaded when its locale is first used.
 */
import en from '../locales/en.json' with { type: 'json' };
import { languageOf, type Language, type LocaleId } from './locales.ts';
import { Translator, type Catalogue } from './translator.ts';

export type { TFunction } from './translator.ts';

const loaders: Record<Exclude<Language, 'en'>, () => Promise<{ default: Catalogue }>> = {
  fr: () => import('../locales/fr.json'),
  de: () => import('../locales/de.json'),
  it: () => import('../locales/it.json'),
  es: () => import('../locales/es.json'),
  pt: () => import('../locales/pt.json'),
  nl: () => import('../locales/nl.json'),
  cs: () => import('../locales/cs.json'),
};

/** A language's catalogue (English is in the bundle; the others are chunks of their own). */
export async function loadCatalogue(language: Language): Promise<Catalogue> {
  return language === 'en' ? en : (await loaders[language]()).default;
}

/**
 * A translator in `language`, English the fallback: the browser's (below) and one per server
 * render (entry-server.tsx), which must render the same words.
 */
export function createI18n(language: Language, own?: Catalogue): Translator {
  return new Translator(language, { en, ...(own && language !== 'en' ? { [language]: own } : {}) });
}

export const i18n: Translator = createI18n('en');

let latestRequest = 0;

/** Loads the locale's catalogue when needed and switches to it; a later call wins over a slower earlier one. */
export async function setLocale(locale: LocaleId): Promise<void> {
  const request = ++latestRequest;
  const language = languageOf(locale);
  if (language !== 'en' && !i18n.has(language)) i18n.add(language, await loadCatalogue(language));
  if (request !== latestRequest) return;
  i18n.setLanguage(language);
  if (typeof document !== 'undefined') document.documentElement.lang = locale === 'en-XB' ? 'en' : locale;
}
