/**
 * Test-only: a browser's way through the checkout up to the billing step (signed in or as a guest),
 * through the proxy against the sandbox. Shared by the checkout's route tests; never imported by
 * app code.
 */
import { expect } from 'vitest';
import { logIn, ShopBrowser, type ShopUnderTest } from './shop-browser.ts';

/** alex's GB billing address (DESIGN.md's shopper). */
export const ALEX_GB_ADDRESS = {
  firstName: 'Alex',
  lastName: 'Owner',
  countryCode: 'GB',
  address1: '10 Downing Street',
  city: 'London',
  postalCode: 'SW1A 2AA',
};

export const NEW_ADDRESS = {
  firstName: 'Alex',
  lastName: 'Owner',
  countryCode: 'GB',
  address1: '221B Baker Street',
  address2: 'Second floor',
  city: 'London',
  postalCode: 'NW1 6XE',
};

export async function signedIn(shop: ShopUnderTest, handle: string) {
  const browser = new ShopBrowser(shop);
  await logIn(browser, handle);
  return browser;
}

export async function guest(shop: ShopUnderTest) {
  const browser = new ShopBrowser(shop);
  await browser.open();
  await browser.call('createGuestSession', '/api/session/guest', { method: 'POST' });
  return browser;
}

export const putAddress = (
  browser: ShopBrowser,
  operationId: 'setShippingAddress' | 'setBillingAddress',
  body: unknown,
) =>
  browser.call(operationId, `/api/basket/${operationId === 'setBillingAddress' ? 'billing' : 'shipping'}-address`, {
    method: 'PUT',
    body: JSON.stringify(body),
  });

/** A basket with the renewal of `vin` and its shipping address, at the billing step. */
export async function toBillingStep(
  browser: ShopBrowser,
  vin: string,
  options: { email?: string; locale?: string; address?: object } = {},
) {
  const locale = options.locale ?? 'en-GB';
  const page = await browser.call(
    'getRenewalPage',
    `/api/renewal/cn-connected-navigation?carvin=${vin}&locale=${locale}`,
  );
  expect(page.response.status).toBe(200);
  const item = await browser.call('renewItem', '/api/basket/items', {
    method: 'POST',
    body: JSON.stringify({ productId: 'cn-connected-navigation', variantId: 'cn-connected-navigation-12m' }),
  });
  expect(item.response.status).toBe(200);
  if (options.email) {
    await browser.call('setCustomerEmail', '/api/basket/customer', {
      method: 'PUT',
      body: JSON.stringify({ email: options.email }),
    });
  }
  expect((await putAddress(browser, 'setShippingAddress', options.address ?? NEW_ADDRESS)).response.status).toBe(200);
}
