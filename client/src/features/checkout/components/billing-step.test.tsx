/**
 * The billing step's saved addresses (storefront §6 "Registered customers get saved addresses and
 * saved payment methods. Guest checkout saves no addresses."; §2 Checkout step 4, billing address):
 * a registered customer chooses one of their saved addresses from a radio group and it fills the
 * billing address; a guest is offered none.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { contractExample, SESSION_STUB, stubApi, type StubHandler } from '../../../testing/api-stub.ts';
import { renderApp } from '../../../testing/render-app.tsx';

const SHIPPING = {
  firstName: 'Alex',
  lastName: 'Owner',
  countryCode: 'GB',
  address1: '10 Downing Street',
  address2: null,
  city: 'London',
  stateCode: null,
  postalCode: 'SW1A 2AA',
};
const WORK = {
  firstName: 'Alex',
  lastName: 'Owner',
  countryCode: 'GB',
  address1: '1 Canada Square',
  address2: 'Floor 12',
  city: 'London',
  stateCode: null,
  postalCode: 'E14 5AB',
};

const session = (authType: 'guest' | 'registered'): StubHandler => [
  'GET',
  /\/api\/session$/,
  {
    body: {
      ...(SESSION_STUB[2] as { body: object }).body,
      authType,
      customer: authType === 'registered' ? { customerId: 'abcAlexOwner0001', firstName: 'Alex' } : null,
    },
  },
];

function billingStep(): StubHandler {
  const basket = contractExample<Record<string, unknown>>('basketWithItem');
  Object.assign(basket, {
    customerEmail: 'alex.owner@example.com',
    shippingAddress: SHIPPING,
    shippingMethodId: 'DIGITAL',
    billingAddress: null,
  });
  return [
    'GET',
    /\/api\/checkout$/,
    { body: { step: 3, stepName: 'billingAddress', guestCheckout: false, provider: 'stripe', basket } },
  ];
}

const savedAddresses = (addresses: unknown[]): StubHandler => [
  'GET',
  /\/api\/checkout\/saved-addresses$/,
  { body: { addresses } },
];

const available: StubHandler = ['GET', /\/api\/address\/status$/, { body: { available: true } }];

describe('saved addresses at the billing step (storefront §6)', () => {
  it('when a registered customer chooses a saved address, then it fills the billing address that is sent', async () => {
    const api = stubApi([
      session('registered'),
      billingStep(),
      savedAddresses([
        { addressId: 'home', preferred: true, address: SHIPPING },
        { addressId: 'work', preferred: false, address: WORK },
      ]),
      available,
      ['PUT', /\/api\/basket\/billing-address$/, { body: contractExample('basketWithItem') }],
    ]);
    renderApp('/en-GB/checkout');
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Same as shipping address' }));
    const group = await screen.findByRole('group', { name: 'Saved addresses' });
    const radios = within(group).getAllByRole('radio');
    expect(radios.map((radio) => radio.getAttribute('name'))).toEqual(Array(3).fill(radios[0]!.getAttribute('name')));
    expect(within(group).getByRole('radio', { name: 'Enter a new address' })).toHaveProperty('checked', true);
    await userEvent.click(
      within(group).getByRole('radio', { name: 'Alex Owner, 1 Canada Square, Floor 12, E14 5AB London, GB' }),
    );
    expect(
      within(group).getByRole('radio', { name: 'Alex Owner, 1 Canada Square, Floor 12, E14 5AB London, GB' }),
    ).toHaveProperty('checked', true);
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Address line 1' })).toHaveProperty('value', '1 Canada Square'),
    );
    expect(screen.getByRole('textbox', { name: 'Postal code' })).toHaveProperty('value', 'E14 5AB');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() =>
      expect(
        api.calls.find((call) => call.method === 'PUT' && call.path.endsWith('/billing-address'))?.body,
      ).toMatchObject({
        firstName: 'Alex',
        lastName: 'Owner',
        address1: '1 Canada Square',
        address2: 'Floor 12',
        postalCode: 'E14 5AB',
        city: 'London',
        countryCode: 'GB',
      }),
    );
  });

  it('when a guest reaches the billing step, then no saved address is offered', async () => {
    stubApi([session('guest'), billingStep(), savedAddresses([]), available]);
    renderApp('/en-GB/checkout');
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Same as shipping address' }));
    expect(await screen.findByRole('button', { name: 'Continue' })).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Saved addresses' })).toBeNull();
    expect(screen.queryByRole('radio')).toBeNull();
  });
});
