import { useState } from 'react';
import type { WalletRecurringPayment } from '../../../../../domain/wallet.ts';
import type { WalletType } from '../../../../../domain/payment-method.ts';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import type { components } from '../../../lib/api/client.ts';
import { useCreateSandboxWalletMethod } from '../api/create-sandbox-wallet-method.ts';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { sandboxStateData } from './adyen-browser-info.ts';
import type { PaymentMethodInput } from './payment-method-input.ts';

export const WALLET_NAMES: Record<WalletType, string> = { GOOGLE_PAY: 'Google Pay', APPLE_PAY: 'Apple Pay' };

/**
 * The cards the sandbox wallet holds (DESIGN.md's payment test cards), as a shopper's wallet holds
 * theirs: one the bank accepts, one it declines (the gPay-error and aPay-error modals of §8).
 */
export const SANDBOX_WALLET_CARDS = [
  { number: '4242424242424242', brand: 'Visa', last4: '4242', declines: false },
  { number: '4000000000000002', brand: 'Visa', last4: '0002', declines: true },
] as const;

/**
 * Sandbox mode's stand-in for the browser's Google Pay or Apple Pay sheet (issue 15), like the
 * sandbox bank page: it shows what the wallet is asked to approve (the total and, for a plan that
 * renews, the recurring-payment request of storefront §9: label Subscription, the basket's
 * description, the management URL), the wallet's cards, and Pay and Cancel.
 */
export function SandboxWalletSheet({
  wallet,
  open,
  total,
  recurring,
  onPay,
  onCancel,
}: {
  wallet: WalletType;
  open: boolean;
  total: string;
  recurring: WalletRecurringPayment | undefined;
  onPay: (cardNumber: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [card, setCard] = useState<string>(SANDBOX_WALLET_CARDS[0].number);
  return (
    <Dialog
      open={open}
      title={t('checkout.wallet.sheetTitle', { wallet: WALLET_NAMES[wallet] })}
      onClose={onCancel}
      footer={
        <div className="form__actions">
          <button type="button" className="button button--primary" onClick={() => onPay(card)}>
            {t('checkout.wallet.pay')}
          </button>
          <button type="button" className="button" onClick={onCancel}>
            {t('checkout.wallet.cancel')}
          </button>
        </div>
      }
    >
      <p className="notice">{t('checkout.wallet.sheetText')}</p>
      <dl className="wallet-sheet__request">
        <dt>{recurring ? recurring.label : t('checkout.summary.total')}</dt>
        <dd>{total}</dd>
        {recurring ? (
          <>
            <dt>{t('checkout.wallet.description')}</dt>
            <dd>{recurring.paymentDescription}</dd>
            <dt>{t('checkout.wallet.manage')}</dt>
            <dd>{recurring.managementURL}</dd>
          </>
        ) : null}
      </dl>
      <fieldset className="choice-list">
        <legend>{t('checkout.wallet.card')}</legend>
        {SANDBOX_WALLET_CARDS.map((option) => (
          <label key={option.number} className="choice">
            <input
              type="radio"
              name="wallet-card"
              value={option.number}
              checked={card === option.number}
              onChange={() => setCard(option.number)}
            />
            {option.brand} •••• {option.last4}
            {option.declines ? ` (${t('checkout.wallet.declines')})` : null}
          </label>
        ))}
      </fieldset>
    </Dialog>
  );
}

/**
 * A wallet chosen in sandbox mode: its button opens the sandbox wallet sheet; Pay turns the chosen
 * card into the provider's wallet method (createSandboxWalletMethod) and hands it to `onPay`, as
 * live mode's Payment Element or Adyen's wallet component would. Cancel closes the sheet and pays
 * nothing.
 */
export function SandboxWalletPay({
  wallet,
  setup,
  total,
  recurring,
  disabled,
  onPay,
  onProblem,
}: {
  wallet: WalletType;
  setup: components['schemas']['PaymentSetup'];
  total: string;
  recurring: WalletRecurringPayment | undefined;
  disabled: boolean;
  onPay: (request: PaymentMethodInput) => Promise<void>;
  onProblem: (error: unknown) => void;
}) {
  const { t } = useTranslation();
  const create = useCreateSandboxWalletMethod();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const pay = async (cardNumber: string) => {
    setOpen(false);
    setBusy(true);
    try {
      const { adyenPaymentMethod, ...method } = await create({
        paymentMethodType: wallet,
        cardNumber,
        ...(setup.provider === 'stripe' ? { stripeElements: setup.elementsOptions } : {}),
      });
      // Adyen's wallet component hands over its whole state.data, the wallet's method in it.
      await onPay(adyenPaymentMethod ? { ...method, adyenStateData: sandboxStateData(adyenPaymentMethod) } : method);
    } catch (error) {
      onProblem(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="form">
      <p className="notice">{t('checkout.wallet.notice', { wallet: WALLET_NAMES[wallet] })}</p>
      <button
        type="button"
        className="button button--primary"
        disabled={disabled || busy}
        onClick={() => setOpen(true)}
      >
        {t('checkout.wallet.payWith', { wallet: WALLET_NAMES[wallet] })}
      </button>
      <SandboxWalletSheet
        wallet={wallet}
        open={open}
        total={total}
        recurring={recurring}
        onPay={(card) => void pay(card)}
        onCancel={() => setOpen(false)}
      />
    </div>
  );
}
