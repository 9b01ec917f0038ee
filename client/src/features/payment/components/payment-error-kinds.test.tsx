/**
 * The payment error kinds of storefront §8 where they occur: back from the bank or the wallet, the
 * modal is the one of the payment method's kind (iDeal-error, gPay-error, aPay-error), not the
 * card's; the proxy chooses the kind from the payment method type (server settlement.ts).
 */
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import nl from '../../../../../catalogues/nl.json' with { type: 'json' };
import { SESSION_STUB, stubApi } from '../../../testing/api-stub.ts';
import { renderApp } from '../../../testing/render-app.tsx';

const failed = (paymentErrorKind: string) =>
  stubApi([
    SESSION_STUB,
    [
      'POST',
      /\/api\/checkout\/payment-confirmation$/,
      {
        status: 402,
        body: {
          type: 'https://shop.example/problems/payment-authorisation-failed',
          title: 'Payment not approved',
          status: 402,
          detail: 'There was a problem processing your payment approval',
          paymentErrorKind,
        },
      },
    ],
  ]);

const back = (locale: string) =>
  `/${locale}/payment-confirmation?orderNo=00001234&provider=stripe&setup_intent=seti_1&redirect_status=failed`;

describe('payment error kinds where they occur (storefront §8)', () => {
  it.each([
    ['iDeal-error', 'iDEAL payment failed'],
    ['gPay-error', 'Google Pay payment failed'],
    ['aPay-error', 'Apple Pay payment failed'],
    ['card_authorisation_error', 'Payment failed'],
  ])('when the payment comes back as %s, then the modal is "%s"', async (kind, title) => {
    failed(kind);
    renderApp(back('en-GB'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading', { name: title })).toBeTruthy();
    expect(within(dialog).queryByRole('heading', { name: 'Card error' })).toBeNull();
  });

  it('when an iDEAL payment fails on a Dutch page, then the Dutch iDEAL modal', async () => {
    failed('iDeal-error');
    renderApp(back('nl-NL'));
    const dialog = await screen.findByRole('dialog');
    // The Dutch catalogue loads after the first render: the modal may open in English and turn Dutch.
    expect(await within(dialog).findByRole('heading', { name: nl.checkout.paymentErrors['7'].title })).toBeTruthy();
    expect(within(dialog).getByText(nl.checkout.paymentErrors['7'].description)).toBeTruthy();
  });
});
