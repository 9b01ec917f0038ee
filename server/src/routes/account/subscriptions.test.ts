/**
 * My Subscriptions and the manage modal's actions through the proxy against the in-process sandbox
 * (account §2 My Subscriptions / Manage modal, §4 Subscription expiry and auto-renewal, §5, §9; the
 * seed of DESIGN.md: alex's subscriptions, kim without any, sam without an account). Every answer is
 * checked against proxy.yaml.
 */
import { describe, expect, it } from 'vitest';
import { addDays, dayOf } from '../../../../domain/subscription.ts';
import { findSubscription } from '../../../../mocks/sandbox/src/upstreams/som/state.ts';
import { useSandboxServer } from '../../testing/sandbox-server.ts';
import { logIn, ShopBrowser } from '../../testing/shop-browser.ts';

const { shop, sandboxUrl } = useSandboxServer({ RATE_LIMIT_LOGIN: '1000' });

/** The order system answers `method` with every field of the wrong type (the sandbox's fault). */
const wrongTypeFrom = (method: string) =>
  fetch(`${sandboxUrl()}/__sandbox/faults/som`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ malformed: 'wrong-type', method: 'POST', path: `/services/apexrest/SOM/${method}` }),
  });

/** The order system's calls since the reset with the bodies the proxy sent (the sandbox's request log). */
const somCalls = async (method: string) => {
  const { requests } = (await (await fetch(`${sandboxUrl()}/__sandbox/som/requests?bodies=true`)).json()) as {
    requests: Array<{ method: string; recordId: string | null; status: number; body: any }>;
  };
  return requests.filter((r) => r.method === method);
};

const asset = (n: number) => `02iSB${String(n).padStart(10, '0')}AAA`;
const today = () => dayOf(Date.now());

async function signedIn(handle = 'alex', locale?: string) {
  const browser = new ShopBrowser(shop);
  await logIn(browser, handle);
  if (locale) await browser.call('getSession', `/api/session?locale=${locale}`);
  return browser;
}

const list = async (browser: ShopBrowser, query = '') => {
  const { response, body } = await browser.call('listSubscriptions', `/api/account/subscriptions${query}`);
  expect(response.status).toBe(200);
  return body;
};

