/**
 * The account's Add payment method with Adyen's redirect by POST (issue 14): the save-method
 * answer's Adyen action is followed by submitting a form with the action's data to its URL
 * (client/src/features/payment/components/redirect-form.ts), not by opening a URL.
 */
import { screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ADYEN_SANDBOX_SETUP_STUB,
  adyenCardTokenStub,
  contractExample,
  SESSION_STUB,
  stubApi,
  type StubHandler,
} from '../../../testing/api-stub.ts';
import { renderApp } from '../../../testing/render-app.tsx';

const SITE: StubHandler = ['GET', /\/api\/site$/, { body: { customPreferences: {} } }];
const page: StubHandler = [
  'GET',
  /\/api\/account\/payment-method$/,
  { body: contractExample('paymentMethodPageSavedCard') },
];
const setup = ADYEN_SANDBOX_SETUP_STUB;
const token = adyenCardTokenStub('4212345678910006', 'visa');
const action = {
  type: 'redirect',
  method: 'POST',
  paymentMethodType: 'scheme',
  url: 'http://localhost:4010/adyen/__issuer/SBXP000000000007',
  data: { MD: 'md', PaReq: 'pareq', TermUrl: 'http://localhost:3000/en-GB/account/my-payment-method' },
};

afterEach(() => vi.restoreAllMocks());

describe('Add payment method with an Adyen POST redirect', () => {
  it('when the saving answers a POST redirect, then a form with the action data is posted to the action URL', async () => {
    stubApi([
      SESSION_STUB,
      SITE,
      page,
      setup,
      token,
      [
        'POST',
        /\/api\/account\/payment-method$/,
        {
          status: 202,
          body: {
            outcome: 'actionRequired',
            actionType: 'threeDSecure',
            orderNo: null,
            adyen: { resultCode: 'RedirectShopper', action },
          },
        },
      ],
    ]);
    const submitted: HTMLFormElement[] = [];
    vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(function (this: HTMLFormElement) {
      submitted.push(this);
    });
    renderApp('/en-GB/account/my-payment-method/add-payment-method');
    await userEvent.click(await screen.findByRole('button', { name: 'Continue' }));
    await userEvent.type(await screen.findByLabelText('Card number'), '4212345678910006');
    await userEvent.type(screen.getByLabelText('Expiry date'), '1230');
    await userEvent.type(screen.getByLabelText('Security code'), '123');
    await userEvent.click(screen.getByRole('button', { name: 'Save payment method' }));
    await waitFor(() => expect(submitted).toHaveLength(1));
    expect(submitted[0]!.action).toBe(action.url);
    expect(Object.fromEntries(new FormData(submitted[0]!))).toEqual(action.data);
  });
});
