/**
 * Product names, descriptions, benefits and duration names in the shop's eight languages, read per
 * `locale` on the product calls with the platform's fallback (fr-BE → fr → default).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCTS } from '../../seed.ts';
import { localizedProduct, PRODUCT_LANGUAGES } from './product-i18n.ts';
import { baskets, call, login, products, site, startCommerce } from './test-helpers.ts';

const { sandbox, base, start } = startCommerce();
beforeAll(start);
afterAll(() => sandbox.stop());

describe('product texts in every language', () => {
  it.each(PRODUCT_LANGUAGES.flatMap((language) => PRODUCTS.map((p) => [language, p.id] as const)))(
    'when %s reads %s, then its name, description, benefits and plan names are translated',
    (language, id) => {
      const english = PRODUCTS.find((p) => p.id === id)!;
      const product = localizedProduct(english, language);
      expect(product.name).not.toBe(english.name);
      expect(product.longDescription).not.toBe(english.longDescription);
      expect(product.benefits).toHaveLength(english.benefits.length);
      product.benefits.forEach((b, i) => {
        expect(b.title).not.toBe(english.benefits[i]!.title);
        expect(b.description).not.toBe(english.benefits[i]!.description);
        expect(b.image).toBe(english.benefits[i]!.image);
      });
      product.variants.forEach((v, i) => {
        expect(v.name).not.toBe(english.variants[i]!.name);
        expect(v.prices).toEqual(english.variants[i]!.prices);
      });
    },
  );
});

describe('the product calls honour locale', () => {
  const read = async (locale: string) => {
    const { access_token } = await login(base());
    const answer = await call(
      base(),
      access_token,
      'GET',
      `${products}/products/cn-connected-navigation?${site}&currency=EUR&locale=${locale}`,
    );
    expect(answer.status).toBe(200);
    return answer.body;
  };

  it.each([
    ['en-GB', 'Connected Navigation', 'Live traffic', '12 months'],
    ['de-DE', 'Vernetzte Navigation', 'Verkehr in Echtzeit', '12 Monate'],
    ['de-AT', 'Vernetzte Navigation', 'Verkehr in Echtzeit', '12 Monate'],
    ['fr-BE', 'Navigation connectée', 'Trafic en temps réel', '12 mois'],
    ['nl-NL', 'Verbonden navigatie', 'Actueel verkeer', '12 maanden'],
    ['it-IT', 'Navigazione connessa', 'Traffico in tempo reale', '12 mesi'],
    ['es-ES', 'Navegación conectada', 'Tráfico en tiempo real', '12 meses'],
    ['pt-PT', 'Navegação conectada', 'Trânsito em tempo real', '12 meses'],
    ['cs-CZ', 'Připojená navigace', 'Doprava v reálném čase', '12 měsíců'],
    ['en-XB', 'Connected Navigation', 'Live traffic', '12 months'],
  ])('when the product is read in %s, then its name is %s', async (locale, name, benefit, twelve) => {
    const product = await read(locale);
    expect(product.name).toBe(name);
    expect(product.c_benefitTitle1).toBe(benefit);
    expect(product.variationAttributes[0].values.map((v: { name: string }) => v.name)).toContain(twelve);
  });

  it.each(['en_GB', 'EN-gb', 'english'])(
    'when the locale %s is not a LocaleCode, then 400 as the platform answers',
    async (locale) => {
      const { access_token } = await login(base());
      const answer = await call(
        base(),
        access_token,
        'GET',
        `${products}/products/cn-connected-navigation?${site}&currency=EUR&locale=${locale}`,
      );
      expect(answer.status).toBe(400);
    },
  );
});

describe('basket items in the basket locale', () => {
  it.each([
    ['de-DE', 'Vernetzte Navigation 12 Monate', 'Vernetzte Navigation 24 Monate'],
    ['cs-CZ', 'Připojená navigace 12 měsíců', 'Připojená navigace 24 měsíců'],
    ['en-GB', 'Connected Navigation 12 months', 'Connected Navigation 24 months'],
  ])(
    'when a plan is added and changed with locale %s, then the item is named in that language',
    async (locale, added, changed) => {
      const t = (await login(base())).access_token;
      const id = (await call(base(), t, 'POST', `${baskets}?${site}`, {})).body.basketId as string;
      const withItem = await call(base(), t, 'POST', `${baskets}/${id}/items?${site}&locale=${locale}`, [
        { productId: 'cn-connected-navigation-12m', quantity: 1 },
      ]);
      expect(withItem.body.productItems[0].productName).toBe(added);
      const itemId = withItem.body.productItems[0].itemId as string;
      const updated = await call(base(), t, 'PATCH', `${baskets}/${id}/items/${itemId}?${site}&locale=${locale}`, {
        productId: 'cn-connected-navigation-24m',
        quantity: 1,
      });
      expect(updated.body.productItems[0].productName).toBe(changed);
    },
  );
});
