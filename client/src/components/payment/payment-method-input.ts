/**
 * What the payment forms hand over (the sandbox card form, Stripe's Payment Element, Adyen's card
 * component): the method, as placing an order (PlaceOrderRequest) and saving a method
 * (SavePaymentMethodRequest) both take it.
 */
import type { components } from '../../lib/api/client.ts';

export type PaymentMethodInput = Pick<
  components['schemas']['SavePaymentMethodRequest'],
  | 'provider'
  | 'paymentMethodType'
  | 'sandboxCardToken'
  | 'stripePaymentMethodId'
  | 'adyenPaymentMethod'
  | 'adyenBrowserInfo'
  | 'adyenOrigin'
>;