const post = (
  browser: ShopBrowser,
  operationId: 'requestRefund' | 'cancelAutoRenewal' | 'reactivateAutoRenewal',
  id: string,
  body?: unknown,
) => {
  const action = {
    requestRefund: 'refund',
    cancelAutoRenewal: 'auto-renewal/cancel',
    reactivateAutoRenewal: 'auto-renewal/reactivate',
  }[operationId];
  return browser.call(operationId, `/api/account/subscriptions/${id}/${action}`, {
    method: 'POST',
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
};

describe('listSubscriptions', () => {
  it('when alex opens My Subscriptions on the aurora site, then his aurora subscriptions, Installed and In progress, with their dates and status keys', async () => {
    const alex = await signedIn();
    const body = await list(alex);
    expect(body).toMatchObject({
      isCustomerEnabled: true,
      showAutoRenewal: true,
      customer: { fullName: 'Alex Owner', email: 'alex.owner@example.com' },
    });
    const ids = body.subscriptions.map((s: { id: string }) => s.id);
    // The borealis vehicle's subscription (6) belongs to the other brand's shop.
    expect(ids.sort()).toEqual([1, 2, 3, 4, 5, 7].map(asset).sort());
    const byId = Object.fromEntries(body.subscriptions.map((s: { id: string }) => [s.id, s]));

    expect(byId[asset(1)]).toMatchObject({
      serviceId: 'cn-connected-navigation',
      statusKey: 'active',
      statusLabel: 'Active',
      // The 12-month variant, spelled (account §9)
      plan: { duration: 12, durationType: 'month', label: 'twelve-month plan' },
      price: { currency: 'GBP', formatted: expect.stringMatching(/^£\d+$/) },
      expiryDate: addDays(today(), 30),
      isExpiring: true,
      expired: false,
      autoRenewal: { active: false, date: null },
      paymentMethod: null,
      inCoolingOff: false,
      refundPaymentMethod: null,
      // GB shows auto-renewal: no expiry alert (account §2)
      expirationAlert: false,
      vin: 'ZAAAA1000AA000001',
    });
    expect(byId[asset(2)]).toMatchObject({ expired: true, isExpiring: false, expiryDate: addDays(today(), -10) });
    // Auto-renewing: the saved Visa 4242 (12/2030) it charges; inside the cooling-off period: the card paid with.
    expect(byId[asset(3)]).toMatchObject({
      autoRenewal: { active: true, date: byId[asset(3)].expiryDate },
      paymentMethod: { type: 'CREDIT_CARD', brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030, expired: false },
      inCoolingOff: true,
      coolingOffEndDate: addDays(today(), 9),
      refundPaymentMethod: { type: 'CREDIT_CARD', last4: expect.stringMatching(/^\d{4}$/) },
      isExpiring: false,
    });
    expect(byId[asset(4)]).toMatchObject({
      plan: { duration: 24, durationType: 'month', label: 'twenty-four-month plan' },
      price: { currency: 'EUR' },
    });
    expect(byId[asset(5)]).toMatchObject({
      serviceStatus: 'In progress',
      statusKey: 'inProgress',
      inProgress: true,
      name: 'Online Pack',
    });
  });

  it('when the page asks for one vehicle (carvin), then only its subscriptions', async () => {
    const alex = await signedIn();
    const body = await list(alex, '?carvin=ZAAAA1000AA000001');
    expect(body.subscriptions.map((s: { id: string }) => s.id).sort()).toEqual([asset(1), asset(5)]);
  });

  it('when the region does not show auto-renewal (fr-FR), then an expiring service without auto-renewal shows the expiry alert', async () => {
    const alex = await signedIn('alex', 'fr-FR');
    const body = await list(alex);
    expect(body.showAutoRenewal).toBe(false);
    const fr = body.subscriptions.find((s: { id: string }) => s.id === asset(4));
    expect(fr).toMatchObject({ isExpiring: true, autoRenewal: { active: false }, expirationAlert: true });
    expect(fr.price.formatted).toMatch(/€/);
    // Expired, or not expiring: no alert
    expect(body.subscriptions.find((s: { id: string }) => s.id === asset(2)).expirationAlert).toBe(false);
  });

  it('when kim has no subscriptions, then an empty list for an enabled customer', async () => {
    const kim = await signedIn('kim');
    const body = await list(kim);
    expect(body).toMatchObject({ isCustomerEnabled: true, subscriptions: [] });
  });

  it("when kim's account is not enabled (the sandbox's control), then nothing is listed for her", async () => {
    await fetch(`${shop.root}/__sandbox/customers/kim.driver@example.com/enabled`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ enabled: false }),
    });
    const kim = await signedIn('kim');
    expect(await list(kim)).toMatchObject({ isCustomerEnabled: false, subscriptions: [] });
  });

  it('when sam has no account in the order system, then not enabled and nothing listed', async () => {
    const sam = await signedIn('sam');
    expect(await list(sam)).toMatchObject({ isCustomerEnabled: false, subscriptions: [] });
  });
});

