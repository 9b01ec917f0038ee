/**
 * The markets and locales (storefront §2 locale-prefixed paths, §9 the sixteen locales and the en-XB
 * pseudo-locale): one parser of a path's locale prefix for server and browser (issue 33).
 */
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_LOCALE,
  htmlLang,
  languageOf,
  LOCALES,
  localePath,
  MARKETS,
  marketOfLocale,
  parseLocalePath,
} from './locales.ts';

describe('markets and locales', () => {
  it('when the sixteen locales of §9 are listed, then each is sold in exactly one market', () => {
    expect(LOCALES).toHaveLength(16);
    for (const locale of LOCALES) expect(MARKETS.filter((m) => m.locales.some((l) => l.id === locale))).toHaveLength(1);
    expect(MARKETS.flatMap((m) => m.locales.map((l) => l.id)).sort()).toEqual([...LOCALES].sort());
  });

  it('when the pseudo-locale is asked for, then it is the Slovak market, read in its own catalogue, declared as English', () => {
    expect(marketOfLocale('en-XB')?.country).toBe('SK');
    expect(languageOf('en-XB')).toBe('en-XB');
    expect(htmlLang('en-XB')).toBe('en');
    expect(htmlLang('fr-BE')).toBe('fr-BE');
    expect(languageOf('nl-BE')).toBe('nl');
    expect(marketOfLocale(DEFAULT_LOCALE)?.country).toBe('GB');
  });
});

describe('parseLocalePath (storefront §2 locale-prefixed paths)', () => {
  it.each([
    ['/fr-FR/checkout', 'fr-FR', 'fr-FR', '/checkout'],
    ['/fr-FR', 'fr-FR', 'fr-FR', '/'],
    ['/fr-FR/', 'fr-FR', 'fr-FR', '/'],
    ['/en-XB/service/cn-connected-navigation', 'en-XB', 'en-XB', '/service/cn-connected-navigation'],
    // Shaped like a locale, sold nowhere: a prefix, no locale (the page is not found, or redirected).
    ['/xx-YY/checkout', 'xx-YY', undefined, '/checkout'],
    ['/checkout', undefined, undefined, '/checkout'],
    ['/be', undefined, undefined, '/be'],
    ['/fr-FRA/checkout', undefined, undefined, '/fr-FRA/checkout'],
    ['/FR-fr/checkout', undefined, undefined, '/FR-fr/checkout'],
    ['', undefined, undefined, '/'],
  ])('when the path is %j, then the prefix is %j, the locale %j and the rest %j', (path, prefix, locale, rest) => {
    expect(parseLocalePath(path)).toEqual({ prefix, locale, rest });
  });

  it('when a path is put under a prefix, then parsing it gives the prefix and the path back', () => {
    for (const path of ['/', '/checkout', '/account/my-orders/a/b']) {
      const prefixed = localePath('de-AT', path);
      expect(parseLocalePath(prefixed)).toEqual({ prefix: 'de-AT', locale: 'de-AT', rest: path });
    }
    expect(localePath(undefined, 'checkout')).toBe('/checkout');
  });
});
