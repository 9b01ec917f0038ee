/**
 * The address form's two modes (storefront §4 Address form modes: "Lookup (autocomplete) or manual.
 * "Add address manually" switches to manual and "Back to address lookup" switches back. Switching
 * clears the fields and errors."), at the checkout's shipping-address step.
 *
 * The first and last names stay: they sit above the lookup and are asked in both modes, so the
 * form (address-form.tsx, switchMode) reads "the fields" as the address's own fields, the ones a
 * mode switch swaps: the lookup text and its result, address lines, city, state and postal code.
 * The country goes back to the locale's default with them.
 */
import { screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  contractExample,
  operationExample,
  SESSION_STUB,
  stubApi,
  type StubHandler,
} from '../../../testing/api-stub.ts';
import { renderApp } from '../../../testing/render-app.tsx';

function basketAtAddressStep() {
  const basket = contractExample<Record<string, unknown>>('basketWithItem');
  Object.assign(basket, { customerEmail: 'gus@example.com', shippingAddress: null, billingAddress: null });
  return { step: 1, stepName: 'shippingAddress', guestCheckout: true, provider: 'stripe', basket };
}

const atAddressStep: StubHandler[] = [
  SESSION_STUB,
  ['GET', /\/api\/checkout$/, { body: basketAtAddressStep() }],
  ['GET', /\/api\/address\/status$/, { body: { available: true } }],
];

const value = (label: string) => (screen.getByLabelText(label) as HTMLInputElement | HTMLSelectElement).value;

const ERRORS = [
  'Please enter your address.',
  'Please enter your town or city.',
  'Please enter a postal code.',
  'Please select a billing address.',
  'Address cannot be found. Please try a different address or add your address manually.',
];

function expectNoErrors() {
  for (const message of ERRORS) expect(screen.queryByText(message)).toBeNull();
  expect(document.querySelectorAll('.field__error')).toHaveLength(0);
  expect(document.querySelectorAll('[aria-invalid="true"]')).toHaveLength(0);
}

describe('address form modes (§4 Address form modes: "Switching clears the fields and errors.")', () => {
  it('when manual entry with typed fields and errors goes "Back to address lookup", then the lookup is empty and the errors gone; the names stay', async () => {
    stubApi(atAddressStep);
    renderApp('/en-GB/checkout');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add address manually' }));
    await user.type(screen.getByLabelText('First name'), 'Gus');
    await user.type(screen.getByLabelText('Last name'), 'Guest');
    await user.selectOptions(screen.getByLabelText('Country'), 'FR');
    await user.type(screen.getByLabelText('Address line 2 (Optional)'), 'Flat 2');
    await user.type(screen.getByLabelText('Postal code'), '75001');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Please enter your address.')).toBeTruthy();
    expect(screen.getByText('Please enter your town or city.')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Back to address lookup' }));
    expect(value('Find your address')).toBe('');
    expect(screen.queryByLabelText('Address line 1')).toBeNull();
    expectNoErrors();
    // The names are kept (see the header): only the address's fields are cleared.
    expect(value('First name')).toBe('Gus');
    expect(value('Last name')).toBe('Guest');
    expect(value('Country')).toBe('GB');

    // Manual again: the address fields typed before the switch do not come back.
    await user.click(screen.getByRole('button', { name: 'Add address manually' }));
    for (const label of ['Address line 1', 'Address line 2 (Optional)', 'Town or city', 'Postal code'])
      expect(value(label)).toBe('');
    expectNoErrors();
  });

  it('when the lookup has a chosen address, a not-found message and a required error, "Add address manually" opens empty address fields without errors', async () => {
    stubApi([
      ...atAddressStep,
      [
        'GET',
        /\/api\/address\/find$/,
        (request) =>
          new URL(request.url).searchParams.get('text') === 'zzzz'
            ? { status: 422, body: { title: 'Address not found', status: 422 } }
            : {
                body: {
                  items: [{ Id: 'GB|1', Text: '10 Downing Street', Description: 'London, SW1A 2AA', Type: 'Address' }],
                },
              },
      ],
      [
        'GET',
        /\/api\/address\/retrieve\//,
        { body: operationExample('/address/retrieve/{id}', 'get', 200, 'downingStreet') },
      ],
    ]);
    renderApp('/en-GB/checkout');
    const user = userEvent.setup();
    // An empty submit in lookup mode: the lookup's required error.
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Please select a billing address.')).toBeTruthy();
    await user.type(screen.getByLabelText('First name'), 'Gus');
    // A chosen address fills the address fields.
    await user.type(screen.getByLabelText('Find your address'), 'Downing');
    await user.click(await screen.findByRole('button', { name: /10 Downing Street/ }));
    expect(await screen.findByDisplayValue('10 Downing Street')).toBeTruthy();
    expect(value('Postal code')).toBe('SW1A 2AA');

    await user.click(screen.getByRole('button', { name: 'Add address manually' }));
    for (const label of ['Address line 1', 'Address line 2 (Optional)', 'Town or city', 'Postal code'])
      expect(value(label)).toBe('');
    expectNoErrors();
    expect(value('First name')).toBe('Gus');

    // Back to the lookup: a not-found message, then manual: the message is gone with the text.
    await user.click(screen.getByRole('button', { name: 'Back to address lookup' }));
    expect(value('Find your address')).toBe('');
    await user.type(screen.getByLabelText('Find your address'), 'zzzz');
    expect(
      await screen.findByText('Address cannot be found. Please try a different address or add your address manually.'),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Add address manually' }));
    await user.click(screen.getByRole('button', { name: 'Back to address lookup' }));
    expect(value('Find your address')).toBe('');
    expectNoErrors();
  });
});