describe('requestRefund', () => {
  it('when alex requests a refund inside the cooling-off period, then the toast text, the service ends at once and leaves the list', async () => {
    const alex = await signedIn();
    const { response, body } = await post(alex, 'requestRefund', asset(3), {
      reason: 'Other',
      additionalInfo: 'I sold the car last week.',
    });
    expect(response.status).toBe(200);
    expect(body).toEqual({
      result: 'Success',
      subscriptionId: asset(3),
      message: 'You have cancelled your subscription and we are processing your refund.',
    });
    const after = await list(alex);
    expect(after.subscriptions.map((s: { id: string }) => s.id)).not.toContain(asset(3));
    // The vehicle's record ends too: the renewal page sees the service expired.
    const page = await alex.call('getRenewalPage', '/api/renewal/cn-connected-navigation?carvin=ZAAAA1000AA000003');
    expect(page.body.expiry.state).toBe('expired');
  });

  it('when the refund is requested twice (double click), then one refund and a 409 for the second', async () => {
    const alex = await signedIn();
    const [first, second] = await Promise.all([
      post(alex, 'requestRefund', asset(3), {}),
      post(alex, 'requestRefund', asset(3), {}),
    ]);
    expect([first.response.status, second.response.status].sort()).toEqual([200, 409]);
    const refused = first.response.status === 409 ? first : second;
    expect(refused.body).toMatchObject({ type: 'https://shop.example/problems/refund-already-requested' });
  });

  it('when the cooling-off period has ended, then 409 refund-not-available', async () => {
    const alex = await signedIn();
    const { response, body } = await post(alex, 'requestRefund', asset(1), { reason: 'Purchased by mistake' });
    expect(response.status).toBe(409);
    expect(body.detail).toBe('A full refund is not an active option for this subscription.');
  });

  it('when the order is still in progress, then 409 with the processing notice', async () => {
    const alex = await signedIn();
    const { response, body } = await post(alex, 'requestRefund', asset(5));
    expect(response.status).toBe(409);
    expect(body.detail).toBe('We are currently processing your order. Please check again later.');
  });

  it.each([
    [{ reason: 'Other', additionalInfo: 'x'.repeat(151) }, '/additionalInfo', 'The entered text is too long'],
    [{ reason: 'Because' }, '/reason', 'Please select a value'],
    [
      { reason: 'Purchased by mistake', additionalInfo: 'text' },
      '/additionalInfo',
      'Additional information goes with the reason Other.',
    ],
    [{ reason: 'Other', note: 'x' }, '/note', "Unknown field 'note'."],
    [[1, 2], '/', 'The body must be a JSON object.'],
  ])('when the body is %j, then 400 with the field error and nothing changes', async (body, field, message) => {
    const alex = await signedIn();
    const { response, body: problem } = await post(alex, 'requestRefund', asset(3), body);
    expect(response.status).toBe(400);
    expect(problem.errors).toEqual([expect.objectContaining({ field, message })]);
    expect((await list(alex)).subscriptions.map((s: { id: string }) => s.id)).toContain(asset(3));
  });

  it('when 150 emoji come with Other (300 UTF-16 units), then accepted as the form counted them; 151 are too long', async () => {
    const alex = await signedIn();
    const tooLong = await post(alex, 'requestRefund', asset(3), { reason: 'Other', additionalInfo: '🚗'.repeat(151) });
    expect(tooLong.response.status).toBe(400);
    expect(tooLong.body.errors).toEqual([
      expect.objectContaining({ field: '/additionalInfo', message: 'The entered text is too long' }),
    ]);
    const { response } = await post(alex, 'requestRefund', asset(3), {
      reason: 'Other',
      additionalInfo: '🚗'.repeat(150),
    });
    expect(response.status).toBe(200);
  });

  it('when 150 characters of additional information come with Other, then accepted', async () => {
    const alex = await signedIn();
    const { response } = await post(alex, 'requestRefund', asset(3), {
      reason: 'Other',
      additionalInfo: 'x'.repeat(150),
    });
    expect(response.status).toBe(200);
  });

  it("when kim asks for a refund of alex's subscription, then 404 and alex's subscription is untouched", async () => {
    const kim = await signedIn('kim');
    const { response } = await post(kim, 'requestRefund', asset(3), {});
    expect(response.status).toBe(404);
    const alex = await signedIn();
    expect((await list(alex)).subscriptions.map((s: { id: string }) => s.id)).toContain(asset(3));
  });

  it.each([
    ['requestRefund', 'RequestRefund', asset(3), { reason: 'Other' }],
    ['cancelAutoRenewal', 'CancelAutoRenewal', asset(7), { reason: 'Planning to sell vehicle before renewal' }],
  ] as const)(
    'when the order system answers %s in another shape, then 502 unavailable, never "cannot be changed" or "not found"',
    async (operationId, method, id, body) => {
      const alex = await signedIn();
      await wrongTypeFrom(method);
      const { response, body: problem } = await post(alex, operationId, id, body);
      expect(response.status, JSON.stringify(problem)).toBe(502);
      expect(problem.type).toMatch(/upstream-error$/);
    },
  );

  it('when the id names no subscription, then 404', async () => {
    const alex = await signedIn();
    expect((await post(alex, 'requestRefund', asset(999), {})).response.status).toBe(404);
  });
});

