/**
 * The en-XB pseudo-locale (storefront §9 "an en-XB pseudo-locale"; issue 14: accented, lengthened
 * strings that reveal untranslated text and overflow, not a copy of English).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cataloguePart } from './catalogue-parts.ts';
import { pseudoCatalogue, pseudoLocalise, PSEUDO_END, PSEUDO_START } from './pseudo-locale.ts';

type Catalogue = { [key: string]: string | Catalogue };
const english = JSON.parse(readFileSync(path.resolve(process.cwd(), 'catalogues/en.json'), 'utf8')) as Catalogue;

function entries(catalogue: Catalogue, prefix = ''): Array<[string, string]> {
  return Object.entries(catalogue).flatMap(([key, value]) =>
    typeof value === 'string' ? [[`${prefix}${key}`, value] as [string, string]] : entries(value, `${prefix}${key}.`),
  );
}

const placeholders = (text: string) => text.match(/\{\{[^}]*\}\}|\$t\([^)]*\)|<[^>]+>|&#?\w+;/g) ?? [];

describe('pseudoLocalise', () => {
  it('when a text is pseudo-localised, then its letters are accented and it is bracketed', () => {
    expect(pseudoLocalise('Your card was declined.')).toBe('[Ýöûŕ çáŕð ŵáš ðéçļîñéð. ~~~~~~~]');
  });

  it.each([
    ['Pay {{total}}', '{{total}}'],
    ['Hello, {{ name }}', '{{ name }}'],
    ['© {{year}} {{brand}}. All rights reserved.', '{{year}}'],
    ['See $t(footer.terms) first', '$t(footer.terms)'],
    ['Read the <b>terms</b> &amp; conditions', '<b>'],
  ])('when the text is "%s", then %s and every other placeholder or tag stays intact', (text, kept) => {
    const pseudo = pseudoLocalise(text);
    expect(pseudo).toContain(kept);
    expect(placeholders(pseudo)).toEqual(placeholders(text));
  });

  it('when the text is an ICU plural, then its argument, type and selectors stay and only the sub-messages change', () => {
    expect(pseudoLocalise('{count, plural, one {# day} other {# days}} left')).toBe(
      '[{count, plural, one {# ðáý} other {# ðáýš}} ļéƒţ ~~~~]',
    );
    expect(pseudoLocalise('Hello {name}')).toBe('[Ĥéļļö {name} ~~]');
  });

  it('when a text is long, then the pseudo text is 30 to 50 % longer', () => {
    const text = 'We are unable to complete transactions for the region of your billing address.';
    const ratio = [...pseudoLocalise(text)].length / text.length;
    expect(ratio).toBeGreaterThanOrEqual(1.3);
    expect(ratio).toBeLessThanOrEqual(1.5);
  });
});

describe('pseudoCatalogue of the English catalogue', () => {
  const pseudo = pseudoCatalogue(english);
  const pseudoEntries = new Map(entries(pseudo));

  it('when made, then it has exactly the English keys (plural forms included)', () => {
    expect([...pseudoEntries.keys()]).toEqual(entries(english).map(([key]) => key));
  });

  it('when every text is compared with English, then every one differs, is longer and keeps its placeholders', () => {
    for (const [key, text] of entries(english)) {
      const value = pseudoEntries.get(key)!;
      expect(value, key).not.toBe(text);
      expect([...value].length, key).toBeGreaterThan([...text].length);
      expect(value.startsWith(PSEUDO_START) && value.endsWith(PSEUDO_END), key).toBe(true);
      expect(placeholders(value), key).toEqual(placeholders(text));
    }
  });

  it('when split in parts, then the pseudo parts are the parts of the pseudo catalogue', () => {
    expect(pseudoCatalogue(cataloguePart(english, 'core'))).toEqual(cataloguePart(pseudo, 'core'));
  });
});
