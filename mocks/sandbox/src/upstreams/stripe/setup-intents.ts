/**
 * The Stripe stand-in's SetupIntents: created (and confirmed at once with `confirm=true`), retrieved
 * (with the client secret or the secret key, `expand[]=latest_attempt` as Stripe expands it),
 * updated (metadata), confirmed and canceled; a confirmation (a SetupAttempt, setup-attempts.ts)
 * succeeds, needs the 3-D Secure challenge or the bank page, or is declined (402 card_error). iDEAL
 * and Bancontact need the SEPA Direct Debit mandate (mandates.ts) and, authorised, generate the
 * SEPA Direct Debit method. Only an intent that has not succeeded can be canceled, as Stripe has it
 * (https://docs.stripe.com/api/setup_intents/cancel).
 */
import type { Response, Router } from 'express';
import {
  zPostSetupIntentsBody,
  zPostSetupIntentsIntentBody,
  zPostSetupIntentsIntentCancelBody,
  zPostSetupIntentsIntentConfirmBody,
} from '../../../../../generated/stripe/zod/zod.gen.ts';
import type { SandboxContext } from '../../app.ts';
import { cardFacts, isHttpUrl, randomId } from '../card-providers.ts';
import {
  declineError,
  liveCustomer,
  nowSeconds,
  parse,
  setupIntentResponse,
  storedIntent,
  storedMethod,
  usableMethod,
  type Result,
  type Wrappers,
} from './api.ts';
import { invalidRequest, StripeError } from './errors.ts';
import { sepaMandate, type MandateData } from './mandates.ts';
import {
  attemptFailed,
  attemptNeedsAction,
  attemptSucceeded,
  expandedIntent,
  expandOf,
  startAttempt,
} from './setup-attempts.ts';
import { store, type SetupIntent, type StoredSetupIntent } from './store.ts';

/** The statuses Stripe lets a SetupIntent be canceled in (https://docs.stripe.com/api/setup_intents/cancel). */
const CANCELABLE: ReadonlyArray<SetupIntent['status']> = [
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
];

