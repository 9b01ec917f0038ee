/**
 * The address form's country select (storefront §5 Address form: countryCode "options from an
 * allowed country list"): only the market's allowed countries (GET /api/site allowedCountries).
 */
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { contractExample, SESSION_STUB, stubApi } from '../../../testing/api-stub.ts';
import { renderApp } from '../../../testing/render-app.tsx';

function addressStep() {
  const basket = contractExample<Record<string, unknown>>('basketWithItem');
  Object.assign(basket, { customerEmail: 'gus@example.com', shippingAddress: null, billingAddress: null });
  return { step: 1, stepName: 'shippingAddress', guestCheckout: true, provider: 'stripe', basket };
}

describe('the country options (§5 Address form)', () => {
  it.each([
    [
      ['GB', 'JE', 'GG', 'IM'],
      ['GB', 'JE', 'GG', 'IM'],
    ],
    [['GB'], ['GB']],
  ])('when the market allows %j, then the select offers %j', async (allowed, offered) => {
    const site = contractExample<Record<string, unknown>>('siteAuroraGb');
    stubApi([
      SESSION_STUB,
      ['GET', /\/api\/site$/, { body: { ...site, allowedCountries: allowed } }],
      ['GET', /\/api\/checkout$/, { body: addressStep() }],
      ['GET', /\/api\/address\/status$/, { body: { available: false } }],
    ]);
    renderApp('/en-GB/checkout');
    const select = await screen.findByLabelText('Country');
    await within(select).findByRole('option', { name: 'United Kingdom' });
    await expect
      .poll(() =>
        within(select)
          .getAllByRole('option')
          .map((option) => (option as HTMLOptionElement).value)
          .filter(Boolean),
      )
      .toEqual(offered);
  });
});
