/**
 * The shop's catalogues (lib/translator.ts), one per language, English the fallback. Each comes in
 * two parts (client/catalogue-parts.ts): the core, which the renewal page and the shell say, and the
 * rest. English's core is in the first route's bundle; every other part is a chunk of its own, loaded
 * when its locale is first used, and the rest before any page but the renewal page renders.
 */
import enCore from '../../../catalogues/en.json?part=core';
import { htmlLang } from '../../../domain/locales.ts';
import { languageOf, PSEUDO_LOCALE, type Language, type LocaleId } from './locales.ts';
import { mergeCatalogues, Translator, type Catalogue } from './translator.ts';

export type { TFunction } from './translator.ts';

type Part = 'core' | 'rest';

const parts: Record<Part, Record<string, () => Promise<Catalogue>>> = {
  core: import.meta.glob<Catalogue>('../../../catalogues/*.json', { query: '?part=core', import: 'default' }),
  rest: import.meta.glob<Catalogue>('../../../catalogues/*.json', { query: '?part=rest', import: 'default' }),
};

/** en-XB's parts: English's, pseudo-localised at build time (client/pseudo-locale.ts), chunks of their own. */
const pseudoParts: Record<Part, () => Promise<Catalogue>> = {
  core: () => import('../../../catalogues/en.json?part=core&pseudo').then((m) => m.default),
  rest: () => import('../../../catalogues/en.json?part=rest&pseudo').then((m) => m.default),
};

function loadPart(language: Language, part: Part): Promise<Catalogue> {
  if (language === 'en' && part === 'core') return Promise.resolve(enCore);
  const load = language === PSEUDO_LOCALE ? pseudoParts[part] : parts[part][`../../../catalogues/${language}.json`];
  if (!load) throw new Error(`No ${part} catalogue for ${language}`);
  return load();
}

/** A language's whole catalogue (the server renders with it). */
export async function loadCatalogue(language: Language): Promise<Catalogue> {
  const [core, rest] = await Promise.all([loadPart(language, 'core'), loadPart(language, 'rest')]);
  return mergeCatalogues(core, rest);
}

/** The browser's translator. */
export const i18n = new Translator('en', { en: enCore });

const pending = new Map<string, Promise<void>>([['en:core', Promise.resolve()]]);

/** Loads a part of a language's catalogue into the browser's translator, once. */
function ensurePart(language: Language, part: Part): Promise<void> {
  const id = `${language}:${part}`;
  let loading = pending.get(id);
  if (!loading) {
    loading = loadPart(language, part).then(
      (catalogue) => i18n.add(language, catalogue),
      (error: unknown) => {
        pending.delete(id);
        throw error;
      },
    );
    pending.set(id, loading);
  }
  return loading;
}

let latestRequest = 0;
let targetLanguage: Language = 'en';

/**
 * Loads the locale's catalogue when needed and switches to it; a later call wins over a slower
 * earlier one. `core` loads the core part only: the first view of the renewal page (boot.tsx).
 */
export async function setLocale(locale: LocaleId, part: 'core' | 'whole' = 'whole'): Promise<void> {
  const request = ++latestRequest;
  const language = (targetLanguage = languageOf(locale));
  await Promise.all([ensurePart(language, 'core'), part === 'whole' ? ensurePart(language, 'rest') : undefined]);
  if (request !== latestRequest) return;
  i18n.setLanguage(language);
  if (typeof document !== 'undefined') document.documentElement.lang = htmlLang(locale);
}

/** Resolves once the whole catalogue of the language being shown is loaded: pages wait for it (lib/lazy.ts). */
export async function wholeCatalogue(): Promise<void> {
  await Promise.all([ensurePart(targetLanguage, 'core'), ensurePart(targetLanguage, 'rest')]);
}