export function registerSetupIntents(
  router: Router,
  context: SandboxContext,
  { run, idempotent, requireSecret }: Wrappers,
): void {
  // ---- Setup intents ----
  /** Confirms a setup intent with its payment method: succeeded, requires_action or a 402. */
  const confirm = (intent: StoredSetupIntent, returnUrl: string | null, mandate: MandateData | undefined): Result => {
    const methodId = intent.object.payment_method;
    if (!methodId)
      throw invalidRequest(
        "You cannot confirm this SetupIntent because it's missing a payment method. You can either update the SetupIntent with a payment method and then confirm it again, or confirm it again directly with a payment method.",
        { code: 'setup_intent_unexpected_state' },
      );
    const method = storedMethod(methodId, 'payment_method', 400);
    if (returnUrl !== null && !isHttpUrl(returnUrl))
      throw invalidRequest('Not a valid URL', { code: 'url_invalid', param: 'return_url' });
    intent.returnUrl = returnUrl;
    startAttempt(context, intent, method);
    const record = (outcome: 'succeeded' | 'requires_action' | 'failed') =>
      store.ledger.push({
        setupIntent: intent.object.id,
        paymentMethod: methodId,
        outcome,
        atMs: context.clock.nowMs(),
      });

    const needsAction = (kind: 'challenge' | 'bank') => {
      intent.object.status = 'requires_action';
      intent.action = kind;
      intent.object.next_action = {
        type: 'redirect_to_url',
        redirect_to_url: { url: `${context.baseUrl()}/stripe/__${kind}/${intent.object.id}`, return_url: returnUrl },
      };
      attemptNeedsAction(intent);
      record('requires_action');
      return { body: setupIntentResponse(intent) };
    };

    intent.object.last_setup_error = null;
    if (method.object.type === 'ideal' || method.object.type === 'bancontact') {
      if (!returnUrl)
        throw invalidRequest(
          `A return_url must be provided when confirming a SetupIntent with the payment method type ${method.object.type}.`,
          { param: 'return_url' },
        );
      // Setting up iDEAL or Bancontact generates a SEPA Direct Debit method: Stripe needs the mandate.
      intent.mandate = sepaMandate(method.object.type, mandate);
      return needsAction('bank');
    }
    const facts = cardFacts(method.cardNumber ?? '');
    const outcome = facts?.outcome ?? { kind: 'succeeds' as const };
    // A wallet's card pays with the device's cryptogram (Google Pay CRYPTOGRAM_3DS, Apple Pay), which
    // already authenticates the shopper: no 3-D Secure challenge, whatever the card behind it.
    if (outcome.kind === 'three_d_secure' && !method.object.card?.wallet) return needsAction('challenge');
    if (outcome.kind === 'declined') {
      const error = declineError(outcome.declineCode);
      intent.object.status = 'requires_payment_method';
      intent.object.payment_method = null;
      intent.object.next_action = null;
      intent.object.last_setup_error = error;
      attemptFailed(intent, error);
      record('failed');
      throw new StripeError(402, { ...error, setup_intent: setupIntentResponse(intent) });
    }
    intent.object.status = 'succeeded';
    intent.object.next_action = null;
    attemptSucceeded(context, intent, method);
    record('succeeded');
    return { body: setupIntentResponse(intent) };
  };

  router.post(
    '/v1/setup_intents',
    idempotent((req, res) => {
      requireSecret(res);
      const body = parse(zPostSetupIntentsBody, req.body);
      const customer = body.customer ? liveCustomer(body.customer, 'customer').id : null;
      const method = body.payment_method ? usableMethod(body.payment_method, customer) : undefined;
      if (body.return_url !== undefined && body.confirm !== true)
        throw invalidRequest('You can only pass return_url when confirm is true.', { param: 'return_url' });
      if (body.mandate_data !== undefined && body.confirm !== true)
        throw invalidRequest('You can only pass mandate_data when confirm is true.', { param: 'mandate_data' });
      const types = body.payment_method_types ?? [method?.object.type ?? 'card'];
      if (method && !types.includes(method.object.type))
        throw invalidRequest(
          `The provided PaymentMethod of type ${method.object.type} is not allowed by this SetupIntent's payment_method_types (${types.join(', ')}).`,
          { code: 'payment_method_invalid_parameter', param: 'payment_method' },
        );
      const id = `seti_${randomId(24)}`;
      const intent: StoredSetupIntent = {
        returnUrl: null,
        action: null,
        mandate: null,
        object: {
          id,
          object: 'setup_intent',
          status: method ? 'requires_confirmation' : 'requires_payment_method',
          client_secret: `${id}_secret_${randomId(24)}`,
          customer,
          payment_method: method?.object.id ?? null,
          payment_method_types: types,
          usage: body.usage ?? 'off_session',
          next_action: null,
          last_setup_error: null,
          latest_attempt: null,
          cancellation_reason: null,
          description: body.description ?? null,
          created: nowSeconds(context),
          livemode: false,
          metadata: body.metadata ?? {},
        },
      };
      store.setupIntents.set(id, intent);
      if (body.confirm === true) return confirm(intent, body.return_url ?? null, body.mandate_data);
      return { body: setupIntentResponse(intent) };
    }),
  );

  const checkClientSecret = (intent: StoredSetupIntent, secret: string | undefined, res: Response) => {
    if (secret === undefined) {
      requireSecret(res);
      return;
    }
    if (secret !== intent.object.client_secret)
      throw invalidRequest(
        `The client_secret provided does not match the client_secret associated with the SetupIntent.`,
        { param: 'client_secret' },
      );
  };

  router.get(
    '/v1/setup_intents/:intent',
    run((req, res) => {
      const intent = storedIntent(String(req.params.intent));
      const secret = typeof req.query.client_secret === 'string' ? req.query.client_secret : undefined;
      checkClientSecret(intent, secret, res);
      return { body: expandedIntent(intent, expandOf(req)) };
    }),
  );

  // Stripe merges the keys given into the intent's metadata; an empty value unsets its key.
  router.post(
    '/v1/setup_intents/:intent',
    idempotent((req, res) => {
      requireSecret(res);
      const intent = storedIntent(String(req.params.intent));
      const body = parse(zPostSetupIntentsIntentBody, req.body);
      const metadata = { ...intent.object.metadata };
      for (const [key, value] of Object.entries(body.metadata ?? {})) {
        if (value === '') delete metadata[key];
        else metadata[key] = value;
      }
      intent.object.metadata = metadata;
      return { body: setupIntentResponse(intent) };
    }),
  );

  router.post(
    '/v1/setup_intents/:intent/cancel',
    idempotent((req, res) => {
      requireSecret(res);
      const intent = storedIntent(String(req.params.intent));
      const body = parse(zPostSetupIntentsIntentCancelBody, req.body);
      const status = intent.object.status;
      if (!CANCELABLE.includes(status))
        throw invalidRequest(
          `You cannot cancel this SetupIntent because it has a status of ${status}. Only a SetupIntent with one of the following statuses may be canceled: ${CANCELABLE.join(', ')}.`,
          { code: 'setup_intent_unexpected_state' },
        );
      intent.object.status = 'canceled';
      intent.object.cancellation_reason = body.cancellation_reason ?? null;
      intent.object.next_action = null;
      intent.action = null;
      return { body: setupIntentResponse(intent) };
    }),
  );

  router.post(
    '/v1/setup_intents/:intent/confirm',
    idempotent((req, res) => {
      const intent = storedIntent(String(req.params.intent));
      const body = parse(zPostSetupIntentsIntentConfirmBody, req.body);
      checkClientSecret(intent, body.client_secret, res);
      const status = intent.object.status;
      if (status !== 'requires_payment_method' && status !== 'requires_confirmation')
        throw invalidRequest(`You cannot confirm this SetupIntent because it has a status of ${status}.`, {
          code: 'setup_intent_unexpected_state',
        });
      if (body.payment_method) {
        const method = usableMethod(body.payment_method, intent.object.customer ?? null);
        intent.object.payment_method = method.object.id;
      }
      return confirm(intent, body.return_url ?? intent.returnUrl ?? null, body.mandate_data);
    }),
  );
}
