import { AdyenCheckout, Card } from '@adyen/adyen-web';
import '@adyen/adyen-web/styles/adyen.css';
import { useEffect, useRef } from 'react';
import type { PaymentMethodInput } from './payment-method-input.ts';
import type { AdyenPaymentSetup } from '../../lib/api/setup-payment.ts';

/**
 * Live mode, Adyen markets: Adyen's card component collects the card in Adyen's secured fields;
 * its encrypted fields go to the proxy, which pays and verifies server to server. Loaded only in
 * live mode (a separate chunk), since the component talks to Adyen's servers.
 */
export function AdyenForm({
  setup,
  locale,
  country,
  onPay,
}: {
  setup: AdyenPaymentSetup;
  locale: string;
  country: string;
  onPay: (request: PaymentMethodInput) => Promise<void>;
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
            await onPay({
              provider: 'adyen',
              paymentMethodType: 'CREDIT_CARD',
              adyenPaymentMethod: state.data.paymentMethod as PaymentMethodInput['adyenPaymentMethod'] & {
                type: string;
              },
            });
            actions.resolve({ resultCode: 'Authorised' });
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
