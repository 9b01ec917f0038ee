import { describe, expect, it, vi } from 'vitest';
import cs from '../../../catalogues/cs.json' with { type: 'json' };
import en from '../../../catalogues/en.json' with { type: 'json' };
import fr from '../../../catalogues/fr.json' with { type: 'json' };
import { Translator, type Catalogue } from './translator.ts';

const catalogues = {
  en: {
    greeting: 'Hello {{name}}',
    nested: { deep: { key: 'Deep' } },
    item_one: '{{count}} item',
    item_other: '{{count}} items',
    empty_zero: 'Nothing',
    empty_one: 'One',
    empty_other: '{{count}} things',
    count: '{{count}} of {{max}} characters',
    onlyEnglish: 'Only in English',
    markup: '<b>{{value}}</b>',
  },
  fr: { greeting: 'Bonjour {{name}}', item_one: '{{count}} article', item_other: '{{count}} articles' },
  cs: {
    item_one: '{{count}} položka',
    item_few: '{{count}} položky',
    item_many: '{{count}} položky',
    item_other: '{{count}} položek',
  },
};

describe('Translator: the catalogue format of catalogues/', () => {
  it.each([
    ['en', 'greeting', { name: 'Ada' }, 'Hello Ada'],
    ['en', 'nested.deep.key', undefined, 'Deep'],
    ['en', 'nested.deep', undefined, 'nested.deep'],
    ['en', 'nested.deep.key.more', undefined, 'nested.deep.key.more'],
    ['en', 'item', { count: 1 }, '1 item'],
    ['en', 'item', { count: 0 }, '0 items'],
    ['en', 'item', { count: 2 }, '2 items'],
    ['en', 'empty', { count: 0 }, 'Nothing'],
    ['en', 'empty', { count: 1 }, 'One'],
    ['en', 'empty', { count: 5 }, '5 things'],
    ['en', 'count', { count: 12, max: 150 }, '12 of 150 characters'],
    ['en', 'greeting', undefined, 'Hello {{name}}'],
    ['en', 'greeting', { name: 0 }, 'Hello 0'],
    ['en', 'markup', { value: '<i>' }, '<b><i></b>'],
    ['en', 'unknown.key', undefined, 'unknown.key'],
    ['fr', 'greeting', { name: 'Ada' }, 'Bonjour Ada'],
    ['fr', 'item', { count: 1 }, '1 article'],
    ['fr', 'item', { count: 0 }, '0 article'],
    ['fr', 'item', { count: 3 }, '3 articles'],
    ['fr', 'onlyEnglish', undefined, 'Only in English'],
    ['cs', 'item', { count: 1 }, '1 položka'],
    ['cs', 'item', { count: 3 }, '3 položky'],
    ['cs', 'item', { count: 5 }, '5 položek'],
    ['cs', 'item', { count: 1.5 }, '1.5 položky'],
  ] as const)('%s %s %j → %s', (language, key, options, expected) => {
    const translator = new Translator(language, catalogues);
    expect(translator.t(key, options)).toBe(expected);
  });

  it('reports a key no catalogue has, in the language asked', () => {
    const translator = new Translator('fr', catalogues);
    const onMissing = vi.fn();
    translator.onMissing = onMissing;
    translator.t('greeting');
    translator.t('nope');
    expect(onMissing.mock.calls).toEqual([['nope', 'fr']]);
  });

  it('a change of language notifies subscribers and gives a new t; the old t keeps its language', () => {
    const translator = new Translator('en', { en: catalogues.en });
    const listener = vi.fn();
    const unsubscribe = translator.subscribe(listener);
    const englishT = translator.t;
    translator.setLanguage('en');
    expect(listener).not.toHaveBeenCalled();
    translator.add('fr', { greeting: 'Salut {{name}}' });
    translator.add('fr', { item_one: '{{count}} article' });
    translator.setLanguage('fr');
    expect(listener).toHaveBeenCalledTimes(1);
    expect(translator.language).toBe('fr');
    expect(translator.t).not.toBe(englishT);
    expect(translator.t('greeting', { name: 'Ada' })).toBe('Salut Ada');
    expect(translator.t('item', { count: 1 })).toBe('1 article');
    expect(englishT('greeting', { name: 'Ada' })).toBe('Hello Ada');
    unsubscribe();
    translator.setLanguage('en');
    expect(listener).toHaveBeenCalledTimes(1);
  });

  // Issue 35: the rest of the catalogue arrives after the page hydrated; telling every translated
  // component re-rendered them all in one long task, for words none of them shows.
  it('a part with new messages only, none asked for before, changes nothing on the screen: no notice, the same t reads them', () => {
    const translator = new Translator('fr', { fr: { greeting: 'Salut {{name}}' } });
    const listener = vi.fn();
    translator.subscribe(listener);
    const { t } = translator;
    expect(t('greeting', { name: 'Ada' })).toBe('Salut Ada');
    translator.add('fr', { item_one: '{{count}} article' });
    expect(listener).not.toHaveBeenCalled();
    expect(translator.t).toBe(t);
    expect(t('item', { count: 1 })).toBe('1 article');
  });

  it('a part that brings a message shown missing, or replaces one, notifies with a new t', () => {
    const translator = new Translator('fr', { fr: { greeting: 'Salut {{name}}' }, en: catalogues.en });
    const listener = vi.fn();
    translator.subscribe(listener);
    // In English until the French part arrives (a miss in the language).
    expect(translator.t('item', { count: 2 })).toBe('2 items');
    translator.add('fr', { item_other: '{{count}} articles' });
    expect(listener).toHaveBeenCalledTimes(1);
    expect(translator.t('item', { count: 2 })).toBe('2 articles');
    translator.add('fr', { greeting: 'Bonjour {{name}}' });
    expect(listener).toHaveBeenCalledTimes(2);
    expect(translator.t('greeting', { name: 'Ada' })).toBe('Bonjour Ada');
  });

  it('reads the shop catalogues: plural forms of every language, English fallback', () => {
    const translator = new Translator('cs', { en, cs, fr });
    expect(translator.t('cart.basket', { count: 1 })).toBe(cs.cart.basket_one.replace('{{count}}', '1'));
    expect(translator.t('cart.basket', { count: 3 })).toBe(cs.cart.basket_few.replace('{{count}}', '3'));
    expect(translator.t('cart.basket', { count: 7 })).toBe(cs.cart.basket_other.replace('{{count}}', '7'));
    translator.setLanguage('fr');
    expect(translator.t('cart.basket', { count: 2 })).toBe(fr.cart.basket_other.replace('{{count}}', '2'));
    translator.setLanguage('en');
    expect(translator.t('cart.basket', { count: 1 })).toBe('Basket (1 item)');
  });

  it("when a catalogue is frozen (the server's), then each key is found in it once for every translator; a mutable one is read each time", () => {
    const reads = vi.fn(() => 'Deep');
    const catalogue = (): Catalogue => {
      const deep = {};
      Object.defineProperty(deep, 'key', { get: reads, enumerable: true });
      return { nested: { deep } as Catalogue };
    };
    const frozen = catalogue();
    Object.freeze(frozen);
    for (let i = 0; i < 3; i += 1) expect(new Translator('en', { en: frozen }).t('nested.deep.key')).toBe('Deep');
    expect(reads).toHaveBeenCalledTimes(1);
    const mutable = catalogue();
    for (let i = 0; i < 3; i += 1) expect(new Translator('en', { en: mutable }).t('nested.deep.key')).toBe('Deep');
    expect(reads).toHaveBeenCalledTimes(4);
  });
});
