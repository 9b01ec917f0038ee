import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { components } from '../../../../generated/proxy/types.ts';
import { AppError } from '../../errors.ts';
import type { OpenOperation } from '../../http/operation.ts';
import { isLocale } from '../../../../domain/locales.ts';

/** The client's message catalogues, one per language (storefront §9; DESIGN.md conventions). */
const LOCALES_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../catalogues');
const FALLBACK_LANGUAGE = 'en';

type Catalogue = { [key: string]: string | Catalogue };

/** Nested catalogue → flat `a.b.c` keys, as the contract's Translations schema has them. */
export function flatten(catalogue: Catalogue, prefix = ''): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [key, value] of Object.entries(catalogue)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') flat[name] = value;
    else Object.assign(flat, flatten(value, name));
  }
  return flat;
}

const cache = new Map<string, Promise<Record<string, string> | undefined>>();

function catalogue(language: string): Promise<Record<string, string> | undefined> {
  let entry = cache.get(language);
  if (!entry) {
    entry = readFile(path.join(LOCALES_DIR, `${language}.json`), 'utf8').then(
      (text) => flatten(JSON.parse(text) as Catalogue),
      () => undefined,
    );
    cache.set(language, entry);
  }
  return entry;
}

/** A supported locale's messages, English filling any key its language lacks; undefined without catalogues. */
export async function messagesFor(locale: string): Promise<Record<string, string> | undefined> {
  const [fallback, messages] = await Promise.all([catalogue(FALLBACK_LANGUAGE), catalogue(locale.slice(0, 2))]);
  return fallback ? { ...fallback, ...(messages ?? {}) } : undefined;
}

/**
 * GET /api/translations/{locale}: the locale's messages, English filling any key the language
 * lacks (missing translations are ignored, storefront §8). Unsupported locales are 404.
 */
export const getTranslations = {
  access: 'anyone',
  cache: 'public, max-age=300',
  run: async (_ctx, { path }) => {
    if (!isLocale(path.locale)) {
      throw new AppError(404, 'locale-not-found', 'Locale not found', `The locale ${path.locale} is not supported.`);
    }
    const messages = await messagesFor(path.locale);
    if (!messages)
      throw new AppError(404, 'locale-not-found', 'Locale not found', 'No message catalogue is installed.');
    const body: components['schemas']['Translations'] = messages;
    return body;
  },
} satisfies OpenOperation<'getTranslations'>;
