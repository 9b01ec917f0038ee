/**
 * Payment details' route tests (account §2 Payment method page, Add and Edit payment method): a
 * signed-in seed shopper, the page as the proxy answers it, and alex's London billing address.
 */
import { logIn, ShopBrowser, type ShopUnderTest } from './shop-browser.ts';

/** A browser of `shop` signed in as a seed shopper of DESIGN.md. */
export async function signedInTo(shop: ShopUnderTest, handle = 'alex'): Promise<ShopBrowser> {
  const browser = new ShopBrowser(shop);
  await logIn(browser, handle);
  return browser;
}

/** GET /api/account/payment-method's body. */
export const paymentDetails = async (browser: ShopBrowser) =>
  (await browser.call('getPaymentMethod', '/api/account/payment-method')).body;

/** alex's billing address in London, with `fields` changed. */
export const londonAddress = (fields: Record<string, unknown> = {}) => ({
  firstName: 'Alex',
  lastName: 'Owner',
  countryCode: 'GB',
  address1: '1 Parliament Square',
  address2: 'Flat 2',
  city: 'London',
  postalCode: 'SW1P 3BD',
  ...fields,
});
