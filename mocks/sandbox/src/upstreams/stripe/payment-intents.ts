/**
 * The Stripe stand-in's PaymentIntents, as a renewal charges a stored method: created and confirmed
 * at once (`confirm=true`), off-session (`off_session=true`, the customer away), with the customer
 * and the method attached to it (https://docs.stripe.com/payments/save-and-reuse,
 * https://docs.stripe.com/api/payment_intents/create), and retrieved. The method must be usable for
 * that customer as Stripe checks it (api.ts `usableMethod`): a single-use iDEAL or Bancontact method
 * already set up, a detached one or another customer's is refused. A card is charged at once
 * (`succeeded`), declined as its test number says (402 card_error), and one that needs 3-D Secure
 * cannot be authenticated off-session (402 `authentication_required`,
 * https://docs.stripe.com/testing#authentication-and-setup); a wallet's card carries its
 * cryptogram. A SEPA Direct Debit is submitted (`processing`) and succeeds later: here when it is
 * read again (https://docs.stripe.com/payments/sepa-debit/accept-a-payment).
 */
import type { Router } from 'express';
import { zPostPaymentIntentsBody } from '../../../../../generated/stripe/zod/zod.gen.ts';
import type { SandboxContext } from '../../app.ts';
import { cardFacts, randomId } from '../card-providers.ts';
import { declineError, liveCustomer, nowSeconds, parse, usableMethod, type Wrappers } from './api.ts';
import { invalidRequest, resourceMissing, StripeError } from './errors.ts';
import {
  store,
  type ApiError,
  type PaymentIntent,
  type StoredPaymentIntent,
  type StoredPaymentMethod,
} from './store.ts';

/** Stripe's refusal of a card that needs its holder to authenticate, off-session. */
const authenticationRequired = (): ApiError => ({
  type: 'card_error',
  code: 'authentication_required',
  decline_code: 'authentication_required',
  message: 'Your card was declined. This transaction requires authentication.',
  doc_url: 'https://stripe.com/docs/error-codes/authentication-required',
  payment_method_type: 'card',
});

/** The intent refused at confirmation: it waits for another method, the error recorded, a 402 with it. */
function declined(intent: StoredPaymentIntent, error: ApiError): never {
  intent.object.status = 'requires_payment_method';
  intent.object.last_payment_error = error;
  throw new StripeError(402, { ...error, payment_intent: structuredClone(intent.object) });
}

/** Confirms the intent with its method, off-session or not. */
function confirm(intent: StoredPaymentIntent, method: StoredPaymentMethod, offSession: boolean): void {
  const type = method.object.type;
  if (type === 'ideal' || type === 'bancontact')
    // The stand-in's own words: a bank redirect needs the customer at the bank for every payment.
    throw invalidRequest(
      `A PaymentMethod of type ${type} needs the customer to authorise the payment at their bank; it cannot be confirmed off_session.`,
      { code: 'payment_intent_invalid_parameter', param: 'off_session' },
    );
  if (type === 'sepa_debit') {
    intent.object.status = 'processing';
    intent.clears = true;
  } else {
    const outcome = cardFacts(method.cardNumber ?? '')?.outcome ?? { kind: 'succeeds' as const };
    if (outcome.kind === 'declined') declined(intent, declineError(outcome.declineCode));
    if (outcome.kind === 'three_d_secure' && !method.object.card?.wallet && offSession)
      declined(intent, authenticationRequired());
    intent.object.status = 'succeeded';
    intent.object.amount_received = intent.object.amount;
  }
  // A method paid with without being attached to a customer cannot be used again.
  if (!method.object.customer) method.used = true;
}

export function registerPaymentIntents(
  router: Router,
  context: SandboxContext,
  { run, idempotent, requireSecret }: Wrappers,
): void {
  router.post(
    '/v1/payment_intents',
    idempotent((req, res) => {
      requireSecret(res);
      const body = parse(zPostPaymentIntentsBody, req.body);
      const offSession = body.off_session !== undefined && body.off_session !== false;
      if (body.off_session !== undefined && body.confirm !== true)
        throw invalidRequest('You can only pass off_session when confirm is true.', { param: 'off_session' });
      if (!Number.isInteger(body.amount) || body.amount < 1)
        throw invalidRequest('This value must be greater than or equal to 1.', { param: 'amount' });
      const customer = body.customer ? liveCustomer(body.customer, 'customer').id : null;
      const method = body.payment_method ? usableMethod(body.payment_method, customer) : undefined;
      const types = body.payment_method_types ?? ['card'];
      if (method && !types.includes(method.object.type))
        throw invalidRequest(
          `The provided PaymentMethod of type ${method.object.type} is not allowed by this PaymentIntent's payment_method_types (${types.join(', ')}).`,
          { code: 'payment_intent_invalid_parameter', param: 'payment_method' },
        );
      const id = `pi_${randomId(24)}`;
      const object: PaymentIntent = {
        id,
        object: 'payment_intent',
        amount: body.amount,
        amount_received: 0,
        capture_method: 'automatic',
        confirmation_method: 'automatic',
        client_secret: `${id}_secret_${randomId(24)}`,
        created: nowSeconds(context),
        currency: body.currency.toLowerCase(),
        customer,
        description: body.description ?? null,
        last_payment_error: null,
        livemode: false,
        metadata: body.metadata ?? {},
        payment_method: method?.object.id ?? null,
        payment_method_types: types,
        status: method ? 'requires_confirmation' : 'requires_payment_method',
      };
      const intent: StoredPaymentIntent = { object, clears: false };
      store.paymentIntents.set(id, intent);
      if (body.confirm === true) {
        if (!method)
          throw invalidRequest(
            "You cannot confirm this PaymentIntent because it's missing a payment method. You can either update the PaymentIntent with a payment method and then confirm it again, or confirm it again directly with a payment method.",
            { code: 'payment_intent_unexpected_state' },
          );
        confirm(intent, method, offSession);
      }
      return { body: structuredClone(intent.object) };
    }),
  );

  router.get(
    '/v1/payment_intents/:intent',
    run((req, res) => {
      requireSecret(res);
      const id = String(req.params.intent);
      const intent = store.paymentIntents.get(id);
      if (!intent) throw resourceMissing('payment_intent', id, 'intent');
      // A submitted SEPA Direct Debit (processing when created) has cleared by the time it is read again.
      if (intent.clears && intent.object.status === 'processing') {
        intent.object.status = 'succeeded';
        intent.object.amount_received = intent.object.amount;
        intent.clears = false;
      }
      return { body: structuredClone(intent.object) };
    }),
  );
}
