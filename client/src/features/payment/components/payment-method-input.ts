/**
 * What the payment forms hand over (the sandbox card form, Stripe's Payment Element, Adyen's
 * components): the method, as placing an order (PlaceOrderRequest) and saving a method
 * (SavePaymentMethodRequest) both take it. Adyen's is the component's whole state.data.
 */
import type { components } from '../../../lib/api/client.ts';

export type PaymentMethodInput = Pick<
  components['schemas']['SavePaymentMethodRequest'],
  'provider' | 'paymentMethodType' | 'sandboxCardToken' | 'stripePaymentMethodId' | 'adyenStateData'
>;

/** An Adyen component's state.data, as the proxy takes it (proxy.yaml AdyenStateData). */
export type AdyenStateData = components['schemas']['AdyenStateData'];
