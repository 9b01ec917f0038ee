/**
 * Add and Edit payment method refused for the billing address's region (account §5: "On failure the
 * form shows 'We are unable to complete transactions for the region of your billing address.' and
 * scrolls to the billing section"; §8 Region not supported): the saving answers the proxy's 422 with
 * code region_not_supported on /postalCode after the card step, and the page goes back to the billing
 * address form, as Edit billing address does, rather than the payment error modal.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  contractExample,
  SESSION_STUB,
  STRIPE_CARD_TOKEN_STUB,
  stripeSandboxSetupStub,
  stubApi,
  type StubHandler,
} from '../../../testing/api-stub.ts';
import { renderApp } from '../../../testing/render-app.tsx';

const SITE: StubHandler = ['GET', /\/api\/site$/, { body: { customPreferences: {} } }];
const REGION_WORDS = 'We are unable to complete transactions for the region of your billing address.';
/** The proxy's answer (server/src/services/account/payment-method.ts checkBillingRegion). */
const REGION_NOT_SUPPORTED = {
  status: 422,
  body: {
    type: 'https://shop.example/problems/region-not-supported',
    title: 'Region not supported',
    status: 422,
    detail: REGION_WORDS,
    code: 'region_not_supported',
    errors: [{ field: '/postalCode', message: REGION_WORDS, code: 'region_not_supported' }],
  },
};

const realScrollIntoView = Element.prototype.scrollIntoView;
afterEach(() => {
  vi.unstubAllGlobals();
  Element.prototype.scrollIntoView = realScrollIntoView;
});

describe('a billing region the shop cannot serve, on Add and Edit payment method (account §5, §8)', () => {
  it.each([
    ['add-payment-method', 'POST'],
    ['edit-payment-method', 'PUT'],
  ])(
    'when %s is saved (%s) and refused for the region, then the billing address form again, as entered, with the words of §5, scrolled to and focused on the postal code, and no payment error modal',
    async (path, method) => {
      const user = userEvent.setup();
      const scrolled: Element[] = [];
      Element.prototype.scrollIntoView = vi.fn(function (this: Element) {
        scrolled.push(this);
      });
      const stub = stubApi([
        SESSION_STUB,
        SITE,
        ['GET', /\/api\/account\/payment-method$/, { body: contractExample('paymentMethodPageSavedCard') }],
        stripeSandboxSetupStub(),
        STRIPE_CARD_TOKEN_STUB,
        [method, /\/api\/account\/payment-method$/, REGION_NOT_SUPPORTED],
      ]);
      renderApp(`/en-GB/account/my-payment-method/${path}`);
      // Step one: the billing address, with a postal code of the shopper's.
      const postalCode = await screen.findByLabelText('Postal code');
      await user.clear(postalCode);
      await user.type(postalCode, 'BT1 1AA');
      await user.click(screen.getByRole('button', { name: 'Continue' }));
      // Step two: the card, then the saving.
      await user.type(await screen.findByLabelText('Card number'), '4242424242424242');
      await user.type(screen.getByLabelText('Expiry date'), '1230');
      await user.type(screen.getByLabelText('Security code'), '123');
      await user.click(screen.getByRole('button', { name: 'Save payment method' }));

      expect(await screen.findByText(REGION_WORDS)).toBeTruthy();
      expect(
        stub.calls.filter((call) => call.path === '/api/account/payment-method' && call.method === method),
      ).toHaveLength(1);
      // The billing address form is open again with what was entered, scrolled to, at its postal code.
      const billing = screen.getByRole('region', { name: 'Billing address' });
      const reopened = within(billing).getByLabelText<HTMLInputElement>('Postal code');
      expect(reopened.value).toBe('BT1 1AA');
      expect(within(billing).getByText(REGION_WORDS)).toBeTruthy();
      expect(scrolled.some((element) => element.classList.contains('address-form'))).toBe(true);
      await waitFor(() => expect(document.activeElement).toBe(reopened));
      // Not the payment error modal, nor the card step behind the form.
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(screen.queryByLabelText('Card number')).toBeNull();
      // The region answer is said once: continuing with another address leads to the card step again.
      await user.clear(reopened);
      await user.type(reopened, 'SW1A 2AA');
      await user.click(within(billing).getByRole('button', { name: 'Continue' }));
      expect(await screen.findByLabelText('Card number')).toBeTruthy();
    },
  );
});
