/**
 * Every locale in its own language through the proxy (storefront §3 "Content assets", issue 14):
 * the page's locale reaches every content and FAQ read, and the caches keep each language apart.
 */
import { describe, expect, it } from 'vitest';
import type { OperationId } from '../../../../generated/proxy/operations.ts';
import { useSandboxServer } from '../../testing/sandbox-server.ts';
import { TestShopper } from '../../testing/shop-client.ts';

const { url } = useSandboxServer();

const read = async (op: OperationId, path: string) => (await new TestShopper(url).start()).call(op, 'GET', path);

describe('content in the page locale', () => {
  it.each([
    ['en-GB', 'Terms &amp; conditions', 'When does my renewed plan start?'],
    ['cs-CZ', 'Obchodní podmínky', 'Kdy začíná můj prodloužený tarif?'],
    ['de-DE', 'AGB', 'Wann beginnt mein verlängerter Tarif?'],
    ['fr-BE', 'Conditions générales', 'Quand ma formule renouvelée commence-t-elle ?'],
    ['nl-BE', 'Algemene voorwaarden', 'Wanneer begint mijn verlengde pakket?'],
    ['it-IT', 'Termini e condizioni', 'Quando inizia il mio piano rinnovato?'],
    ['es-ES', 'Términos y condiciones', '¿Cuándo empieza mi plan renovado?'],
    ['pt-PT', 'Termos e condições', 'Quando começa o meu plano renovado?'],
  ])(
    'when a %s page reads the footer links and renewal FAQs, then they are in its language',
    async (locale, terms, q) => {
      const footer = await read('getContentAsset', `/api/content/Footer_Links?locale=${locale}`);
      expect(footer.response.status).toBe(200);
      expect(footer.body.c_body).toContain(`>${terms}</a>`);
      const faqs = await read('searchFaqs', `/api/faqs?context=renewals&locale=${locale}`);
      expect(faqs.body.items[0].question).toBe(`<p>${q}</p>`);
      const search = await read('searchFaqs', `/api/faqs?category=service-renewals&locale=${locale}`);
      expect(search.body.items[0].question).toBe(`<p>${q}</p>`);
    },
  );

  it('when English is read first and Czech next, then the cache keeps them apart', async () => {
    const en = await read('getContentAsset', '/api/content/Need_any_Help?locale=en-GB');
    const cs = await read('getContentAsset', '/api/content/Need_any_Help?locale=cs-CZ');
    expect(en.body.c_body).toContain('Need any help?');
    expect(cs.body.c_body).toContain('Potřebujete pomoc?');
  });

  it.each([
    ['ZAAAA1000AA000005', 'de-DE', 'Vernetzte Navigation', 'Verkehr in Echtzeit'],
    ['ZAAAA1000AA000010', 'de-AT', 'Vernetzte Navigation', 'Verkehr in Echtzeit'],
    ['ZAAAA1000AA000004', 'fr-FR', 'Navigation connectée', 'Trafic en temps réel'],
    ['ZAAAA1000AA000013', 'it-IT', 'Navigazione connessa', 'Traffico in tempo reale'],
    ['ZAAAA1000AA000016', 'cs-CZ', 'Připojená navigace', 'Doprava v reálném čase'],
    ['ZAAAA1000AA000001', 'en-GB', 'Connected Navigation', 'Live traffic'],
  ])(
    'when %s renews on a %s page, then the product is named %s with its benefits in that language',
    async (vin, locale, name, benefit) => {
      const page = await read('getRenewalPage', `/api/renewal/cn-connected-navigation?carvin=${vin}&locale=${locale}`);
      expect(page.response.status).toBe(200);
      expect(page.body.product.name).toBe(name);
      expect(page.body.product.benefits[0].title).toBe(benefit);
    },
  );

  it('when the Czech vehicle renews on a cs-CZ page, then its FAQs and countries are Czech', async () => {
    const page = await read(
      'getRenewalPage',
      '/api/renewal/cn-connected-navigation?carvin=ZAAAA1000AA000016&locale=cs-CZ',
    );
    expect(page.response.status).toBe(200);
    expect(page.body.faqs[0].question).toBe('<p>Kdy začíná můj prodloužený tarif?</p>');
    expect(page.body.countries.countryPlan).toBe('Evropa');
    expect(page.body.countries.countryList).toContain('Česká republika');
  });
});
