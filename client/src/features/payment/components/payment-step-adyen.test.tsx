/**
 * Sandbox mode's card form with Adyen's actions (issue 14): the place-order answer's Adyen action
 * is followed as the live component would: a redirect by POST submits a form with the action's
 * data to its URL; a native 3-D Secure 2 challenge shows the sandbox challenge, whose
 * threeDSResult goes to POST /api/checkout/payment-details, then the confirmation opens.
 */
import { screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import en from '../../../../../catalogues/en.json' with { type: 'json' };
import {
  ADYEN_SANDBOX_SETUP_STUB,
  adyenCardTokenStub,
  contractExample,
  SESSION_STUB,
  stubApi,
  type StubHandler,
} from '../../../testing/api-stub.ts';
import { renderApp } from '../../../testing/render-app.tsx';

const ADDRESS = {
  firstName: 'Gus',
  lastName: 'Guest',
  countryCode: 'GB',
  address1: '1 High Street',
  address2: null,
  city: 'London',
  stateCode: null,
  postalCode: 'SW1A 1AA',
};

function state() {
  const basket = contractExample<Record<string, unknown>>('basketWithItem');
  Object.assign(basket, {
    customerEmail: 'gus@example.com',
    shippingAddress: ADDRESS,
    shippingMethodId: 'DIGITAL',
    billingAddress: ADDRESS,
  });
  return { step: 4, stepName: 'payment', guestCheckout: true, provider: 'adyen', basket };
}

const checkout: StubHandler = ['GET', /\/api\/checkout$/, { body: state() }];
const setup = ADYEN_SANDBOX_SETUP_STUB;
const token = adyenCardTokenStub('5454545454545454', 'mc');

async function payByCard(number: string) {
  await userEvent.type(await screen.findByLabelText('Card number'), number);
  await userEvent.type(screen.getByLabelText('Expiry date'), '1230');
  await userEvent.type(screen.getByLabelText('Security code'), '123');
  await userEvent.click(screen.getByRole('button', { name: /^Pay/ }));
}

afterEach(() => vi.restoreAllMocks());

describe('sandbox card form with Adyen actions', () => {
  it('when the order answers a POST redirect, then a form with the action data is posted to the action URL', async () => {
    const action = {
      type: 'redirect',
      method: 'POST',
      paymentMethodType: 'scheme',
      url: 'http://localhost:4010/adyen/__issuer/SBXP000000000005',
      data: { MD: 'md', PaReq: 'pareq', TermUrl: 'http://localhost:3000/en-GB/payment-confirmation?orderNo=00012348' },
    };
    stubApi([
      SESSION_STUB,
      checkout,
      setup,
      token,
      [
        'POST',
        /\/api\/checkout\/orders$/,
        {
          status: 202,
          body: {
            outcome: 'actionRequired',
            actionType: 'threeDSecure',
            orderNo: '00012348',
            adyen: { resultCode: 'RedirectShopper', action },
          },
        },
      ],
    ]);
    const submitted: HTMLFormElement[] = [];
    vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(function (this: HTMLFormElement) {
      submitted.push(this);
    });
    renderApp('/en-GB/checkout');
    await payByCard('4212345678910006');
    await waitFor(() => expect(submitted).toHaveLength(1));
    expect(submitted[0]!.action).toBe(action.url);
    expect(submitted[0]!.method).toBe('post');
    expect(Object.fromEntries(new FormData(submitted[0]!))).toEqual(action.data);
  });

  it('when the order answers a native challenge, then approving it posts the threeDSResult and opens the confirmation', async () => {
    const stub = stubApi([
      SESSION_STUB,
      checkout,
      setup,
      token,
      [
        'POST',
        /\/api\/checkout\/orders$/,
        {
          status: 202,
          body: {
            outcome: 'actionRequired',
            actionType: 'threeDSecure',
            orderNo: '00012349',
            adyen: {
              resultCode: 'ChallengeShopper',
              action: { type: 'threeDS2', subtype: 'challenge', token: 'tok', authorisationToken: 'auth-1' },
            },
          },
        },
      ],
      [
        'POST',
        /\/api\/checkout\/payment-details$/,
        { status: 200, body: { outcome: 'orderPlaced', orderNo: '00012349', status: 'new' } },
      ],
    ]);
    const { router } = renderApp('/en-GB/checkout');
    await payByCard('5454545454545454');
    await userEvent.click(await screen.findByRole('button', { name: en.checkout.card.challenge.approve }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/en-GB/confirmation/00012349'));
    const body = stub.calls.find((c) => c.path === '/api/checkout/payment-details')?.body as {
      orderNo: string;
      details: { threeDSResult: string };
    };
    expect(body.orderNo).toBe('00012349');
    expect(JSON.parse(atob(body.details.threeDSResult))).toEqual({ transStatus: 'Y', authorisationToken: 'auth-1' });
  });
});
