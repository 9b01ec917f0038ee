import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { HELP_TEXTS } from '../domain/order-item.ts';
import { SHORT_STATUS_LABELS, STATUS_LABELS } from '../domain/order-status.ts';
import { LANGUAGES } from '../domain/locales.ts';

const dir = path.dirname(fileURLToPath(import.meta.url));
const load = (language: string) =>
  JSON.parse(readFileSync(path.join(dir, `${language}.json`), 'utf8')) as Record<string, unknown>;

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keys(child, prefix ? `${prefix}.${key}` : key));
}

/** Plural forms differ by language (Czech has few and many); a key counts once whatever its forms. */
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;
const baseKeys = (value: unknown) => [...new Set(keys(value).map((key) => key.replace(PLURAL_SUFFIX, '')))].sort();

const english = load('en');
const englishKeys = baseKeys(english);

describe('message catalogues', () => {
  it('when the catalogues are listed, then there is one per supported language', () => {
    const files = readdirSync(dir)
      .filter((file) => file.endsWith('.json'))
      .map((file) => file.replace('.json', ''))
      .sort();
    expect(files).toEqual([...LANGUAGES].sort());
  });

  for (const language of LANGUAGES.filter((l) => l !== 'en')) {
    it(`when ${language} is compared with English, then it has exactly the same keys`, () => {
      const languageKeys = baseKeys(load(language));
      expect(
        englishKeys.filter((key) => !languageKeys.includes(key)),
        'missing in ' + language,
      ).toEqual([]);
      expect(
        languageKeys.filter((key) => !englishKeys.includes(key)),
        'extra in ' + language,
      ).toEqual([]);
    });

    it(`when ${language} is compared with English, then its texts are translated, not copied`, () => {
      const catalogue = load(language);
      const get = (key: string) =>
        key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], catalogue);
      const englishGet = (key: string) =>
        key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], english);
      const copied = englishKeys.filter((key) => get(key) === englishGet(key));
      // Brand names, "VIN", "Model" and a few international words legitimately stay the same.
      expect(copied.length / englishKeys.length).toBeLessThan(0.15);
    });

    it(`when ${language} uses placeholders, then they match English`, () => {
      const catalogue = load(language);
      const placeholders = (text: unknown) =>
        String(text)
          .match(/\{\{\w+\}\}/g)
          ?.sort() ?? [];
      for (const key of englishKeys) {
        const value = key
          .split('.')
          .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], catalogue);
        const source = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], english);
        expect(placeholders(value), key).toEqual(placeholders(source));
      }
    });
  }
});

describe('the account status vocabulary (account §4, docs/decisions/007)', () => {
  it('when English is read, then it holds the words of every display label, short label and help text of the domain', () => {
    const account = english.account as {
      status: Record<string, string>;
      statusShort: Record<string, string>;
      help: Record<string, string>;
      helpLink: Record<string, string>;
    };
    expect(account.status).toEqual(STATUS_LABELS);
    expect(account.statusShort).toEqual(SHORT_STATUS_LABELS);
    expect(account.help).toEqual(
      Object.fromEntries(Object.entries(HELP_TEXTS).map(([kind, { text }]) => [kind, text])),
    );
    expect(account.helpLink).toEqual(
      Object.fromEntries(Object.entries(HELP_TEXTS).flatMap(([kind, { link }]) => (link ? [[kind, link]] : []))),
    );
  });
});
