/**
 * The checkout control through the proxy against the in-process sandbox (docs/decisions/015;
 * storefront §4 "Renewal page load": "An item counts as orderable 24 hours (864e5 ms) after its
 * ordered date", §9 "Orderable 24 hours after order date", §2 and §6: skipCheckoutControl honoured
 * only on allow-listed hosts, §3 skipCheckoutControl and orderCreated kept in the session). The
 * sandbox leaves a vehicle's expiry alone until its order is installed (mocks/sandbox/README.md
 * `/__sandbox/orders/{orderNo}/advance`), so the renewal page shows the detail after an order.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { challenge, confirmStripeReturn, payStripe } from '../../testing/payments.ts';
import { useSandboxServer } from '../../testing/sandbox-server.ts';
import { readyBasket, TestShopper } from '../../testing/shop-client.ts';

// 127.0.0.1 (the test server's address) is allow-listed; the same server reached as localhost is not.
const { url } = useSandboxServer({ RATE_LIMIT_PAYMENT: '1000', TEST_FLAG_HOSTS: '127.0.0.1' });
const notAllowListed = (path: string) => url(path).replace('//127.0.0.1:', '//localhost:');

const VIN = 'ZAAAA1000AA000001';
const PAGE = `/api/renewal/cn-connected-navigation?carvin=${VIN}&locale=en-GB`;
const ORDER_IN_PROGRESS = 'https://shop.example/problems/order-in-progress';
const renew = (shopper: TestShopper, variantId = 'cn-connected-navigation-12m') =>
  shopper.call('renewItem', 'POST', '/api/basket/items', { productId: 'cn-connected-navigation', variantId, vin: VIN });
const renewalPage = (shopper: TestShopper, query = '') => shopper.call('getRenewalPage', 'GET', `${PAGE}${query}`);

/** A guest who paid vehicle 1's renewal with 4242: the order number and when it was placed. */
async function ordered(shopper: TestShopper) {
  await readyBasket(shopper);
  const before = Date.now();
  const paid = await payStripe(shopper, '4242424242424242');
  expect(paid.response.status).toBe(201);
  return { orderNo: paid.body.orderNo as string, before, after: Date.now() };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the checkout control', () => {
  it('when vehicle 1 was just ordered, then its renewal page says it is not orderable until 24 hours after the order', async () => {
    const shopper = await new TestShopper(url).start();
    expect((await renewalPage(shopper)).body).toMatchObject({ orderable: true, orderableFrom: null });
    const { before, after } = await ordered(shopper);
    const { response, body } = await renewalPage(shopper);
    expect(response.status).toBe(200);
    expect(body.upToDate).toBe(false);
    expect(body.orderable).toBe(false);
    const from = Date.parse(body.orderableFrom);
    expect(from).toBeGreaterThanOrEqual(before + 864e5 - 1000);
    expect(from).toBeLessThanOrEqual(after + 864e5);
  });

  it('when it was ordered, then adding any plan of it is refused with 409 order-in-progress and the basket stays empty', async () => {
    const shopper = await new TestShopper(url).start();
    await ordered(shopper);
    for (const variantId of ['cn-connected-navigation-12m', 'cn-connected-navigation-36m']) {
      const refused = await renew(shopper, variantId);
      expect(refused.response.status).toBe(409);
      expect(refused.body).toMatchObject({ type: ORDER_IN_PROGRESS, status: 409 });
    }
    expect((await shopper.call('getBasket', 'GET', '/api/basket')).body).toMatchObject({ itemCount: 0 });
  });

  it('when vehicle 1 was ordered, then vehicle 2 of the same session stays orderable', async () => {
    const shopper = await new TestShopper(url).start();
    await ordered(shopper);
    const other = await shopper.call(
      'getRenewalPage',
      'GET',
      '/api/renewal/cn-connected-navigation?carvin=ZAAAA1000AA000002&locale=en-GB',
    );
    expect(other.body).toMatchObject({ orderable: true, orderableFrom: null });
  });

  it('when the payment was declined, then the failed order holds nothing back', async () => {
    const shopper = await new TestShopper(url).start();
    await readyBasket(shopper);
    expect((await payStripe(shopper, '4000000000000002')).response.status).toBe(402);
    expect((await renewalPage(shopper)).body).toMatchObject({ orderable: true });
  });

  it('when the order is paid after 3-D Secure, then it is held back too', async () => {
    const shopper = await new TestShopper(url).start();
    await readyBasket(shopper);
    const first = await payStripe(shopper, '4000002760003184');
    expect(first.response.status).toBe(202);
    const back = await challenge(first.body.redirectUrl, 'complete');
    const confirmed = await confirmStripeReturn(shopper, back);
    expect(confirmed.response.status).toBe(200);
    expect((await renewalPage(shopper)).body).toMatchObject({ orderable: false });
  });

  it('when the basket holds a service ordered less than 24 hours ago, then placing the order is refused and the basket kept', async () => {
    const shopper = await new TestShopper(url).start();
    await ordered(shopper);
    // Filled while the control was off, then switched on again (an allow-listed host).
    await renewalPage(shopper, '&skipCheckoutControl=true');
    await readyBasket(shopper);
    await renewalPage(shopper, '&skipCheckoutControl=false');
    const refused = await payStripe(shopper, '4242424242424242');
    expect(refused.response.status).toBe(409);
    expect(refused.body).toMatchObject({ type: ORDER_IN_PROGRESS });
    const state = await shopper.call('getCheckoutState', 'GET', '/api/checkout');
    expect(state.response.status).toBe(200);
    expect(state.body).toMatchObject({ step: 4, basket: { itemCount: 1 } });
  });

  it('when 24 hours have passed since the order, then the service is orderable again', async () => {
    const shopper = await new TestShopper(url).start();
    const { after } = await ordered(shopper);
    vi.useFakeTimers({ toFake: ['Date'], now: after + 864e5 + 1000 });
    expect((await renewalPage(shopper)).body).toMatchObject({ orderable: true, orderableFrom: null });
    expect((await renew(shopper)).response.status).toBe(200);
  });
});

describe('skipCheckoutControl (storefront §2, §6: honoured only on allow-listed hosts)', () => {
  it('when given on an allow-listed host, then the page is orderable and the session keeps it: the basket and a second order go through', async () => {
    const shopper = await new TestShopper(url).start();
    await ordered(shopper);
    expect((await renewalPage(shopper, '&skipCheckoutControl=true')).body).toMatchObject({
      orderable: true,
      orderableFrom: null,
    });
    // Without the flag in the link, the session still holds it.
    expect((await renewalPage(shopper)).body).toMatchObject({ orderable: true });
    await readyBasket(shopper);
    expect((await payStripe(shopper, '4242424242424242')).response.status).toBe(201);
  });

  it('when given from a host that is not allow-listed, then it is ignored', async () => {
    const shopper = await new TestShopper(url).start();
    await ordered(shopper);
    // The same session (its cookie and CSRF token) through the host that is not allow-listed.
    const elsewhere = Object.assign(new TestShopper(notAllowListed), shopper.credentials());
    const page = await renewalPage(elsewhere, '&skipCheckoutControl=true');
    expect(page.response.status).toBe(200);
    expect(page.body).toMatchObject({ orderable: false });
    expect((await renew(elsewhere)).response.status).toBe(409);
    // Nor was it kept for the allow-listed host.
    expect((await renewalPage(shopper)).body).toMatchObject({ orderable: false });
  });
});
