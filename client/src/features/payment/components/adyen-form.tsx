import { AdyenCheckout, ApplePay, Card, GooglePay, type PaymentAction, type UIElement } from '@adyen/adyen-web';
import '@adyen/adyen-web/styles/adyen.css';
import { useEffect, useRef } from 'react';
import type { AdyenStateData, PaymentMethodInput } from './payment-method-input.ts';
import type { AdyenActionAnswer, AdyenDetails } from './redirect-form.ts';
import type { AdyenPaymentSetup } from '../api/setup-payment.ts';
import { walletOf } from '../../../../../domain/payment-method.ts';
import type { WalletRecurringPayment } from '../../../../../domain/wallet.ts';
import { applePayOptions, googlePayOptions, pageNonce } from './adyen-wallets.ts';

/**
 * Live mode, Adyen markets: Adyen's card component collects the card in Adyen's secured fields;
 * its whole state.data (the encrypted fields with Adyen Web's checkoutAttemptId and sdkData,
 * browserInfo, origin, the risk module's riskData, clientStateDataIndicator, an address where it
 * collected one) goes to the proxy, which pays, stores the method for the renewals and verifies
 * server to server (docs.adyen.com/online-payments/build-your-integration/advanced-flow; issue 31).
 * Loaded only in live mode (a separate chunk), since the component talks to Adyen's servers.
 *
 * Advanced flow: when the proxy's answer holds Adyen's action, `actions.resolve({ resultCode, action })`
 * hands it to the component, which handles it itself (a redirect by GET or by POST with its data,
 * a native 3-D Secure 2 fingerprint or challenge); the component's `onAdditionalDetails` state.data
 * goes to `onDetails` (POST /checkout/payment-details), which settles the order.
 *
 * Google Pay and Apple Pay (the setup's `wallets`, where Adyen offers them for the market): their
 * components show above the card where the browser has the wallet (`isAvailable`), with §9's
 * recurring-payment values (adyen-wallets.ts); their state.data (googlepay with googlePayToken,
 * applepay with applePayToken) goes through the same onSubmit, as GOOGLE_PAY or APPLE_PAY.
 */
export function AdyenForm({
  setup,
  locale,
  country,
  wallet,
  onPay,
  onDetails,
}: {
  setup: AdyenPaymentSetup;
  locale: string;
  country: string;
  /** The wallets' recurring-payment request (storefront §9), when the plan recurs. */
  wallet?: WalletRecurringPayment | undefined;
  /** Pays (or saves); Adyen's answer when the shopper must complete an action. */
  onPay: (request: PaymentMethodInput) => Promise<AdyenActionAnswer | void>;
  /** The component's additional details (after a native challenge), settled by the proxy. */
  onDetails?: (data: AdyenDetails) => Promise<AdyenActionAnswer | void>;
}) {
  const mount = useRef<HTMLDivElement>(null);
  const googlePayMount = useRef<HTMLDivElement>(null);
  const applePayMount = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const elements: UIElement[] = [];
    let cancelled = false;
    void (async () => {
      const checkout = await AdyenCheckout({
        clientKey: setup.clientKey,
        environment: setup.environment,
        locale,
        countryCode: country,
        ...(setup.amount
          ? { amount: { value: Math.round(setup.amount.value * 100), currency: setup.amount.currency } }
          : {}),
        paymentMethodsResponse: { paymentMethods: setup.paymentMethods.map((m) => ({ ...m, brands: m.brands ?? [] })) },
        onSubmit: async (state, _component, actions) => {
          try {
            // The component's whole state.data, as it gave it: the proxy adds only what the server
            // decides (amount, reference, shopperReference, storePaymentMethod, channel, IP...).
            // (The card's state.data holds `origin`, which Adyen Web's PaymentData type leaves out;
            // outside a window it is `false`, which is no origin.)
            const { origin, ...data } = state.data as unknown as AdyenStateData & { origin?: unknown };
            const type = data.paymentMethod?.type ?? 'scheme';
            const answer = await onPay({
              provider: 'adyen',
              // The wallet's own type (googlepay, applepay), else the card.
              paymentMethodType: walletOf(type) ?? 'CREDIT_CARD',
              adyenStateData: { ...data, ...(typeof origin === 'string' && origin ? { origin } : {}) },
            });
            // Adyen's action as Adyen gave it: the component handles it (advanced flow).
            if (answer) actions.resolve({ resultCode: answer.resultCode, action: answer.action as PaymentAction });
            else actions.resolve({ resultCode: 'Authorised' });
          } catch {
            actions.reject();
          }
        },
        onAdditionalDetails: async (state, _component, actions) => {
          try {
            if (!onDetails) throw new Error('No handler for additional details');
            const answer = await onDetails({ details: state.data.details });
            // Another action (a challenge after the fingerprint) goes back to the component.
            if (answer) actions.resolve({ resultCode: answer.resultCode, action: answer.action as PaymentAction });
            else actions.resolve({ resultCode: 'Authorised' });
          } catch {
            actions.reject();
          }
        },
      });
      if (cancelled || !mount.current) return;
      const card = new Card(checkout, { hasHolderName: true, holderNameRequired: true });
      card.mount(mount.current);
      elements.push(card);
      const wallets = setup.wallets ?? [];
      const mountWallet = async (element: UIElement, target: HTMLElement | null) => {
        elements.push(element);
        // A browser without the wallet (no Google account, not Safari) shows no button.
        const available = await element.isAvailable().then(
          () => true,
          () => false,
        );
        if (available && !cancelled && target) element.mount(target);
      };
      if (wallets.includes('GOOGLE_PAY'))
        void mountWallet(new GooglePay(checkout, googlePayOptions(wallet, pageNonce())), googlePayMount.current);
      if (wallets.includes('APPLE_PAY'))
        void mountWallet(new ApplePay(checkout, applePayOptions(wallet)), applePayMount.current);
    })();
    return () => {
      cancelled = true;
      for (const element of elements) element.unmount();
    };
  }, [setup, locale, country, wallet, onPay]);
  return (
    <>
      <div className="adyen-wallets">
        <div ref={googlePayMount} />
        <div ref={applePayMount} />
      </div>
      <div ref={mount} className="adyen-card" />
    </>
  );
}
