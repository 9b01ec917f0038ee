/**
 * Stripe's webhook (issue 29, POST /api/webhooks/stripe): the `Stripe-Signature` check over the raw
 * body, written with node:crypto as Stripe documents it (docs.stripe.com/webhooks#verify-manually; the
 * `stripe` package is a dev dependency, whose constructEvent the tests hold this to), and the
 * SetupIntent and PaymentIntent events the shop uses, reduced to ProviderEvents.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { components } from '../../../../generated/proxy/types.ts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import type { ProviderEvent } from '../attempts/provider-events.ts';
import { recordProviderEvents, signatureInvalid } from './events.ts';

type StripeEvent = components['schemas']['StripeEvent'];
type WebhookReceipt = components['schemas']['WebhookReceipt'];

/**
 * How far the signature's timestamp may be from our clock: Stripe's libraries' default of 5 minutes,
 * against replays of a captured delivery. Stripe signs each retry anew, so a retry is never stale.
 */
export const STRIPE_TOLERANCE_SECONDS = 300;

/** The header's parts: `t=<unix seconds>`, and `v1=<hex>` once per signing secret while one is rolled. */
function parseSignatureHeader(header: string): { timestamp?: number; signatures: Buffer[] } {
  let timestamp: number | undefined;
  const signatures: Buffer[] = [];
  for (const part of header.split(',')) {
    const at = part.indexOf('=');
    const key = part.slice(0, at).trim();
    const value = part.slice(at + 1).trim();
    if (key === 't') timestamp = /^\d{1,15}$/.test(value) ? Number(value) : undefined;
    // v0 (Stripe's test scheme) and any other scheme are ignored, as Stripe advises.
    else if (key === 'v1' && /^[0-9a-f]{64}$/.test(value)) signatures.push(Buffer.from(value, 'hex'));
  }
  return { timestamp, signatures };
}

/**
 * Throws a 401 problem unless one `v1` of the header is the HMAC-SHA256 of `<t>.<payload>` with the
 * endpoint's secret (compared in constant time) and `t` is within STRIPE_TOLERANCE_SECONDS of now.
 * Stripe's own check refuses only old timestamps; a signature from more than 5 minutes ahead is
 * refused here as well, since Stripe's clock and ours differ by seconds, not minutes.
 */
export function verifyStripeSignature(
  payload: Buffer,
  header: string | undefined,
  secret: string,
  nowMs: number = Date.now(),
): void {
  if (!header) throw signatureInvalid('The Stripe-Signature header is missing.');
  const { timestamp, signatures } = parseSignatureHeader(header);
  if (timestamp === undefined || signatures.length === 0)
    throw signatureInvalid('The Stripe-Signature header has no timestamp or no v1 signature.');
  const expected = createHmac('sha256', secret).update(`${timestamp}.`).update(payload).digest();
  if (!signatures.some((signature) => timingSafeEqual(signature, expected)))
    throw signatureInvalid('No signature matches the body.');
  if (Math.abs(nowMs / 1000 - timestamp) > STRIPE_TOLERANCE_SECONDS)
    throw signatureInvalid(`The signature's timestamp is more than ${STRIPE_TOLERANCE_SECONDS} seconds away.`);
}

/** The SetupIntent events the shop acts on (docs.stripe.com/payments/setupintents/lifecycle), by outcome. */
const SETUP_INTENT_OUTCOMES = new Map<string, Extract<ProviderEvent, { kind: 'setupIntent' }>['outcome']>([
  ['setup_intent.succeeded', 'succeeded'],
  ['setup_intent.setup_failed', 'failed'],
  ['setup_intent.canceled', 'canceled'],
  ['setup_intent.requires_action', 'requires_action'],
]);

/** The PaymentIntent events the shop acts on (docs.stripe.com/payments/paymentintents/lifecycle), by outcome. */
const PAYMENT_INTENT_OUTCOMES = new Map<string, Extract<ProviderEvent, { kind: 'paymentIntent' }>['outcome']>([
  ['payment_intent.succeeded', 'succeeded'],
  ['payment_intent.payment_failed', 'failed'],
  ['payment_intent.canceled', 'canceled'],
  ['payment_intent.processing', 'processing'],
]);

/** The intent an event of the shop's types carries; a 400 when it is not one. */
function intentOf(event: StripeEvent, object: 'setup_intent' | 'payment_intent'): string {
  const { id, object: kind } = event.data.object;
  if (!id || kind !== object)
    throw new AppError(
      400,
      'validation-error',
      'Invalid request',
      `A ${event.type} event carries a ${object} with its id.`,
      { errors: [{ field: '/data/object', message: `Expected a ${object} with an id.`, code: 'invalid_type' }] },
    );
  return id;
}

/** The event as the attempts' owner reads it; undefined for a type the shop does not use. */
export function stripeProviderEvent(event: StripeEvent): ProviderEvent | undefined {
  const { metadata, payment_method: paymentMethod } = event.data.object;
  const orderNo = metadata?.orderNo ? { orderNo: metadata.orderNo } : {};
  const setupOutcome = SETUP_INTENT_OUTCOMES.get(event.type);
  if (setupOutcome)
    return {
      provider: 'stripe',
      kind: 'setupIntent',
      eventId: event.id,
      id: intentOf(event, 'setup_intent'),
      outcome: setupOutcome,
      ...(paymentMethod ? { paymentMethod } : {}),
      ...orderNo,
    };
  const paymentOutcome = PAYMENT_INTENT_OUTCOMES.get(event.type);
  if (paymentOutcome)
    return {
      provider: 'stripe',
      kind: 'paymentIntent',
      eventId: event.id,
      id: intentOf(event, 'payment_intent'),
      outcome: paymentOutcome,
      ...orderNo,
    };
  return undefined;
}

/**
 * A verified event: recorded by the attempts' owner when it is one of the shop's, acknowledged
 * otherwise (Stripe sends every type the endpoint subscribes to, and retries any answer but a 2xx).
 */
export async function receiveStripeEvent(ctx: AppContext, event: StripeEvent): Promise<WebhookReceipt> {
  const providerEvent = stripeProviderEvent(event);
  if (!providerEvent) return { received: true, ignored: true };
  await recordProviderEvents(ctx, [providerEvent]);
  return { received: true };
}
