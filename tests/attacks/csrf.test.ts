/**
 * CSRF (issue 17): every state-changing operation of proxy.yaml, read from the contract so a new one
 * is covered by itself, is refused with 403 problem+json without the session's X-CSRF-Token and
 * with another session's, and, defence in depth, from a foreign Origin (or, without Origin, a
 * foreign Referer) even with the right token (session.ts sameOriginProtection; OWASP CSRF
 * Prevention Cheat Sheet). Nothing the victim holds changes. The error-reporting tunnel is the one
 * operation without a token: it takes only a media type a cross-site form cannot send. The
 * providers' webhooks (issue 29) take neither token nor Origin: their signature alone authenticates
 * them, and a forged one is 401 whatever cookie, token or Origin it carries.
 */
import { describe, expect, it } from 'vitest';
import { useSandboxServer } from '../../server/src/testing/sandbox-server.ts';
import { logIn, ShopBrowser } from '../../server/src/testing/shop-browser.ts';
import { EVIL, expectProblem, ledger, SHOP_ORIGIN, stateChangingOperations } from './support.ts';

const { shop, url } = useSandboxServer({ RATE_LIMIT_LOGIN: '1000', RATE_LIMIT_PAYMENT: '1000' });
const attacks = ledger('csrf');
const TUNNEL = 'sendMonitoringEnvelope';
const WEBHOOKS = ['receiveStripeEvent', 'receiveAdyenNotification'];
const operations = stateChangingOperations();
/** What a browser's session guards: every state-changing operation but the providers' webhooks. */
const shopperOperations = operations.filter((o) => !WEBHOOKS.includes(o.operationId));

/** Alex signed in with a basket item: the victim. */
async function victim() {
  const alex = new ShopBrowser(shop);
  await logIn(alex);
  const page = await alex.call('getRenewalPage', '/api/renewal/cn-connected-navigation?carvin=ZAAAA1000AA000001');
  expect(page.response.status).toBe(200);
  const added = await alex.call('renewItem', '/api/basket/items', {
    method: 'POST',
    body: JSON.stringify({ productId: 'cn-connected-navigation', variantId: 'cn-connected-navigation-12m' }),
  });
  expect(added.response.status).toBe(200);
  return alex;
}

/** What the victim holds: the stored session, the basket, subscriptions and payment method. */
async function holdings(alex: ShopBrowser) {
  const read = async (op: 'getBasket' | 'listSubscriptions' | 'getPaymentMethod', path: string) =>
    (await alex.call(op, path)).body;
  const stored = JSON.stringify(await alex.stored());
  return {
    stored,
    basket: await read('getBasket', '/api/basket'),
    subscriptions: await read('listSubscriptions', '/api/account/subscriptions'),
    paymentMethod: await read('getPaymentMethod', '/api/account/payment-method'),
  };
}

const send = (path: string, method: string, headers: Record<string, string>) =>
  fetch(url(path), {
    method,
    redirect: 'manual',
    headers: { 'content-type': 'application/json', ...headers },
    body: method === 'DELETE' ? undefined : '{}',
  });

describe('CSRF on every state-changing operation of the contract', () => {
  it('when the contract is read, then it names the state-changing operations (the sweep is not empty)', () => {
    expect(operations.length).toBeGreaterThanOrEqual(20);
    expect(operations.map((o) => o.operationId)).toEqual(
      expect.arrayContaining(['placeOrder', 'renewItem', 'deletePaymentMethod', 'requestRefund', TUNNEL]),
    );
  });

  it("when any of them comes with the victim cookie but no token, or another session's token, then 403 csrf-token-invalid and nothing changed", async () => {
    const alex = await victim();
    const attacker = new ShopBrowser(shop);
    await attacker.open();
    const before = await holdings(alex);
    for (const op of shopperOperations.filter((o) => o.operationId !== TUNNEL)) {
      await attacks.attack(`${op.operationId} without a token`, async () =>
        expectProblem(await send(op.path, op.method, { cookie: alex.cookie }), 403, 'csrf-token-invalid'),
      );
      await attacks.attack(`${op.operationId} with another session's token`, async () =>
        expectProblem(
          await send(op.path, op.method, { cookie: alex.cookie, 'x-csrf-token': attacker.csrf }),
          403,
          'csrf-token-invalid',
        ),
      );
    }
    expect(await holdings(alex)).toEqual(before);
  });

  it('when any of them comes from a foreign Origin, Origin null, or without Origin from a foreign Referer, with the right token, then 403 cross-origin-request and nothing changed', async () => {
    const alex = await victim();
    const before = await holdings(alex);
    const foreign: Array<[string, Record<string, string>]> = [
      ['a foreign Origin', { origin: EVIL }],
      ['Origin null', { origin: 'null' }],
      ['a look-alike Origin', { origin: `${SHOP_ORIGIN}.evil.example` }],
      ['a foreign Referer', { referer: `${EVIL}/shop` }],
      ['an unreadable Referer', { referer: 'not a url' }],
    ];
    for (const op of shopperOperations) {
      for (const [what, headers] of foreign) {
        await attacks.attack(`${op.operationId} from ${what}`, async () =>
          expectProblem(
            await send(op.path, op.method, { cookie: alex.cookie, 'x-csrf-token': alex.csrf, ...headers }),
            403,
            'cross-origin-request',
          ),
        );
      }
    }
    expect(await holdings(alex)).toEqual(before);
  });

  it("when a call comes from the shop's origin (PUBLIC_ORIGIN, or the host it was addressed to) or names none, then the token decides", async () => {
    const guest = new ShopBrowser(shop);
    await guest.open();
    const own = new URL(url('/')).origin;
    const cases: Array<Record<string, string>> = [
      { origin: SHOP_ORIGIN },
      { origin: own },
      { referer: `${SHOP_ORIGIN}/en-GB/checkout` },
      {},
    ];
    for (const headers of cases) {
      const res = await send('/api/session/guest', 'POST', {
        cookie: guest.cookie,
        'x-csrf-token': guest.csrf,
        ...headers,
      });
      expect([200, 201], JSON.stringify(headers)).toContain(res.status);
    }
  });
});

