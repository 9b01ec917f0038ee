/**
 * My Overview and Help & Support through the proxy against the in-process sandbox (account §2 My
 * Overview, Help & Support; §6 showMyOverview; DESIGN.md: My Overview is shown everywhere but CZ).
 * Every answer is checked against proxy.yaml. A product that cannot be loaded (logged, its service
 * skipped) is overview-product-failure.test.ts's, whose proxy logs to a stream the test reads.
 */
import { describe, expect, it } from 'vitest';
import { useSandboxServer } from '../../testing/sandbox-server.ts';
import { logIn, ShopBrowser } from '../../testing/shop-browser.ts';

const { shop, sandboxUrl } = useSandboxServer({ RATE_LIMIT_LOGIN: '1000' });

async function signedIn(handle = 'alex', locale?: string) {
  const browser = new ShopBrowser(shop);
  await logIn(browser, handle);
  if (locale) await browser.call('getSession', `/api/session?locale=${locale}`);
  return browser;
}

describe('getAccountOverview', () => {
  it("when alex opens My Overview, then the greeting, his vehicle with its model's picture and its expiring service", async () => {
    const alex = await signedIn();
    const { response, body } = await alex.call('getAccountOverview', '/api/account/overview?carvin=ZAAAA1000AA000001');
    expect(response.status).toBe(200);
    expect(body.firstName).toBe('Alex');
    expect(body.vehicle).toMatchObject({ make: 'aurora', model: 'Aurora Sport Tourer', vin: 'ZAAAA1000AA000001' });
    expect(body.vehicle.imageUrl).toMatch(/\/images\/my-services-sport-tourer\.jpg$/);
    // The Online Pack of this vehicle is In progress and a year away: only Connected Navigation expires soon.
    expect(body.expiringServices).toEqual([
      expect.objectContaining({
        subscriptionId: '02iSB0000000001AAA',
        productId: 'cn-connected-navigation',
        daysLeft: 30,
        renewUrl: '/service/cn-connected-navigation?carvin=ZAAAA1000AA000001',
      }),
    ]);
  });

  it('when no vehicle is asked for, then the most recently ordered, and the list of his vehicles to switch between', async () => {
    const alex = await signedIn();
    const { body } = await alex.call('getAccountOverview', '/api/account/overview');
    // alex's newest aurora order (one day old) is for vehicle 2.
    expect(body.vehicle.vin).toBe('ZAAAA1000AA000002');
    expect(body.vehicles.map((v: { vin: string }) => v.vin).sort()).toEqual([
      'ZAAAA1000AA000001',
      'ZAAAA1000AA000002',
      'ZAAAA1000AA000003',
      'ZAAAA1000AA000004',
      'ZAAAA1000AA000007',
    ]);
  });

  it('when the vehicle is up to date, then no expiring services', async () => {
    const alex = await signedIn();
    const { body } = await alex.call('getAccountOverview', '/api/account/overview?carvin=ZAAAA1000AA000003');
    expect(body.vehicle.vin).toBe('ZAAAA1000AA000003');
    expect(body.expiringServices).toEqual([]);
  });

  it("when the VIN asked for is not the customer's, then one of his own vehicles, never the other's", async () => {
    const alex = await signedIn();
    const { body } = await alex.call('getAccountOverview', '/api/account/overview?carvin=ZAAAA1000AA000005');
    expect(body.vehicle.vin).not.toBe('ZAAAA1000AA000005');
  });

  it('when kim has no subscriptions, then the greeting and no expiring services', async () => {
    const kim = await signedIn('kim');
    const { body } = await kim.call('getAccountOverview', '/api/account/overview');
    expect(body).toMatchObject({ firstName: 'Kim', expiringServices: [] });
  });

  it('when the region does not show My Overview (CZ), then 403 with the way to My Subscriptions', async () => {
    const alex = await signedIn('alex', 'cs-CZ');
    const { response, body } = await alex.call('getAccountOverview', '/api/account/overview');
    expect(response.status).toBe(403);
    expect(body).toMatchObject({
      type: 'https://shop.example/problems/page-disabled',
      redirectUrl: '/account/my-subscriptions',
    });
  });
});

describe('getHelpContent', () => {
  it('when alex opens Help & Support, then the help texts, the localised contact-us link and the FAQs', async () => {
    const alex = await signedIn('alex', 'fr-FR');
    const { response, body } = await alex.call('getHelpContent', '/api/account/help');
    expect(response.status).toBe(200);
    // In the page's language (issue 14: content is read per locale).
    expect(body.needAnyHelp).toContain('Besoin d’aide ?');
    expect(body.needHelpContent).toContain('<h2>');
    expect(body.contactUsUrl).toBe('https://www.example.com/fr-FR/contact-us');
    expect(body.faqsUnavailable).toBe(false);
    expect(body.faqs.length).toBeGreaterThan(2);
    expect(body.faqs[0]).toMatchObject({ question: expect.any(String), answer: expect.any(String) });
  });

  it('§8 "FAQ … failures return an empty list or an error flag": when the FAQ search fails, then the help texts and contact-us link still come, the FAQs empty and flagged unavailable', async () => {
    const alex = await signedIn();
    await fetch(`${sandboxUrl()}/__sandbox/faults/commerce`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ status: 503, method: 'GET', path: '/s/aurora/dw/shop/v24_5/content_search' }),
    });
    const { response, body } = await alex.call('getHelpContent', '/api/account/help');
    expect(response.status).toBe(200);
    expect(body).toMatchObject({ faqsUnavailable: true, faqs: [] });
    expect(body.needAnyHelp).not.toBe('');
    expect(body.contactUsUrl).toBe('https://www.example.com/en-GB/contact-us');
  });
});
