/**
 * Open redirects through every return path (issue 17): the login's returnTo (and the redirectTo the
 * identity callback answers), the logout's redirect, the payment return_url of the checkout and of
 * the account's card saving, the 3-D Secure and bank returns posted back to /payment-confirmation,
 * the restricted-access redirectUrl, and the redirects of the renew and checkout e-mail forms
 * (render/*-form.ts). Hostile targets (other hosts, //host, /\host, https:host, encodings,
 * javascript:) are refused or reduced to a path of the shop.
 */
import { describe, expect, it } from 'vitest';
import { useSandboxServer } from '../../server/src/testing/sandbox-server.ts';
import { emailOf, logIn, ShopBrowser, signIn } from '../../server/src/testing/shop-browser.ts';
import { readyBasket, TestShopper } from '../../server/src/testing/shop-client.ts';
import { FOREIGN_TARGETS, ledger, staysOnShop } from './support.ts';

// No test-flag host: the owner check of the renewal page applies to 127.0.0.1 (restricted access).
const { shop, url } = useSandboxServer({
  RATE_LIMIT_LOGIN: '1000',
  RATE_LIMIT_PAYMENT: '1000',
  TEST_FLAG_HOSTS: 'flags.invalid',
});
const attacks = ledger('open-redirect');

const ALEX_GB = {
  firstName: 'Alex',
  lastName: 'Owner',
  countryCode: 'GB',
  address1: '1 High Street',
  city: 'London',
  postalCode: 'SW1A 1AA',
};

describe('the login returnTo and the identity callback', () => {
  it.each(FOREIGN_TARGETS)(
    'when the login starts with returnTo %s, then it is refused or the callback sends the shopper to a path of the shop',
    async (target) => {
      await attacks.attack(`returnTo ${target}`, async () => {
        const browser = new ShopBrowser(shop);
        await browser.open();
        const res = await browser.call('startLogin', `/api/session/login?returnTo=${encodeURIComponent(target)}`);
        if (res.response.status !== 200) {
          expect(res.response.status).toBe(400);
          return;
        }
        const { authorizeUrl } = res.body as { authorizeUrl: string };
        const back = await signIn(browser.root, authorizeUrl, emailOf('alex'));
        const done = await browser.call('completeLogin', '/api/session/login/callback', {
          method: 'POST',
          body: JSON.stringify({
            code: back.searchParams.get('code'),
            state: back.searchParams.get('state'),
            kind: 'forgerock',
          }),
        });
        expect(done.response.status).toBe(200);
        expect(staysOnShop(done.body.redirectTo), done.body.redirectTo).toBe(true);
      });
    },
  );
});

describe('the logout redirect', () => {
  it('when a logout names its own target (query or body), then its redirectTo stays a path of the shop', async () => {
    const alex = new ShopBrowser(shop);
    await logIn(alex);
    await alex.call('getRenewalPage', '/api/renewal/cn-connected-navigation?carvin=ZAAAA1000AA000001');
    await attacks.attack('logout with a foreign target', async () => {
      const res = await alex.call(
        'logout',
        `/api/session/logout?redirectTo=${encodeURIComponent('https://evil.example')}`,
        {
          method: 'POST',
          body: JSON.stringify({ redirectTo: 'https://evil.example', returnTo: '//evil.example' }),
        },
      );
      expect(res.response.status).toBeLessThan(500);
      if (res.response.status === 200) expect(staysOnShop(res.body.redirectTo), res.body.redirectTo).toBe(true);
    });
  });
});

/** A form posted as a browser posts it, its redirect not followed. */
const postForm = (target: string, body: string) =>
  fetch(target, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body,
  });

/** Presses Complete on the sandbox's 3-D Secure page: where it sends the browser back to. */
async function completeChallenge(redirectUrl: string): Promise<string> {
  const res = await postForm(redirectUrl, 'outcome=complete');
  expect(res.status).toBe(303);
  return res.headers.get('location')!;
}

