import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { call, login, startCommerce } from './test-helpers.ts';

const { sandbox, base, start } = startCommerce();
beforeAll(start);
afterAll(() => sandbox.stop());
beforeEach(async () => {
  await fetch(`${base().replace(/\/commerce$/, '')}/__sandbox/reset`, { method: 'POST' });
});

const shop = '/s/aurora/dw/shop/v24_5';

describe('commerce classic shop calls and controllers', () => {
  it('when a content asset is read, then its c_body holds the content; an unknown one is a fault', async () => {
    const help = await call(base(), undefined, 'GET', `${shop}/content/Need_any_Help?locale=en-GB`);
    expect(help.body).toMatchObject({ _type: 'content', id: 'Need_any_Help' });
    expect(help.body.c_body).toContain('Need any help?');
    const countries = await call(base(), undefined, 'GET', `${shop}/content/Countries_List`);
    expect(JSON.parse(countries.body.c_body)[0]).toMatchObject({ countryPlan: 'Europe' });
    expect(JSON.parse(countries.body.c_body)[0].countryList.split(',')).toContain('United Kingdom');
    const faqs = await call(base(), undefined, 'GET', `${shop}/content/FAQ_Renewals_Page`);
    expect(JSON.parse(faqs.body.c_body)[0]).toHaveProperty('question');
    const missing = await call(base(), undefined, 'GET', `${shop}/content/Unknown_Asset`);
    expect(missing.status).toBe(404);
    expect(missing.body.fault.type).toBe('ContentNotFoundException');
  });

  it('when FAQs are searched by category, then at least three come sorted by top-question order', async () => {
    const refine = encodeURIComponent('c_category=refunds / cancellations');
    const found = await call(
      base(),
      undefined,
      'GET',
      `${shop}/content_search?refine=fdid%3Dfaq&refine=${refine}&sort=top-questions`,
    );
    expect(found.body.total).toBeGreaterThanOrEqual(3);
    const orders = found.body.hits.map((h: { c_topQuestionOrder: number }) => h.c_topQuestionOrder);
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
    const text = await call(base(), undefined, 'GET', `${shop}/content_search?q=refund`);
    expect(text.body.hits.length).toBeGreaterThan(0);
  });

  it('when the custom preferences of GB and CZ are read, then they follow the markets', async () => {
    const gb = await call(base(), undefined, 'GET', `${shop}/custom_objects/CustomPreferences/GB?step=checkout`);
    expect(gb.body).toMatchObject({ c_selectedVCSVersion: '12', c_showAutoRenewal: true, c_showMyOverview: true });
    const cz = await call(base(), undefined, 'GET', `${shop}/custom_objects/CustomPreferences/CZ`);
    expect(cz.body).toMatchObject({ c_selectedVCSVersion: '11', c_showAutoRenewal: false, c_showMyOverview: false });
    expect((await call(base(), undefined, 'GET', `${shop}/custom_objects/CustomPreferences/XX`)).status).toBe(404);
  });

  it('when maintenance is switched on, then the maintenance status controller says so', async () => {
    const path = '/on/demandware.store/Sites-aurora-Site/en_GB/Maintenance-Status';
    expect((await call(base(), undefined, 'GET', path)).body.storefront_status).toBe('online');
    await call(base(), undefined, 'POST', '/__sandbox/maintenance', { on: true });
    expect((await call(base(), undefined, 'GET', path)).body).toMatchObject({
      action: 'Maintenance-Status',
      storefront_status: 'maintenance',
    });
    const unknown = await call(base(), undefined, 'GET', '/on/demandware.store/Sites-aurora-Site/en_GB/Unknown-Method');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({
      error: true,
      message: "Controller 'Unknown-Method' not found.",
      action: 'Unknown-Method',
    });
  });

  it('when a session is bridged with a shopper token, then it answers 204 with session cookies; without one a fault', async () => {
    const t = (await login(base())).access_token;
    const session = await call(base(), t, 'POST', `${shop}/sessions`);
    expect(session.status).toBe(204);
    expect(session.headers.getSetCookie().join(';')).toMatch(/dwsid=.*dwanonymous_/);
    const denied = await call(base(), undefined, 'POST', `${shop}/sessions`);
    expect(denied.status).toBe(401);
    expect(denied.body.fault.type).toBe('InvalidAccessTokenException');
  });
});
