import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { call, login, startCommerce } from './test-helpers.ts';

const { sandbox, base, start } = startCommerce();
beforeAll(start);
afterAll(() => sandbox.stop());
beforeEach(async () => {
  await fetch(`${base().replace(/\/commerce$/, '')}/__sandbox/reset`, { method: 'POST' });
});

const shop = '/s/aurora/dw/shop/v24_5';
/** OCAPI: a call without a bearer token names its client application. */
const cid = 'client_id=aurora-storefront';

describe('commerce classic shop calls and controllers', () => {
  it('when a content asset is read, then its c_body holds the content; an unknown one is a fault', async () => {
    const help = await call(base(), undefined, 'GET', `${shop}/content/Need_any_Help?locale=en-GB&${cid}`);
    expect(help.body).toMatchObject({ _type: 'content', id: 'Need_any_Help' });
    expect(help.body.c_body).toContain('Need any help?');
    const countries = await call(base(), undefined, 'GET', `${shop}/content/Countries_List?${cid}`);
    expect(JSON.parse(countries.body.c_body)[0]).toMatchObject({ countryPlan: 'Europe' });
    expect(JSON.parse(countries.body.c_body)[0].countryList.split(',')).toContain('United Kingdom');
    const faqs = await call(base(), undefined, 'GET', `${shop}/content/FAQ_Renewals_Page?${cid}`);
    expect(JSON.parse(faqs.body.c_body)[0]).toHaveProperty('question');
    const missing = await call(base(), undefined, 'GET', `${shop}/content/Unknown_Asset?${cid}`);
    expect(missing.status).toBe(404);
    expect(missing.body.fault.type).toBe('ContentNotFoundException');
  });

  it('when FAQs are searched by category, then at least three come sorted by top-question order', async () => {
    const refine = encodeURIComponent('c_category=refunds / cancellations');
    const found = await call(
      base(),
      undefined,
      'GET',
      `${shop}/content_search?refine=fdid%3Dfaq&refine=${refine}&sort=top-questions&${cid}`,
    );
    expect(found.body.total).toBeGreaterThanOrEqual(3);
    const orders = found.body.hits.map((h: { c_topQuestionOrder: number }) => h.c_topQuestionOrder);
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
    const text = await call(base(), undefined, 'GET', `${shop}/content_search?q=refund&${cid}`);
    expect(text.body.hits.length).toBeGreaterThan(0);
  });

  it('when the custom preferences of GB and CZ are read, then they follow the markets', async () => {
    const gb = await call(base(), undefined, 'GET', `${shop}/custom_objects/CustomPreferences/GB?step=checkout&${cid}`);
    expect(gb.body).toMatchObject({ c_selectedVCSVersion: '12', c_showAutoRenewal: true, c_showMyOverview: true });
    const cz = await call(base(), undefined, 'GET', `${shop}/custom_objects/CustomPreferences/CZ?${cid}`);
    expect(cz.body).toMatchObject({ c_selectedVCSVersion: '11', c_showAutoRenewal: false, c_showMyOverview: false });
    expect((await call(base(), undefined, 'GET', `${shop}/custom_objects/CustomPreferences/XX?${cid}`)).status).toBe(
      404,
    );
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
    const denied = await call(base(), undefined, 'POST', `${shop}/sessions?${cid}`);
    expect(denied.status).toBe(401);
    expect(denied.body.fault.type).toBe('InvalidAccessTokenException');
  });

  it.each([
    ['a content asset', `${shop}/content/Need_any_Help`],
    ['a content search', `${shop}/content_search?q=refund`],
    ['a custom object', `${shop}/custom_objects/CustomPreferences/GB`],
    ['a session bridge', `${shop}/sessions`],
  ])('when %s is asked with no bearer token and no client id, then OCAPI answers 400', async (_what, path) => {
    const refused = await call(base(), undefined, path.endsWith('/sessions') ? 'POST' : 'GET', path);
    expect(refused.status).toBe(400);
    expect(refused.body.fault).toMatchObject({ type: 'InvalidRequestException' });
    expect(refused.body.fault.message).toMatch(/client_id or x-dw-client-id/);
  });

  it('when the client id comes in the x-dw-client-id header, then the call is served; an unknown client id is refused', async () => {
    const url = `${base()}${shop}/content/Need_any_Help`;
    expect((await fetch(url, { headers: { 'x-dw-client-id': 'aurora-storefront' } })).status).toBe(200);
    const unknown = await fetch(url, { headers: { 'x-dw-client-id': 'not-a-client' } });
    expect(unknown.status).toBe(400);
  });
});
