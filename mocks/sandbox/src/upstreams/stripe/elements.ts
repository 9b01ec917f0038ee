/**
 * The sandbox's stand-in for Stripe.js's `stripe.createPaymentMethod({elements, params})`
 * (https://docs.stripe.com/js/payment_methods/create_payment_method_elements), at
 * `POST /stripe/__elements/payment_methods` (JSON, publishable key), outside the REST API as the
 * challenge and bank pages are. It is told what Stripe.js knows when the call runs: the options the
 * Elements group was created with (`elements`) and the payment details the Payment Element collected
 * (`params`, a PaymentMethod's create parameters). Stripe.js creates a PaymentMethod from a Payment
 * Element only when the group was created without an Intent (`mode` and `currency`,
 * https://docs.stripe.com/js/elements_object/create_without_intent) and with
 * `paymentMethodCreation: 'manual'`, of a type the group allows; anything else it refuses with an
 * IntegrationError, which the stand-in answers as a 400 `integration_error` with Stripe's error shape.
 */
import type { SandboxContext } from '../../app.ts';
import { zPostPaymentMethodsBody } from '../../../../../generated/stripe/zod/zod.gen.ts';
import { fromZodError, StripeError } from './errors.ts';
import { checkCardParams, createPaymentMethod } from './payment-methods.ts';
import type { PaymentMethod } from './store.ts';

/** The Elements group's options as Stripe.js holds them. */
interface ElementsGroup {
  mode?: unknown;
  currency?: unknown;
  paymentMethodCreation?: unknown;
  allowedPaymentMethodTypes?: unknown;
  clientSecret?: unknown;
}

export const integrationError = (message: string) =>
  new StripeError(400, {
    type: 'invalid_request_error',
    code: 'integration_error',
    message: `IntegrationError: ${message}`,
  });

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** The checks Stripe.js makes before it creates a PaymentMethod from an Elements group. */
export function checkElementsGroup(elements: ElementsGroup, type: string | undefined): void {
  if (elements.clientSecret !== undefined)
    throw integrationError(
      "stripe.createPaymentMethod() with elements needs an Elements group created without an Intent: pass mode and currency instead of a clientSecret, with paymentMethodCreation: 'manual'.",
    );
  if (elements.paymentMethodCreation !== 'manual')
    throw integrationError(
      "stripe.createPaymentMethod() with elements needs the Elements group to be created with paymentMethodCreation: 'manual'.",
    );
  if (elements.mode !== 'payment' && elements.mode !== 'setup' && elements.mode !== 'subscription')
    throw integrationError(
      "The Elements group needs a mode ('payment', 'setup' or 'subscription') when it has no clientSecret.",
    );
  if (typeof elements.currency !== 'string' || !/^[a-z]{3}$/.test(elements.currency))
    throw integrationError(
      'The Elements group needs its currency, a three-letter ISO code in lower case, to offer payment methods without an Intent.',
    );
  const allowed = elements.allowedPaymentMethodTypes;
  if (allowed !== undefined && (!Array.isArray(allowed) || (type !== undefined && !allowed.includes(type))))
    throw integrationError(`The Elements group does not allow the payment method type ${String(type)}.`);
}

/** `createPaymentMethod({elements, params})`: the group's checks, then the PaymentMethod as `POST /v1/payment_methods` makes it. */
export function createPaymentMethodWithElements(
  context: SandboxContext,
  body: unknown,
  keyKind: unknown,
): PaymentMethod {
  if (keyKind !== 'publishable')
    throw integrationError('Stripe.js is initialised with your publishable key, never a secret key.');
  if (!isObject(body) || !isObject(body.elements))
    throw integrationError(
      'stripe.createPaymentMethod(): elements is required (the Elements group of the Payment Element).',
    );
  const params = isObject(body.params) ? body.params : {};
  checkElementsGroup(body.elements, typeof params.type === 'string' ? params.type : undefined);
  checkCardParams(params);
  const parsed = zPostPaymentMethodsBody.safeParse(params, { reportInput: true });
  if (!parsed.success) throw fromZodError(parsed.error);
  return createPaymentMethod(context, parsed.data);
}
