/**
 * The Stripe stand-in's webhook events (issue 29): `setup_intent.succeeded`, `.setup_failed`,
 * `.canceled` and `.requires_action`, with the SetupIntent as `data.object`, signed as Stripe signs
 * them (`Stripe-Signature: t=<unix seconds>,v1=<HMAC-SHA256 of "<t>.<body>">` with the endpoint's
 * secret, anew for every try; docs.stripe.com/webhooks#verify-manually) and sent by core/webhooks.ts.
 */
import { createHmac } from 'node:crypto';
import type { Request, Response } from 'express';
import type { SandboxContext } from '../../app.ts';
import { CREDENTIALS } from '../../seed.ts';
import { randomId } from '../card-providers.ts';
import { nowSeconds, type Handler, type Result } from './api.ts';
import { StripeError } from './errors.ts';
import { store, type SetupIntent } from './store.ts';

export type SetupIntentEventType =
  'setup_intent.succeeded' | 'setup_intent.setup_failed' | 'setup_intent.canceled' | 'setup_intent.requires_action';

/** The API version the stand-in renders objects in (openapi/upstream/stripe.yaml's info.version). */
const API_VERSION = '2020-08-27';

/** The `Stripe-Signature` header of a body, signed now. */
export function stripeSignature(body: string, secret: string, nowMs: number = Date.now()): string {
  const timestamp = Math.floor(nowMs / 1000);
  const signature = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

/** Sends one event about a SetupIntent to the shop's Stripe endpoint. */
export function sendSetupIntentEvent(context: SandboxContext, type: SetupIntentEventType, intent: SetupIntent): void {
  const event = {
    id: `evt_${randomId(24)}`,
    object: 'event',
    api_version: API_VERSION,
    created: nowSeconds(context),
    data: { object: structuredClone(intent) },
    livemode: false,
    pending_webhooks: 1,
    request: { id: `req_${randomId(14)}`, idempotency_key: null },
    type,
  };
  const body = JSON.stringify(event, null, 2);
  context.webhooks.send({
    provider: 'stripe',
    event: `${type} ${intent.id}`,
    body,
    headers: () => ({
      'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
      // The real time, not the sandbox clock: the shop checks the signature's age against its own.
      'stripe-signature': stripeSignature(body, CREDENTIALS.stripe.webhookSecret),
    }),
  });
}

/** The event a SetupIntent's new status tells; none for the statuses before a confirmation. */
const EVENT_OF_STATUS: Partial<Record<SetupIntent['status'], SetupIntentEventType>> = {
  succeeded: 'setup_intent.succeeded',
  requires_action: 'setup_intent.requires_action',
  canceled: 'setup_intent.canceled',
};

/**
 * Wraps the SetupIntents' API handlers (setup-intents.ts) so that what they do is told by webhook,
 * without the handlers knowing: an intent whose status a call changed to succeeded,
 * requires_action or canceled, and a declined confirmation (402 with the intent: setup_failed). An
 * idempotent replay does not run the handler, so it sends nothing again, as at Stripe.
 */
export function withSetupIntentEvents(context: SandboxContext, handler: Handler): Handler {
  return (req: Request, res: Response) => {
    const id = typeof req.params.intent === 'string' ? req.params.intent : undefined;
    const before = id ? store.setupIntents.get(id)?.object.status : undefined;
    let result: Result;
    try {
      result = handler(req, res);
    } catch (error) {
      const declined = error instanceof StripeError ? (error.body.setup_intent as SetupIntent | undefined) : undefined;
      if (declined) sendSetupIntentEvent(context, 'setup_intent.setup_failed', declined);
      throw error;
    }
    const intent = result.body as Partial<SetupIntent> | undefined;
    const type = intent?.object === 'setup_intent' && intent.status ? EVENT_OF_STATUS[intent.status] : undefined;
    if (type && intent!.status !== before) sendSetupIntentEvent(context, type, intent as SetupIntent);
    return result;
  };
}
