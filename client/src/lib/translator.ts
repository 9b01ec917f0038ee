/**
 * The shop's translator: message catalogues by language, English the fallback. It reads the
 * catalogue format the locales have always used (i18next's v4 JSON): nested keys joined by dots,
 * `{{name}}` placeholders (values inserted as they are: React escapes what it renders), and plural
 * forms as `key_one`, `key_other` (`_zero` for a count of 0 where a catalogue has it, `_two`,
 * `_few`, `_many`) chosen by `Intl.PluralRules` of the language. A key missing in the language falls
 * back to English, then to the key itself.
 *
 * Why not i18next: the shop uses this subset only, and i18next with react-i18next was 17 KB (gzip)
 * of a first route whose budget is 100 KB (issue 12, docs/decisions/006).
 */
import type { Language } from './locales.ts';

export interface Catalogue {
  [key: string]: string | Catalogue;
}

export type TOptions = { count?: number } & Record<string, unknown>;
export type TFunction = (key: string, options?: TOptions) => string;

const FALLBACK: Language = 'en';
const PLACEHOLDER = /\{\{\s*([\w.]+)\s*\}\}/g;

/**
 * The messages found in each frozen catalogue, by key: the server's catalogues are frozen once per
 * language and every render asks them for the same few hundred keys (issue 35). At most KEYS_KEPT
 * keys per catalogue; beyond them a key is looked up each time.
 */
const found = new WeakMap<Catalogue, Map<string, string | undefined>>();
const KEYS_KEPT = 5000;

function lookup(catalogue: Catalogue | undefined, key: string): string | undefined {
  if (catalogue === undefined || !Object.isFrozen(catalogue)) return walk(catalogue, key);
  let keys = found.get(catalogue);
  if (!keys) found.set(catalogue, (keys = new Map()));
  if (keys.has(key)) return keys.get(key);
  const message = walk(catalogue, key);
  if (keys.size < KEYS_KEPT) keys.set(key, message);
  return message;
}

function walk(catalogue: Catalogue | undefined, key: string): string | undefined {
  let node: string | Catalogue | undefined = catalogue;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** `from`'s messages added to `into`'s (a copy), namespace by namespace. */
export function mergeCatalogues(into: Catalogue, from: Catalogue): Catalogue {
  const out: Catalogue = { ...into };
  for (const [key, value] of Object.entries(from)) {
    const existing = out[key];
    out[key] = typeof value === 'object' && typeof existing === 'object' ? mergeCatalogues(existing, value) : value;
  }
  return out;
}

/** Whether `from` holds a message at a key `into` has already. */
function overlaps(into: Catalogue, from: Catalogue): boolean {
  for (const [key, value] of Object.entries(from)) {
    const existing = into[key];
    if (existing === undefined) continue;
    if (typeof value !== 'object' || typeof existing !== 'object' || overlaps(existing, value)) return true;
  }
  return false;
}

const pluralRules = new Map<Language, Intl.PluralRules>();
function pluralRule(language: Language): Intl.PluralRules {
  let rules = pluralRules.get(language);
  if (!rules) pluralRules.set(language, (rules = new Intl.PluralRules(language)));
  return rules;
}

export class Translator {
  #language: Language;
  readonly #catalogues = new Map<Language, Catalogue>();
  readonly #listeners = new Set<() => void>();
  /** Called with each key no catalogue has (tests fail on them). */
  onMissing?: (key: string, language: Language) => void;
  /** The current language's translate function: a new one after every change, so memoised text recomputes. */
  t: TFunction;

  constructor(language: Language, catalogues: Partial<Record<Language, Catalogue>> = {}) {
    this.#language = language;
    for (const [lang, catalogue] of Object.entries(catalogues)) this.#catalogues.set(lang as Language, catalogue);
    this.t = this.#bind();
  }

  get language(): Language {
    return this.#language;
  }

  /**
   * Adds messages to a language's catalogue (a part loaded later merges into what is there). What is
   * on the screen changes only when a message it asked for was missing, or one it may show is
   * replaced: otherwise the listeners are not told (issue 35: the rest of the catalogue, loaded once
   * a page has hydrated, re-rendered every translated component at once, one long task).
   */
  add(language: Language, catalogue: Catalogue): void {
    const existing = this.#catalogues.get(language);
    this.#catalogues.set(language, existing ? mergeCatalogues(existing, catalogue) : catalogue);
    if (this.#missed || (existing !== undefined && overlaps(existing, catalogue))) this.#changed();
  }

  has(language: Language): boolean {
    return this.#catalogues.has(language);
  }

  setLanguage(language: Language): void {
    if (language === this.#language) return;
    this.#language = language;
    this.#changed();
  }

  /** For useSyncExternalStore: called after every change of language or catalogue. */
  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  /** A message asked for since the last change was not in the language's catalogue. */
  #missed = false;

  #changed() {
    this.#missed = false;
    this.t = this.#bind();
    for (const listener of this.#listeners) listener();
  }

  #bind(): TFunction {
    const language = this.#language;
    const languages = language === FALLBACK ? [language] : [language, FALLBACK];
    return (key, options) => {
      for (const lang of languages) {
        const message = this.#resolve(lang, key, options?.count);
        if (message !== undefined) return interpolate(message, options);
        this.#missed = true;
      }
      this.onMissing?.(key, language);
      return key;
    };
  }

  #resolve(language: Language, key: string, count: number | undefined): string | undefined {
    const catalogue = this.#catalogues.get(language);
    if (typeof count === 'number') {
      const forms = count === 0 ? ['zero', pluralRule(language).select(count)] : [pluralRule(language).select(count)];
      for (const form of forms) {
        const message = lookup(catalogue, `${key}_${form}`);
        if (message !== undefined) return message;
      }
    }
    return lookup(catalogue, key);
  }
}

function interpolate(message: string, options: TOptions | undefined): string {
  if (!options || !message.includes('{{')) return message;
  return message.replace(PLACEHOLDER, (whole, name: string) => {
    const value = name
      .split('.')
      .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], options);
    return value === undefined || value === null ? whole : String(value);
  });
}
