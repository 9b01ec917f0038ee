/**
 * The options of Adyen Web's Google Pay and Apple Pay components (live mode, Adyen markets), with the
 * recurring-payment values of storefront §9 (label Subscription, type final, timing recurring,
 * "Payment for basket n.", management URL /payment-confirmation) for both wallets where the wallet
 * has a place for them:
 * - Apple Pay takes the whole recurring-payment request (ApplePayRecurringPaymentRequest,
 *   developer.apple.com/documentation/applepayontheweb/applepayrecurringpaymentrequest), its line
 *   amount a decimal string in the major unit;
 * - Google Pay's TransactionInfo (developers.google.com/pay/api/web/reference/request-objects#TransactionInfo)
 *   has no recurring request: its total is FINAL under the label Subscription.
 * The merchant identifiers come from Adyen's /paymentMethods answer (its `configuration`), which
 * Adyen Web reads itself.
 */
import type { ApplePayConfiguration, GooglePayConfiguration } from '@adyen/adyen-web';
import type { WalletRecurringPayment } from '../../../../../domain/wallet.ts';

/** A major-unit decimal string of a minor-unit amount, as Apple Pay's line items take it. */
const decimal = (minor: number): string => (minor / 100).toFixed(2);

export function googlePayOptions(
  recurring: WalletRecurringPayment | undefined,
  nonce: string | undefined,
): GooglePayConfiguration {
  return {
    totalPriceStatus: 'FINAL',
    ...(recurring ? { transactionInfo: { totalPriceLabel: recurring.label, totalPriceStatus: 'FINAL' } } : {}),
    // Google Pay injects its script and styles: the page's CSP nonce lets them in.
    ...(nonce ? { nonce } : {}),
  };
}

export function applePayOptions(recurring: WalletRecurringPayment | undefined): ApplePayConfiguration {
  if (!recurring) return {};
  return {
    totalPriceLabel: recurring.label,
    recurringPaymentRequest: {
      paymentDescription: recurring.paymentDescription,
      managementURL: recurring.managementURL,
      regularBilling: {
        label: recurring.label,
        amount: decimal(recurring.amount),
        type: recurring.type,
        paymentTiming: recurring.paymentTiming,
        recurringPaymentIntervalUnit: recurring.intervalUnit,
        recurringPaymentIntervalCount: recurring.intervalCount,
      },
    },
  };
}

/** The page's CSP nonce, as its server-rendered scripts carry it (server/src/security.ts). */
export function pageNonce(): string | undefined {
  return document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce || undefined;
}
