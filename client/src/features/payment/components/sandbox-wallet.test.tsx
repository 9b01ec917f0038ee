/**
 * The sandbox wallet sheet (issue 15, docs/decisions/020): it stands in for the browser's Google Pay
 * or Apple Pay sheet. It shows what the wallet is asked to approve (storefront §9 recurring-payment
 * values), Cancel pays nothing, and Pay hands the chosen card to createSandboxWalletMethod, then the
 * provider's wallet method to the payment step as live mode's library would.
 */
import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { walletRecurringPayment } from '../../../../../domain/wallet.ts';
import type { components } from '../../../lib/api/client.ts';

const create = vi.hoisted(() => vi.fn());
vi.mock('../api/create-sandbox-wallet-method.ts', () => ({ useCreateSandboxWalletMethod: () => create }));

const { SandboxWalletPay } = await import('./sandbox-wallet.tsx');

const STRIPE_SETUP: components['schemas']['PaymentSetup'] = {
  provider: 'stripe',
  publishableKey: 'pk_test_sandbox',
  paymentMethodTypes: ['card'],
  elementsOptions: {
    mode: 'setup',
    currency: 'gbp',
    paymentMethodCreation: 'manual',
    allowedPaymentMethodTypes: ['card'],
  },
  wallets: ['GOOGLE_PAY', 'APPLE_PAY'],
  sandbox: true,
};

const ADYEN_SETUP: components['schemas']['PaymentSetup'] = {
  provider: 'adyen',
  clientKey: 'test_SANDBOXCLIENTKEY',
  environment: 'test',
  paymentMethods: [{ type: 'googlepay', name: 'Google Pay' }],
  wallets: ['GOOGLE_PAY'],
  sandbox: true,
};

const recurring = walletRecurringPayment(
  { basketId: 'bk42', total: 149, duration: 1, durationType: 'year' },
  'http://localhost:3000',
  '/en-GB/payment-confirmation',
);

beforeEach(() => vi.clearAllMocks());

function renderPay(onPay = vi.fn().mockResolvedValue(undefined), onProblem = vi.fn()) {
  render(
    <SandboxWalletPay
      wallet="GOOGLE_PAY"
      setup={STRIPE_SETUP}
      total="£149.00"
      recurring={recurring}
      disabled={false}
      onPay={onPay}
      onProblem={onProblem}
    />,
  );
  return { onPay, onProblem, user: userEvent.setup() };
}

describe('the sandbox wallet sheet', () => {
  it('when it opens, then it shows the total under the label Subscription, the basket and the management URL (§9)', async () => {
    const { user } = renderPay();
    await user.click(screen.getByRole('button', { name: 'Pay with Google Pay' }));
    const sheet = screen.getByRole('dialog', { name: 'Google Pay (sandbox)' });
    expect(within(sheet).getByText('Subscription')).toBeTruthy();
    expect(within(sheet).getByText('£149.00')).toBeTruthy();
    expect(within(sheet).getByText('Payment for basket n. bk42')).toBeTruthy();
    expect(within(sheet).getByText('http://localhost:3000/en-GB/payment-confirmation')).toBeTruthy();
    expect(within(sheet).getByRole('radio', { name: 'Visa •••• 4242' })).toHaveProperty('checked', true);
  });

  it('when Cancel is pressed, then the sheet closes and nothing is paid', async () => {
    const { user, onPay } = renderPay();
    await user.click(screen.getByRole('button', { name: 'Pay with Google Pay' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(create).not.toHaveBeenCalled();
    expect(onPay).not.toHaveBeenCalled();
  });

  it("when Pay is pressed with the declining card, then the wallet, that card and the Elements group's options are sent, and the method goes to the order", async () => {
    const method = { provider: 'stripe', paymentMethodType: 'GOOGLE_PAY', stripePaymentMethodId: 'pm_wallet' };
    create.mockResolvedValue(method);
    const { user, onPay } = renderPay();
    await user.click(screen.getByRole('button', { name: 'Pay with Google Pay' }));
    await user.click(screen.getByRole('radio', { name: 'Visa •••• 0002 (declined by the bank)' }));
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    await vi.waitFor(() => expect(onPay).toHaveBeenCalledWith(method));
    expect(create).toHaveBeenCalledWith({
      paymentMethodType: 'GOOGLE_PAY',
      cardNumber: '4000000000000002',
      stripeElements: STRIPE_SETUP.provider === 'stripe' ? STRIPE_SETUP.elementsOptions : undefined,
    });
  });

  it('when the sandbox provider refuses, then the problem goes to the payment step and no order is placed', async () => {
    const refusal = new Error('refused');
    create.mockRejectedValue(refusal);
    const { user, onPay, onProblem } = renderPay();
    await user.click(screen.getByRole('button', { name: 'Pay with Google Pay' }));
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    await vi.waitFor(() => expect(onProblem).toHaveBeenCalledWith(refusal));
    expect(onPay).not.toHaveBeenCalled();
  });

  it("when an Adyen market's sheet pays, then the wallet's method goes to the order inside the component's state.data (issue 31)", async () => {
    const paymentMethod = { type: 'googlepay', googlePayToken: '{"signature":"sandbox"}' };
    create.mockResolvedValue({ provider: 'adyen', paymentMethodType: 'GOOGLE_PAY', adyenPaymentMethod: paymentMethod });
    const onPay = vi.fn().mockResolvedValue(undefined);
    render(
      <SandboxWalletPay
        wallet="GOOGLE_PAY"
        setup={ADYEN_SETUP}
        total="149,00 €"
        recurring={recurring}
        disabled={false}
        onPay={onPay}
        onProblem={vi.fn()}
      />,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Pay with Google Pay' }));
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    await vi.waitFor(() => expect(onPay).toHaveBeenCalled());
    // As Adyen Web's GooglePay component gives it: the method, the browser and the page's origin.
    expect(onPay).toHaveBeenCalledWith({
      provider: 'adyen',
      paymentMethodType: 'GOOGLE_PAY',
      adyenStateData: {
        paymentMethod,
        browserInfo: expect.objectContaining({ userAgent: window.navigator.userAgent }),
        origin: window.location.origin,
        clientStateDataIndicator: true,
      },
    });
  });
});
