/** The provider of a market or of a payment in flight, by name (DESIGN.md provider per market). */
import type { components } from '../../../../generated/proxy/types.ts';
import { adyenProvider } from './adyen.ts';
import type { PaymentProvider } from './provider.ts';
import { stripeProvider } from './stripe.ts';

const PROVIDERS: Record<components['schemas']['PaymentProvider'], PaymentProvider> = {
  stripe: stripeProvider,
  adyen: adyenProvider,
};

export const paymentProvider = (name: components['schemas']['PaymentProvider']): PaymentProvider => PROVIDERS[name];