describe('the error-reporting tunnel (no token by design)', () => {
  it('when a cross-site form posts to it (text/plain, urlencoded, multipart), then 415; from a foreign origin, 403', async () => {
    const tunnel = operations.find((o) => o.operationId === TUNNEL)!;
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
      await attacks.attack(`tunnel as ${type}`, async () => {
        const res = await fetch(url(tunnel.path), { method: 'POST', headers: { 'content-type': type }, body: 'x' });
        await expectProblem(res, 415, 'unsupported-media-type');
      });
    }
    await attacks.attack('tunnel from a foreign Origin', async () => {
      const res = await fetch(url(tunnel.path), {
        method: 'POST',
        headers: { 'content-type': 'application/x-sentry-envelope', origin: EVIL },
        body: '{}\n',
      });
      await expectProblem(res, 403, 'cross-origin-request');
    });
  });
});

describe("the providers' webhooks (a signature instead of a token, issue 29)", () => {
  /** Well-formed events a cross-site page or a script could post, unsigned or signed with a guess. */
  const forged: Record<string, { body: unknown; headers: Record<string, string> }> = {
    receiveStripeEvent: {
      body: {
        id: 'evt_forged',
        object: 'event',
        created: 1_800_000_000,
        data: { object: { id: 'seti_forged', object: 'setup_intent', metadata: { orderNo: '00001050' } } },
        livemode: false,
        pending_webhooks: 1,
        type: 'setup_intent.succeeded',
      },
      headers: { 'stripe-signature': `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}` },
    },
    receiveAdyenNotification: {
      body: {
        live: 'false',
        notificationItems: [
          {
            NotificationRequestItem: {
              additionalData: { hmacSignature: 'Zm9yZ2VkIHNpZ25hdHVyZQ==' },
              amount: { value: 9900, currency: 'EUR' },
              eventCode: 'AUTHORISATION',
              eventDate: '2026-12-01T10:00:00+01:00',
              merchantAccountCode: 'SandboxMerchantECOM',
              merchantReference: '00001050',
              pspReference: '8816934876420032',
              success: 'true',
            },
          },
        ],
      },
      headers: {},
    },
  };

  it('when one is forged with the victim cookie and token, from a foreign Origin or from nowhere, then 401 and nothing changed', async () => {
    const alex = await victim();
    const before = await holdings(alex);
    const webhooks = operations.filter((o) => WEBHOOKS.includes(o.operationId));
    expect(webhooks).toHaveLength(2);
    for (const op of webhooks) {
      const { body, headers } = forged[op.operationId]!;
      const senders: Array<[string, Record<string, string>]> = [
        ['with the victim cookie and token', { cookie: alex.cookie, 'x-csrf-token': alex.csrf }],
        ['from a foreign Origin', { origin: EVIL }],
        ['from a server', {}],
      ];
      for (const [what, sender] of senders) {
        await attacks.attack(`${op.operationId} forged ${what}`, async () =>
          expectProblem(
            await fetch(url(op.path), {
              method: 'POST',
              headers: { 'content-type': 'application/json', ...headers, ...sender },
              body: JSON.stringify(body),
            }),
            401,
            'webhook-signature-invalid',
          ),
        );
      }
    }
    expect(await holdings(alex)).toEqual(before);
  });
});
