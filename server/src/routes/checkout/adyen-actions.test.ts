/**
 * Adyen's actions through the proxy against the in-process sandbox (issue 14; storefront §4 "On
 * payment"): the place-order answer hands the client Adyen's action as Adyen gave it (a redirect
 * by POST with its data, a native 3-D Secure 2 challenge), and POST /checkout/payment-details
 * takes the component's onAdditionalDetails state.data, asks /payments/details and settles the
 * order as the redirect return does. Every answer is checked against proxy.yaml.
 */
import { describe, expect, it } from 'vitest';
import { useSandboxServer } from '../../testing/sandbox-server.ts';
import { FR_ADDRESS, payAdyen, payStripe } from '../../testing/payments.ts';
import { readyBasket, TestShopper } from '../../testing/shop-client.ts';

const { url } = useSandboxServer({ RATE_LIMIT_PAYMENT: '1000' });

const POST_REDIRECT_CARD = '4212345678910006';
const NATIVE_3DS2_CARD = '5454545454545454';

async function frShopper() {
  const shopper = await new TestShopper(url).start('?locale=fr-FR');
  await readyBasket(shopper, { vin: 'ZAAAA1000AA000004', locale: 'fr-FR', address: FR_ADDRESS });
  return shopper;
}

/** The component's threeDSResult after the challenge: transStatus and the action's authorisationToken. */
const threeDSResult = (transStatus: 'Y' | 'N', authorisationToken: string) =>
  Buffer.from(JSON.stringify({ transStatus, authorisationToken })).toString('base64');

const form = { 'content-type': 'application/x-www-form-urlencoded' };

describe('Adyen actions through the proxy (FR)', () => {
  it('when 4212 3456 7891 0006 pays, then 202 hands over the POST redirect with its data and no GET URL', async () => {
    const shopper = await frShopper();
    const { response, body } = await payAdyen(shopper, POST_REDIRECT_CARD);
    expect(response.status).toBe(202);
    expect(body).toMatchObject({
      outcome: 'actionRequired',
      actionType: 'threeDSecure',
      adyen: {
        resultCode: 'RedirectShopper',
        action: {
          type: 'redirect',
          method: 'POST',
          data: { MD: expect.any(String), PaReq: expect.any(String), TermUrl: expect.any(String) },
        },
      },
    });
    expect(body.redirectUrl).toBeUndefined();
    expect(body.adyen.action.data.TermUrl).toContain(`/fr-FR/payment-confirmation?orderNo=${body.orderNo}`);
  });

  it('when the POST redirect is approved at the issuer, then the posted redirectResult settles the order', async () => {
    const shopper = await frShopper();
    const { body } = await payAdyen(shopper, POST_REDIRECT_CARD);
    const action = body.adyen.action as { url: string; data: Record<string, string> };
    const issuer = await (
      await fetch(action.url, { method: 'POST', headers: form, body: new URLSearchParams(action.data) })
    ).text();
    const answerUrl = /action="([^"]+)"/.exec(issuer)![1]!;
    const back = await (await fetch(answerUrl, { method: 'POST', headers: form, body: 'outcome=complete' })).text();
    const redirectResult = /name="redirectResult" value="([^"]+)"/.exec(back)![1]!;
    const confirmed = await shopper.call('confirmPayment', 'POST', '/api/checkout/payment-confirmation', {
      orderNo: body.orderNo,
      provider: 'adyen',
      redirectResult,
    });
    expect(confirmed.response.status).toBe(200);
    expect(confirmed.body).toMatchObject({ outcome: 'orderPlaced', orderNo: body.orderNo, status: 'new' });
  });

  it('when 5454 5454 5454 5454 pays, then 202 hands over the native threeDS2 challenge as Adyen gave it', async () => {
    const shopper = await frShopper();
    const { response, body } = await payAdyen(shopper, NATIVE_3DS2_CARD);
    expect(response.status).toBe(202);
    expect(body).toMatchObject({
      outcome: 'actionRequired',
      actionType: 'threeDSecure',
      adyen: {
        resultCode: 'ChallengeShopper',
        action: {
          type: 'threeDS2',
          subtype: 'challenge',
          token: expect.any(String),
          authorisationToken: expect.any(String),
        },
      },
    });
    expect(body.redirectUrl).toBeUndefined();
  });

  it('when the challenge is approved, then payment-details settles the order new and the basket is consumed', async () => {
    const shopper = await frShopper();
    const { body } = await payAdyen(shopper, NATIVE_3DS2_CARD);
    const details = await shopper.call('submitPaymentDetails', 'POST', '/api/checkout/payment-details', {
      context: 'checkout',
      orderNo: body.orderNo,
      details: { threeDSResult: threeDSResult('Y', body.adyen.action.authorisationToken) },
    });
    expect(details.response.status).toBe(200);
    expect(details.body).toMatchObject({ outcome: 'orderPlaced', orderNo: body.orderNo, status: 'new' });
    const confirmation = await shopper.call(
      'getOrderConfirmation',
      'GET',
      `/api/checkout/confirmation/${body.orderNo}`,
    );
    expect(confirmation.response.status).toBe(200);
  });

  it('when the challenge is refused, then 402 card_authorisation_error, the order failed and the basket kept', async () => {
    const shopper = await frShopper();
    const { body } = await payAdyen(shopper, NATIVE_3DS2_CARD);
    const details = await shopper.call('submitPaymentDetails', 'POST', '/api/checkout/payment-details', {
      orderNo: body.orderNo,
      details: { threeDSResult: threeDSResult('N', body.adyen.action.authorisationToken) },
    });
    expect(details.response.status).toBe(402);
    expect(details.body.paymentErrorKind).toBe('card_authorisation_error');
    expect((await shopper.call('getCheckoutState', 'GET', '/api/checkout')).body.basket.itemCount).toBe(1);
  });

  it('when the threeDSResult is forged, then Adyen refuses it (502) and the order is not settled paid', async () => {
    const shopper = await frShopper();
    const { body } = await payAdyen(shopper, NATIVE_3DS2_CARD);
    const details = await shopper.call('submitPaymentDetails', 'POST', '/api/checkout/payment-details', {
      orderNo: body.orderNo,
      details: { threeDSResult: threeDSResult('Y', 'forged') },
    });
    expect(details.response.status).toBe(502);
    expect((await shopper.call('getCheckoutState', 'GET', '/api/checkout')).body.basket.itemCount).toBe(1);
  });

  it('when the details are empty, then 400 and nothing is asked of Adyen', async () => {
    const shopper = await frShopper();
    const { body } = await payAdyen(shopper, NATIVE_3DS2_CARD);
    const details = await shopper.call('submitPaymentDetails', 'POST', '/api/checkout/payment-details', {
      orderNo: body.orderNo,
      details: {},
    });
    expect(details.response.status).toBe(400);
  });

  it('when the payment in flight is a Stripe one, then payment-details answers 400 and leaves it open', async () => {
    const shopper = await new TestShopper(url).start();
    await readyBasket(shopper);
    const first = await payStripe(shopper, '4000002760003184');
    expect(first.response.status).toBe(202);
    const details = await shopper.call('submitPaymentDetails', 'POST', '/api/checkout/payment-details', {
      orderNo: first.body.orderNo,
      details: { threeDSResult: threeDSResult('Y', 'any') },
    });
    expect(details.response.status).toBe(400);
    expect(details.body.errors[0]).toMatchObject({ field: '/details', code: 'mismatch' });
  });
});