describe('payment return URLs', () => {
  it("when the checkout's order names a foreign returnUrl, then the 3-D Secure page returns to the shop", async () => {
    await attacks.attack('placeOrder returnUrl', async () => {
      const shopper = await new TestShopper(url).start();
      await readyBasket(shopper);
      const setup = await shopper.call('setupPayment', 'POST', '/api/checkout/payment-setup', {
        context: 'accountPaymentMethod',
      });
      const card = await shopper.call('tokenizeSandboxCard', 'POST', '/api/sandbox/card-tokens', {
        provider: 'stripe',
        number: '4000002760003184',
        expMonth: 12,
        expYear: 30,
        cvc: '123',
        stripeElements: setup.body.elementsOptions,
      });
      const placed = await shopper.call(
        'placeOrder',
        'POST',
        '/api/checkout/orders',
        {
          provider: 'stripe',
          paymentMethodType: 'CREDIT_CARD',
          sandboxCardToken: card.body.token,
          returnUrl: 'https://evil.example/back',
        },
        { 'idempotency-key': `redirect-${Date.now()}` },
      );
      expect(placed.response.status).toBe(202);
      const back = await completeChallenge(placed.body.redirectUrl);
      expect(staysOnShop(back), back).toBe(true);
      expect(new URL(back).searchParams.get('orderNo')).toBeTruthy();
    });
  });

  it.each(['https://evil.example/back', '//evil.example', 'javascript:alert(1)'])(
    "when the account's card saving names returnUrl %s, then the 3-D Secure page returns to the shop",
    async (target) => {
      await attacks.attack(`addPaymentMethod returnUrl ${target}`, async () => {
        const alex = new ShopBrowser(shop);
        await logIn(alex);
        const setup = await alex.call('setupPayment', '/api/checkout/payment-setup', {
          method: 'POST',
          body: JSON.stringify({ context: 'accountPaymentMethod' }),
        });
        const card = await alex.call('tokenizeSandboxCard', '/api/sandbox/card-tokens', {
          method: 'POST',
          body: JSON.stringify({
            provider: 'stripe',
            number: '4000002760003184',
            expMonth: 12,
            expYear: 30,
            cvc: '123',
            billingAddress: ALEX_GB,
            stripeElements: setup.body.elementsOptions,
          }),
        });
        const res = await fetch(url('/api/account/payment-method'), {
          method: 'PUT',
          headers: { cookie: alex.cookie, 'x-csrf-token': alex.csrf, 'content-type': 'application/json' },
          body: JSON.stringify({
            provider: 'stripe',
            paymentMethodType: 'CREDIT_CARD',
            sandboxCardToken: card.body.token,
            billingAddress: ALEX_GB,
            returnUrl: target,
          }),
        });
        if (res.status === 400) return;
        expect(res.status).toBe(202);
        const { redirectUrl } = (await res.json()) as { redirectUrl: string };
        const back = await completeChallenge(redirectUrl);
        expect(staysOnShop(back), back).toBe(true);
      });
    },
  );

  it.each([
    '/payment-confirmation?orderNo=1&next=https://evil.example',
    '/en-GB/payment-confirmation?redirectUrl=%2F%2Fevil.example',
    '/en-GB/payment-confirmation/?x=/%5Cevil.example',
  ])(
    'when a 3-D Secure or bank return is posted to %s, then it is turned into a GET of the same shop page',
    async (path) => {
      await attacks.attack(`payment return ${path}`, async () => {
        const res = await postForm(
          url(path),
          new URLSearchParams({ redirectResult: '//evil.example', returnUrl: 'https://evil.example' }).toString(),
        );
        expect(res.status).toBe(303);
        const location = res.headers.get('location')!;
        expect(location).toMatch(/^\/(?:[a-z]{2}-[A-Z]{2}\/)?payment-confirmation\/?\?/);
        expect(staysOnShop(location), location).toBe(true);
      });
    },
  );
});

describe('restricted access and the page forms', () => {
  it("when a signed-in shopper opens another owner's vehicle with a hostile query, then the restricted-access redirectUrl stays on the shop", async () => {
    const kim = new ShopBrowser(shop);
    await logIn(kim, 'kim');
    for (const target of ['https://evil.example', '//evil.example', '/\\evil.example']) {
      await attacks.attack(`restricted-access redirectUrl ${target}`, async () => {
        const res = await kim.call(
          'getRenewalPage',
          `/api/renewal/cn-connected-navigation?carvin=ZAAAA1000AA000001&redirectUrl=${encodeURIComponent(target)}`,
        );
        expect(res.response.status).toBe(403);
        const redirectUrl = String(res.body.redirectUrl);
        expect(redirectUrl).toMatch(/^\/restricted-access\?redirectUrl=%2Fservice%2F/);
        expect(staysOnShop(redirectUrl)).toBe(true);
        expect(staysOnShop(decodeURIComponent(redirectUrl.split('redirectUrl=')[1]!))).toBe(true);
      });
    }
  });

  it.each([
    '/en-GB/service/cn-connected-navigation?returnTo=https://evil.example',
    '/service/cn-connected-navigation?next=%2F%2Fevil.example',
    '/en-GB/service/%2F%2Fevil.example',
    '/en-GB/service/%5C%5Cevil.example',
    '/product?redirect=javascript:alert(1)',
  ])('when the renew form is posted to %s, then its redirect stays a path of the shop', async (path) => {
    await attacks.attack(`renew form ${path}`, async () => {
      const res = await postForm(url(path), 'variantId=cn-connected-navigation-12m&csrfToken=wrong');
      expect(res.status).toBe(303);
      const location = res.headers.get('location')!;
      expect(location.startsWith('/') && !location.startsWith('//') && !location.startsWith('/\\'), location).toBe(
        true,
      );
      expect(staysOnShop(location), location).toBe(true);
    });
  });

  it.each(['/en-GB/checkout?next=https://evil.example', '/checkout/?returnTo=//evil.example'])(
    'when the checkout e-mail form is posted to %s, then its redirect is the checkout of the shop',
    async (path) => {
      await attacks.attack(`checkout e-mail form ${path}`, async () => {
        const res = await postForm(url(path), 'email=a%40example.com&csrfToken=wrong');
        expect(res.status).toBe(303);
        const location = res.headers.get('location')!;
        expect(location).toMatch(/^\/(?:[a-z]{2}-[A-Z]{2}\/)?checkout(?:\?|$)/);
      });
    },
  );
});
