/**
 * The content library in the shop's eight languages (storefront §3 "Content assets": FAQ_Renewals_Page,
 * Countries_List, footer links and copyright, Need_any_Help, Need_Help_Content; the FAQ search and
 * the terms), read per `locale` with the platform's fallback (fr-BE → fr → default).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_ASSETS, FAQS } from './content.ts';
import { CONTENT_LANGUAGES, contentLanguage, localizedAsset, localizedFaqs } from './content-i18n/index.ts';
import { call, startCommerce } from './test-helpers.ts';

const { sandbox, base, start } = startCommerce();
beforeAll(start);
afterAll(() => sandbox.stop());

const shop = '/s/aurora/dw/shop/v24_5';
const cid = 'client_id=aurora-storefront';

/** The terms link of Footer_Links and the first renewal question, as each language words them. */
const WORDS: Record<(typeof CONTENT_LANGUAGES)[number], { terms: string; firstQuestion: string }> = {
  en: { terms: 'Terms &amp; conditions', firstQuestion: 'When does my renewed plan start?' },
  de: { terms: 'AGB', firstQuestion: 'Wann beginnt mein verlängerter Tarif?' },
  fr: { terms: 'Conditions générales', firstQuestion: 'Quand ma formule renouvelée commence-t-elle ?' },
  es: { terms: 'Términos y condiciones', firstQuestion: '¿Cuándo empieza mi plan renovado?' },
  it: { terms: 'Termini e condizioni', firstQuestion: 'Quando inizia il mio piano rinnovato?' },
  nl: { terms: 'Algemene voorwaarden', firstQuestion: 'Wanneer begint mijn verlengde pakket?' },
  pt: { terms: 'Termos e condições', firstQuestion: 'Quando começa o meu plano renovado?' },
  cs: { terms: 'Obchodní podmínky', firstQuestion: 'Kdy začíná můj prodloužený tarif?' },
};

const WORDED_ASSETS = Object.keys(CONTENT_ASSETS).filter((id) => id !== 'My_Services_Image');

describe('content assets and FAQs in every language', () => {
  it.each(CONTENT_LANGUAGES.filter((l) => l !== 'en').flatMap((l) => WORDED_ASSETS.map((id) => [l, id] as const)))(
    'when %s asks for %s, then the asset exists in that language (not the English text)',
    (language, id) => {
      const asset = localizedAsset(id, language)!;
      expect(asset.body.length).toBeGreaterThan(0);
      expect(asset.body).not.toBe(CONTENT_ASSETS[id]!.body);
      expect(asset.name).not.toBe(CONTENT_ASSETS[id]!.name);
    },
  );

  it.each(CONTENT_LANGUAGES.filter((l) => l !== 'en'))(
    'when %s reads the FAQs, then every entry is translated, with the same ids, categories and order',
    (language) => {
      const faqs = localizedFaqs(language);
      expect(faqs.map((f) => [f.id, f.category, f.topQuestionOrder])).toEqual(
        FAQS.map((f) => [f.id, f.category, f.topQuestionOrder]),
      );
      faqs.forEach((f, i) => {
        expect(f.question).not.toBe(FAQS[i]!.question);
        expect(f.answer).not.toBe(FAQS[i]!.answer);
      });
    },
  );

  it.each([
    ['cs-CZ', 'cs'],
    ['fr-BE', 'fr'],
    ['fr_LU', 'fr'],
    ['nl-BE', 'nl'],
    ['de-AT', 'de'],
    ['pt-PT', 'pt'],
    ['en-XB', 'en'],
    ['sk-SK', 'en'],
    ['default', 'en'],
    [undefined, 'en'],
  ])('when the locale is %s, then the %s content is read (locale → language → default)', (locale, language) => {
    expect(contentLanguage(locale)).toBe(language);
  });
});

describe('the classic content calls honour locale', () => {
  it.each(Object.entries(WORDS))(
    'when the footer links and renewal FAQs are read in %s, then they are in that language',
    async (language, words) => {
      const locale = `${language}-${language === 'en' ? 'GB' : language === 'cs' ? 'CZ' : language.toUpperCase()}`;
      const links = await call(base(), undefined, 'GET', `${shop}/content/Footer_Links?locale=${locale}&${cid}`);
      expect(links.status).toBe(200);
      expect(links.body.c_body).toContain(`>${words.terms}</a>`);
      const faqs = await call(base(), undefined, 'GET', `${shop}/content/FAQ_Renewals_Page?locale=${locale}&${cid}`);
      expect(JSON.parse(faqs.body.c_body)[0].question).toBe(`<p>${words.firstQuestion}</p>`);
      const search = await call(
        base(),
        undefined,
        'GET',
        `${shop}/content_search?refine=fdid%3Dfaq&sort=top-questions&count=1&locale=${locale}&${cid}`,
      );
      expect(search.body.hits[0].name).toBe(words.firstQuestion);
    },
  );

  it('when a Czech question is searched in cs-CZ, then it is found by its Czech words', async () => {
    const found = await call(
      base(),
      undefined,
      'GET',
      `${shop}/content_search?q=vr%C3%A1cen%C3%AD&locale=cs-CZ&${cid}`,
    );
    expect(found.body.total).toBeGreaterThan(0);
    expect(found.body.hits[0].name).toMatch(/vrácení/);
  });

  it('when a Belgian French page asks for an asset, then French (fr-BE → fr)', async () => {
    const help = await call(base(), undefined, 'GET', `${shop}/content/Need_any_Help?locale=fr-BE&${cid}`);
    expect(help.body.c_body).toContain('Besoin d’aide ?');
  });
});
