import { AdyenCheckout, Card, type PaymentAction } from '@adyen/adyen-web';
import '@adyen/adyen-web/styles/adyen.css';
import { useEffect, useRef } from 'react';
import type { PaymentMethodInput } from './payment-method-input.ts';
import type { AdyenActionAnswer, AdyenDetails } from './redirect-form.ts';
import type { AdyenPaymentSetup } from '../../lib/api/setup-payment.ts';

/**
 * Live mode, Adyen markets: Adyen's card component collects the card in Adyen's secured fields;
 * its state.data (encrypted fields, browserInfo, origin) goes to the proxy, which pays and
 * verifies server to server (docs.adyen.com/online-payments/build-your-integration/advanced-flow). Loaded only in
 * live mode (a separate chunk), since the component talks to Adyen's servers.
 *
 * Advanced flow: when the proxy's answer holds Adyen's action, `actions.resolve({ resultCode, action })`
 * hands it to the component, which handles it itself (a redirect by GET or by POST with its data,
 * a native 3-D Secure 2 fingerprint or challenge); the component's `onAdditionalDetails` state.data
 * goes to `onDetails` (POST /checkout/payment-details), which settles the order.
 */
export function AdyenForm({
  setup,
  locale,
  country,
  onPay,
  onDetails,
}: {
  setup: AdyenPaymentSetup;
  locale: string;
  country: string;
  /** Pays (or saves); Adyen's answer when the shopper must complete an action. */
  onPay: (request: PaymentMethodInput) => Promise<AdyenActionAnswer | void>;
  /** The component's additional details (after a native challenge), settled by the proxy. */
  onDetails?: (data: AdyenDetails) => Promise<AdyenActionAnswer | void>;
}) {
  const mount = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let card: Card | undefined;
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
            // The component's whole state.data: the encrypted card, and the browser and origin
            // Adyen needs for 3-D Secure 2 (the proxy adds channel, shopper name and IP).
            // (The card's state.data holds `origin`, which Adyen Web's PaymentData type leaves out.)
            const { paymentMethod, browserInfo, origin } = state.data as typeof state.data & { origin?: string };
            const answer = await onPay({
              provider: 'adyen',
              paymentMethodType: 'CREDIT_CARD',
              adyenPaymentMethod: paymentMethod as PaymentMethodInput['adyenPaymentMethod'] & { type: string },
              ...(browserInfo ? { adyenBrowserInfo: browserInfo as PaymentMethodInput['adyenBrowserInfo'] } : {}),
              ...(origin ? { adyenOrigin: origin } : {}),
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
      card = new Card(checkout, { hasHolderName: true, holderNameRequired: true });
      card.mount(mount.current);
    })();
    return () => {
      cancelled = true;
      card?.unmount();
    };
  }, [setup, locale, country, onPay]);
  return <div ref={mount} className="adyen-card" />;
}