describe('auto-renewal', () => {
  it('when alex turns auto-renewal off with a reason and on again, then the list follows and the toasts name the service', async () => {
    const alex = await signedIn();
    const off = await post(alex, 'cancelAutoRenewal', asset(7), { reason: 'Planning to sell vehicle before renewal' });
    expect(off.response.status).toBe(200);
    expect(off.body.message).toBe('Auto-renewal turned off for Connected Navigation');
    let sub = (await list(alex)).subscriptions.find((s: { id: string }) => s.id === asset(7));
    expect(sub).toMatchObject({ autoRenewal: { active: false, date: null }, paymentMethod: null });

    const on = await post(alex, 'reactivateAutoRenewal', asset(7));
    expect(on.response.status).toBe(200);
    expect(on.body.message).toBe('Auto-renewal turned on for Connected Navigation');
    sub = (await list(alex)).subscriptions.find((s: { id: string }) => s.id === asset(7));
    expect(sub).toMatchObject({
      autoRenewal: { active: true, date: sub.expiryDate },
      paymentMethod: { last4: '4242' },
    });
  });

  it('§4 "turning off records a reason; turning on clears the cancellation flag", §7 cancel auto-renewal payload: when alex turns it off with Other and a text, then both reach the order system flagged isCommerceStorefront, which records them; turned on, it clears them', async () => {
    const alex = await signedIn();
    const additionalInfo = 'I only drive abroad in summer.';
    const off = await post(alex, 'cancelAutoRenewal', asset(7), { reason: 'Other', additionalInfo });
    expect(off.response.status).toBe(200);
    const [cancel] = await somCalls('CancelAutoRenewal');
    expect(cancel).toMatchObject({ recordId: asset(7), status: 200 });
    expect(cancel!.body.query.recordId).toBe(asset(7));
    expect(cancel!.body.cancelAutoRenewalItems).toEqual({
      cancellationReason: 'Other',
      additionalInfo,
      isCommerceStorefront: true,
    });
    expect(findSubscription(asset(7))).toMatchObject({
      autoRenew: false,
      cancellationReason: 'Other',
      additionalInfo,
    });

    const on = await post(alex, 'reactivateAutoRenewal', asset(7));
    expect(on.response.status).toBe(200);
    expect(await somCalls('ReactivateAutoRenewal')).toEqual([
      expect.objectContaining({
        recordId: asset(7),
        status: 200,
        body: expect.objectContaining({ query: { recordId: asset(7) } }),
      }),
    ]);
    expect(findSubscription(asset(7))).toMatchObject({
      autoRenew: true,
      cancellationReason: null,
      additionalInfo: null,
    });
  });

  it('§7 request refund "same payload": when alex asks for a refund with a reason only, then the reason reaches the order system flagged isCommerceStorefront, with no additional information', async () => {
    const alex = await signedIn();
    const { response } = await post(alex, 'requestRefund', asset(3), { reason: 'Service is too expensive' });
    expect(response.status).toBe(200);
    const [refund] = await somCalls('RequestRefund');
    expect(refund!.body.cancelAutoRenewalItems).toEqual({
      cancellationReason: 'Service is too expensive',
      isCommerceStorefront: true,
    });
    expect(findSubscription(asset(3))).toMatchObject({ cancellationReason: 'Service is too expensive' });
  });

  it('when auto-renewal is turned off twice (two tabs), then both answer success and it is off once', async () => {
    const alex = await signedIn();
    const answers = await Promise.all([
      post(alex, 'cancelAutoRenewal', asset(3), {}),
      post(alex, 'cancelAutoRenewal', asset(3), {}),
    ]);
    expect(answers.map((a) => a.response.status)).toEqual([200, 200]);
    expect((await list(alex)).subscriptions.find((s: { id: string }) => s.id === asset(3)).autoRenewal.active).toBe(
      false,
    );
    // Once: the second, behind the first on the customer's lock, finds it off and asks nothing.
    const { requests } = (await (await fetch(`${sandboxUrl()}/__sandbox/som/requests`)).json()) as {
      requests: Array<{ method: string; recordId: string | null }>;
    };
    expect(requests.filter((r) => r.method === 'CancelAutoRenewal' && r.recordId === asset(3))).toHaveLength(1);
  });

  it('when the region does not show auto-renewal (fr-FR), then 409 auto-renewal-not-available', async () => {
    const alex = await signedIn('alex', 'fr-FR');
    const { response, body } = await post(alex, 'reactivateAutoRenewal', asset(4));
    expect(response.status).toBe(409);
    expect(body.type).toBe('https://shop.example/problems/auto-renewal-not-available');
  });

  it('when the reason is not one of the auto-renewal reasons, then 400', async () => {
    const alex = await signedIn();
    const { response, body } = await post(alex, 'cancelAutoRenewal', asset(7), { reason: 'Purchased by mistake' });
    expect(response.status).toBe(400);
    expect(body.errors[0]).toMatchObject({ field: '/reason', message: 'Please select a value' });
  });

  it('when the CSRF token is missing, then 403 and nothing changes', async () => {
    const alex = await signedIn();
    alex.csrf = '';
    const { response } = await post(alex, 'cancelAutoRenewal', asset(7), {});
    expect(response.status).toBe(403);
  });
});
