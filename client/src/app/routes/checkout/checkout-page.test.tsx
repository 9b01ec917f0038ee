/**
 * Checkout (storefront §4 Checkout, §5 Address form and Card form, §8 payment errors) against
 * stubbed proxy answers built from proxy.yaml's examples.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  contractExample,
  SESSION_STUB,
  STRIPE_CARD_TOKEN_STUB,
  stripeSandboxSetupStub,
  stubApi,
  type StubHandler,
} from '../../../testing/api-stub.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { cardErrors } from '../../../features/payment/components/card-errors.ts';

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

function state(step: 0 | 1 | 2 | 3 | 4) {
  const basket = contractExample<Record<string, unknown>>('basketWithItem');
  Object.assign(basket, {
    customerEmail: step >= 1 ? 'gus@example.com' : null,
    shippingAddress: step >= 2 ? ADDRESS : null,
    shippingMethodId: step >= 3 ? 'DIGITAL' : null,
    billingAddress: step >= 4 ? ADDRESS : null,
  });
  const names = ['login', 'shippingAddress', 'shippingMethod', 'billingAddress', 'payment'];
  return { step, stepName: names[step], guestCheckout: step >= 1, provider: 'stripe', basket };
}

const checkout = (step: 0 | 1 | 2 | 3 | 4): StubHandler => ['GET', /\/api\/checkout$/, { body: state(step) }];
const available: StubHandler = ['GET', /\/api\/address\/status$/, { body: { available: true } }];

describe('checkout steps (§4)', () => {
  it('when the basket has no e-mail, then the login step is open with a guest e-mail form and the summary', async () => {
    stubApi([SESSION_STUB, checkout(0), available]);
    renderApp('/en-GB/checkout');
    expect(await screen.findByLabelText('Email address')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Log in' })).toBeTruthy();
    const summary = screen.getByRole('complementary', { name: 'Order summary' });
    expect(within(summary).getByText('Subtotal excl. VAT')).toBeTruthy();
    expect(within(summary).getByText('VAT')).toBeTruthy();
  });

  it('when the basket is empty (409), then "Basket is empty"', async () => {
    stubApi([
      SESSION_STUB,
      [
        'GET',
        /\/api\/checkout$/,
        { status: 409, body: { title: 'Basket is empty', status: 409, detail: 'Basket is empty' } },
      ],
    ]);
    renderApp('/en-GB/checkout');
    expect(await screen.findByText('Basket is empty')).toBeTruthy();
  });

  it('when the shipping address is the first incomplete step, then it opens with the lookup and its hint', async () => {
    stubApi([SESSION_STUB, checkout(1), available]);
    renderApp('/en-GB/checkout');
    expect(await screen.findByLabelText('Find your address')).toBeTruthy();
    expect(screen.getByText('Enter full address or postcode.')).toBeTruthy();
    expect(screen.getByText('gus@example.com')).toBeTruthy();
  });

  it('when the items are hidden, then "show items" brings them back', async () => {
    stubApi([SESSION_STUB, checkout(1), available]);
    renderApp('/en-GB/checkout');
    await userEvent.click(await screen.findByRole('button', { name: 'hide items' }));
    expect(screen.getByRole('button', { name: 'show items' }).getAttribute('aria-expanded')).toBe('false');
  });
});

describe('address form (§5)', () => {
  it('when submitted empty in manual mode, then every required field says its message', async () => {
    stubApi([SESSION_STUB, checkout(1), available]);
    renderApp('/en-GB/checkout');
    await userEvent.click(await screen.findByRole('button', { name: 'Add address manually' }));
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    for (const message of [
      'Please enter a first name.',
      'Please enter your last name.',
      'Please enter your address.',
      'Please enter your town or city.',
      'Please enter a postal code.',
    ]) {
      expect(await screen.findByText(message)).toBeTruthy();
    }
    expect(screen.getByLabelText('Address line 2 (Optional)')).toBeTruthy();
  });

  it('when the country is US, then a state is required ("Please select a state.")', async () => {
    stubApi([SESSION_STUB, checkout(1), available]);
    renderApp('/en-GB/checkout');
    await userEvent.click(await screen.findByRole('button', { name: 'Add address manually' }));
    await userEvent.selectOptions(screen.getByLabelText('Country'), 'US');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Please select a state.')).toBeTruthy();
  });

  it('when the state is searched ("Please select a value or type something."), then typing narrows the list and the choice is sent as its code', async () => {
    const stub = stubApi([
      SESSION_STUB,
      checkout(1),
      available,
      ['PUT', /\/api\/basket\/shipping-address$/, { body: state(2).basket }],
    ]);
    renderApp('/en-GB/checkout');
    await userEvent.click(await screen.findByRole('button', { name: 'Add address manually' }));
    await userEvent.selectOptions(screen.getByLabelText('Country'), 'US');
    const stateField = screen.getByRole('combobox', { name: 'State' });
    expect(stateField.getAttribute('placeholder')).toBe('Please select a value or type something.');
    await userEvent.type(stateField, 'new');
    const options = within(screen.getByRole('listbox'))
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(options).toEqual(['New Hampshire', 'New Jersey', 'New Mexico', 'New York']);
    await userEvent.click(screen.getByRole('option', { name: 'New York' }));
    expect((stateField as HTMLInputElement).value).toBe('New York');
    await userEvent.type(screen.getByLabelText('First name'), 'Sam');
    await userEvent.type(screen.getByLabelText('Last name'), 'States');
    await userEvent.type(screen.getByLabelText('Address line 1'), '1 Broadway');
    await userEvent.type(screen.getByLabelText('Town or city'), 'New York');
    await userEvent.type(screen.getByLabelText('Postal code'), '10004');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() =>
      expect(stub.calls.find((call) => call.method === 'PUT')?.body).toMatchObject({
        countryCode: 'US',
        stateCode: 'NY',
      }),
    );
  });

  it.each([
    ['a code, when the field is left', 'ny', 'New York'],
    ['a full name in other case', 'québec', 'Quebec'],
  ])('when the state field holds %s, then it selects that state', async (_, typed, shown) => {
    stubApi([SESSION_STUB, checkout(1), available]);
    renderApp('/en-GB/checkout');
    await userEvent.click(await screen.findByRole('button', { name: 'Add address manually' }));
    await userEvent.selectOptions(screen.getByLabelText('Country'), shown === 'Quebec' ? 'CA' : 'US');
    const stateField = screen.getByRole('combobox', { name: 'State' });
    await userEvent.type(stateField, typed);
    await userEvent.click(screen.getByLabelText('Postal code'));
    expect((stateField as HTMLInputElement).value).toBe(shown);
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByText('Please enter a first name.');
    expect(screen.queryByText('Please select a state.')).toBeNull();
  });

  it('when the state text names no state, then nothing is selected and "Please select a state." shows', async () => {
    stubApi([SESSION_STUB, checkout(1), available]);
    renderApp('/en-GB/checkout');
    await userEvent.click(await screen.findByRole('button', { name: 'Add address manually' }));
    await userEvent.selectOptions(screen.getByLabelText('Country'), 'US');
    await userEvent.type(screen.getByRole('combobox', { name: 'State' }), 'Atlantis');
    expect(screen.getByText('No matching options')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Please select a state.')).toBeTruthy();
  });

  it('when a postal code is typed, then characters other than letters, digits, spaces and hyphens are dropped', async () => {
    stubApi([SESSION_STUB, checkout(1), available]);
    renderApp('/en-GB/checkout');
    await userEvent.click(await screen.findByRole('button', { name: 'Add address manually' }));
    const postal = screen.getByLabelText('Postal code');
    await userEvent.type(postal, 'SW1A_1AA!');
    expect((postal as HTMLInputElement).value).toBe('SW1A1AA');
  });

  it('when the probe says the lookup is unavailable, then manual entry with its message', async () => {
    stubApi([SESSION_STUB, checkout(1), ['GET', /\/api\/address\/status$/, { body: { available: false } }]]);
    renderApp('/en-GB/checkout');
    expect(
      await screen.findByText('Address lookup service is unavailable. Please enter your address manually.'),
    ).toBeTruthy();
    expect(screen.getByLabelText('Address line 1')).toBeTruthy();
    expect(screen.queryByLabelText('Find your address')).toBeNull();
  });

  it('when fewer than 3 characters are typed, then no search; at 3, the suggestions', async () => {
    const stub = stubApi([
      SESSION_STUB,
      checkout(1),
      available,
      [
        'GET',
        /\/api\/address\/find$/,
        {
          body: {
            items: [{ Id: 'GB|1', Text: '10 Downing Street', Description: 'London, SW1A 2AA', Type: 'Address' }],
          },
        },
      ],
    ]);
    renderApp('/en-GB/checkout');
    const lookup = await screen.findByLabelText('Find your address');
    await userEvent.type(lookup, 'SW');
    expect(stub.calls.some((c) => c.path.startsWith('/api/address/find'))).toBe(false);
    await userEvent.type(lookup, '1');
    expect(await screen.findByRole('button', { name: /10 Downing Street/ })).toBeTruthy();
  });

  it('when the lookup finds nothing (422), then the not-found message', async () => {
    stubApi([
      SESSION_STUB,
      checkout(1),
      available,
      ['GET', /\/api\/address\/find$/, { status: 422, body: { title: 'x', status: 422 } }],
    ]);
    renderApp('/en-GB/checkout');
    await userEvent.type(await screen.findByLabelText('Find your address'), 'zzzz');
    expect(
      await screen.findByText('Address cannot be found. Please try a different address or add your address manually.'),
    ).toBeTruthy();
  });
});

describe('card form messages (§5 Card form)', () => {
  const now = Date.parse('2026-11-23T00:00:00Z');
  it.each([
    ['4242 4242', '12 / 30', '123', 'number', 'numberIncomplete'],
    ['4242 4242 4242 4241', '12 / 30', '123', 'number', 'numberInvalid'],
    ['4242 4242 4242 4242', '12 / 3', '123', 'expiry', 'expiryIncomplete'],
    ['4242 4242 4242 4242', '10 / 26', '123', 'expiry', 'expiryYearInPast'],
    ['4242 4242 4242 4242', '12 / 30', '12', 'cvc', 'securityCodeIncomplete'],
  ])('when %s, %s, %s, then %s says %s', (number, expiry, cvc, field, key) => {
    expect(cardErrors(number, expiry, cvc, now)).toMatchObject({ [field]: key });
  });

  it('when the card is complete and valid, then no error', () => {
    expect(cardErrors('4242 4242 4242 4242', '12 / 30', '123', now)).toEqual({});
  });
});

describe('payment (§4 On payment, §8)', () => {
  const setup = stripeSandboxSetupStub();
  const token = STRIPE_CARD_TOKEN_STUB;

  async function fillCard() {
    await userEvent.type(await screen.findByLabelText('Card number'), '4000000000000002');
    await userEvent.type(screen.getByLabelText('Expiry date'), '1230');
    await userEvent.type(screen.getByLabelText('Security code'), '123');
  }

  it('when the card is declined, then the card error modal; a second attempt sends a new Idempotency-Key', async () => {
    const stub = stubApi([
      SESSION_STUB,
      checkout(4),
      setup,
      token,
      ['POST', /\/api\/checkout\/orders$/, { status: 402, body: contractExample('problemCardRefused') }],
    ]);
    const keys: string[] = [];
    const original = globalThis.fetch;
    globalThis.fetch = (async (input: Request) => {
      if (input instanceof Request && input.url.endsWith('/api/checkout/orders'))
        keys.push(input.headers.get('Idempotency-Key') ?? '');
      return original(input);
    }) as typeof fetch;
    renderApp('/en-GB/checkout');
    await fillCard();
    await userEvent.click(screen.getByRole('button', { name: /^Pay/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading', { name: 'Card error' })).toBeTruthy();
    expect(within(dialog).getByText('Your card was declined.')).toBeTruthy();
    await userEvent.click(within(dialog).getAllByRole('button', { name: 'Try again' }).at(-1)!);
    await userEvent.click(await screen.findByRole('button', { name: /^Pay/ }));
    await waitFor(() => expect(keys).toHaveLength(2));
    expect(keys[0]).toMatch(/^[A-Za-z0-9-]{8,}$/);
    expect(keys[1]).not.toBe(keys[0]);
    expect(stub.calls.filter((c) => c.path === '/api/checkout/orders')).toHaveLength(2);
    // The sandbox card form stands in for Stripe.js: it tells the sandbox the Elements group's options.
    expect(stub.calls.find((c) => c.path === '/api/sandbox/card-tokens')?.body).toMatchObject({
      provider: 'stripe',
      stripeElements: {
        mode: 'setup',
        currency: 'gbp',
        paymentMethodCreation: 'manual',
        allowedPaymentMethodTypes: ['card'],
      },
    });
  });

  it('when the billing country does not match the card, then the mismatch text verbatim', async () => {
    stubApi([
      SESSION_STUB,
      checkout(4),
      setup,
      token,
      ['POST', /\/api\/checkout\/orders$/, { status: 409, body: contractExample('problemBillingMismatch') }],
    ]);
    renderApp('/en-GB/checkout');
    await fillCard();
    await userEvent.click(screen.getByRole('button', { name: /^Pay/ }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText(
        'Your billing address does not match the country associated with your payment method. Please try again with a different address or payment method',
      ),
    ).toBeTruthy();
  });

  it('when the order is placed, then the confirmation page opens', async () => {
    stubApi([
      SESSION_STUB,
      checkout(4),
      setup,
      token,
      [
        'POST',
        /\/api\/checkout\/orders$/,
        { status: 201, body: { outcome: 'orderPlaced', orderNo: '00012345', status: 'new' } },
      ],
    ]);
    const { router } = renderApp('/en-GB/checkout');
    await fillCard();
    await userEvent.click(screen.getByRole('button', { name: /^Pay/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/en-GB/confirmation/00012345'));
    expect(sessionStorage.getItem('lastOrderPlaced')).toBe('00012345');
  });

  it('when the checkout is opened again after the order, then the completed tick, thank-you, manage and my-services', async () => {
    sessionStorage.setItem('lastOrderPlaced', '00012345');
    stubApi([
      [
        'GET',
        /\/api\/session$/,
        {
          body: {
            ...(SESSION_STUB[2] as { body: object }).body,
            authType: 'registered',
            customer: { customerId: 'c1', firstName: 'Alex' },
            vehicle: { vin: 'ZAAAA1000AA000001', model: 'Aurora Sport Tourer' },
          },
        },
      ],
      ['GET', /\/api\/checkout$/, { status: 409, body: { title: 'Basket is empty', status: 409 } }],
    ]);
    try {
      const { router } = renderApp('/en-GB/checkout');
      expect(await screen.findByRole('heading', { level: 1, name: 'Thank you for your order' })).toBeTruthy();
      expect(screen.getByText('Your order 00012345 has been placed, and your basket is empty.')).toBeTruthy();
      // The session's vehicle (read beside the checkout) decides where "My services" leads.
      await waitFor(() =>
        expect(screen.getByRole('link', { name: 'My services' }).getAttribute('href')).toBe(
          '/en-GB/service?carvin=ZAAAA1000AA000001',
        ),
      );
      expect(screen.getByRole('link', { name: 'View the order confirmation' }).getAttribute('href')).toBe(
        '/en-GB/confirmation/00012345',
      );
      await userEvent.click(await screen.findByRole('button', { name: 'Manage my subscriptions' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/en-GB/account/my-subscriptions'));
    } finally {
      sessionStorage.clear();
    }
  });
});
