import { useState } from 'react';
import type { components } from '../../../lib/api/client.ts';
import { useCreateSandboxBankMethod } from '../api/create-sandbox-bank-method.ts';
import type { PaymentMethodInput } from './payment-method-input.ts';

export type BankMethod = 'ideal' | 'bancontact';

/** The bank methods of storefront §7's front-end payment types: iDEAL in NL, Bancontact in BE. */
export const BANK_METHODS: Record<BankMethod, { label: string; type: 'IDEAL' | 'BANCONTACT' }> = {
  ideal: { label: 'iDEAL', type: 'IDEAL' },
  bancontact: { label: 'Bancontact', type: 'BANCONTACT' },
};

export const isBankMethod = (option: string): option is BankMethod => option in BANK_METHODS;

/**
 * The bank methods sandbox mode offers beside the card (the Payment Element's bank tabs in live
 * mode): those of the market's Stripe setup; none for Adyen or in live mode.
 */
export const sandboxBankMethods = (setup: components['schemas']['PaymentSetup'] | undefined): BankMethod[] =>
  setup?.provider === 'stripe' && setup.sandbox ? (setup.paymentMethodTypes ?? []).filter(isBankMethod) : [];

/**
 * Sandbox mode's bank method: the notice that the bank's page comes next, and the button that
 * creates the iDEAL or Bancontact method (with the Elements group's options, as Stripe.js would)
 * and hands it over; the proxy answers with the sandbox bank page. One creation at a time.
 */
export function SandboxBankPay({
  bank,
  setup,
  notice,
  submitLabel,
  disabled,
  onPay,
  onProblem,
}: {
  bank: BankMethod;
  setup: Extract<components['schemas']['PaymentSetup'], { provider: 'stripe' }>;
  notice: string;
  submitLabel: string;
  disabled: boolean;
  onPay: (method: PaymentMethodInput) => Promise<void>;
  onProblem: (error: unknown) => void;
}) {
  const createSandboxBankMethod = useCreateSandboxBankMethod();
  const [creating, setCreating] = useState(false);
  const pay = async () => {
    if (creating || disabled) return;
    setCreating(true);
    try {
      const created = await createSandboxBankMethod({
        paymentMethodType: BANK_METHODS[bank].type,
        stripeElements: setup.elementsOptions,
      });
      await onPay({
        provider: 'stripe',
        paymentMethodType: created.paymentMethodType,
        stripePaymentMethodId: created.token,
      });
    } catch (error) {
      onProblem(error);
    } finally {
      setCreating(false);
    }
  };
  return (
    <div className="form">
      <p className="notice">{notice}</p>
      <button
        type="button"
        className="button button--primary"
        disabled={disabled || creating}
        onClick={() => void pay()}
      >
        {submitLabel}
      </button>
    </div>
  );
}
