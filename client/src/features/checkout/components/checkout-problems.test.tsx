/**
 * Problems inside translated pages (issue 14; storefront §8 payment errors, §5 postal codes where
 * shipping is not allowed): a French checkout shows the French words chosen by the problem's code
 * or type, never the proxy's English detail.
 */
import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import fr from '../../../../../catalogues/fr.json' with { type: 'json' };
import {
  contractExample,
  SESSION_STUB,
  STRIPE_CARD_TOKEN_STUB,
  stripeSandboxSetupStub,
  stubApi,
  type StubHandler,
} from '../../../testing/api-stub.ts';
import { renderApp } from '../../../testing/render-app.tsx';

const ADDRESS = {
  firstName: 'Camille',
  lastName: 'Martin',
  countryCode: 'FR',
  address1: '1 rue de Rivoli',
  address2: null,
  city: 'Paris',
  stateCode: null,
  postalCode: '75004',
};

function checkout(step: 1 | 4): StubHandler {
  const basket = contractExample<Record<string, unknown>>('basketWithItem');
  Object.assign(basket, {
    customerEmail: 'camille@example.com',
    shippingAddress: step === 4 ? ADDRESS : null,
    shippingMethodId: step === 4 ? 'DIGITAL' : null,
    billingAddress: step === 4 ? ADDRESS : null,
  });
  const stepName = step === 4 ? 'payment' : 'shippingAddress';
  return ['GET', /\/api\/checkout$/, { body: { step, stepName, guestCheckout: true, provider: 'stripe', basket } }];
}

const available: StubHandler = ['GET', /\/api\/address\/status$/, { body: { available: true } }];

describe('problems in a French checkout (issue 14)', () => {
  it('when the card is declined, then the modal says "Votre carte a été refusée." and not the English detail', async () => {
    stubApi([
      SESSION_STUB,
      checkout(4),
      stripeSandboxSetupStub('eur'),
      STRIPE_CARD_TOKEN_STUB,
      // detail "Your card was declined.", code card_declined, kind card_error
      ['POST', /\/api\/checkout\/orders$/, { status: 402, body: contractExample('problemCardRefused') }],
    ]);
    renderApp('/fr-FR/checkout');
    await userEvent.type(await screen.findByLabelText(fr.checkout.card.number), '4000000000000002');
    await userEvent.type(screen.getByLabelText(fr.checkout.card.expiry), '1230');
    await userEvent.type(screen.getByLabelText(fr.checkout.card.cvc), '123');
    await userEvent.click(screen.getByRole('button', { name: /^Payer/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading', { name: 'Erreur de carte' })).toBeTruthy();
    expect(within(dialog).getByText('Votre carte a été refusée.')).toBeTruthy();
    expect(within(dialog).queryByText('Your card was declined.')).toBeNull();
  });

  it('when shipping to an excluded postal code, then the French postal-code error, not the English one', async () => {
    stubApi([
      SESSION_STUB,
      checkout(1),
      available,
      [
        'PUT',
        /\/api\/basket\/shipping-address$/,
        {
          status: 422,
          body: {
            type: 'https://shop.example/problems/postal-code-excluded',
            title: 'Postal code not supported',
            status: 422,
            detail: 'Shipping is not available to postal code 97100 in FR.',
            code: 'postal_code_excluded',
            errors: [
              {
                field: '/postalCode',
                message: 'Shipping is not available to this postal code.',
                code: 'postal_code_excluded',
              },
            ],
          },
        },
      ],
    ]);
    renderApp('/fr-FR/checkout');
    await userEvent.click(await screen.findByRole('button', { name: fr.address.addManually }));
    await userEvent.type(screen.getByLabelText(fr.address.firstName), 'Camille');
    await userEvent.type(screen.getByLabelText(fr.address.lastName), 'Martin');
    await userEvent.type(screen.getByLabelText(fr.address.address1), '1 rue Victor Hugo');
    await userEvent.type(screen.getByLabelText(fr.address.city), 'Les Abymes');
    await userEvent.type(screen.getByLabelText(fr.address.postalCode), '97100');
    await userEvent.click(screen.getByRole('button', { name: fr.checkout.continue }));
    expect(await screen.findByText("La livraison n'est pas disponible pour ce code postal.")).toBeTruthy();
    expect(screen.queryByText(/Shipping is not available/)).toBeNull();
  });
});
