// Issue 29: our Stripe-Signature check agrees with Stripe's own library (a dev dependency, here only).
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors.ts';
import { STRIPE_TOLERANCE_SECONDS, stripeProviderEvent, verifyStripeSignature } from './stripe-webhook.ts';

const stripe = new Stripe('sk_test_sandbox');
const SECRET = 'whsec_sandbox_webhook_secret';
const NOW = Date.UTC(2026, 11, 1, 10, 0, 0);
const nowSeconds = NOW / 1000;

/** A setup_intent.succeeded event as Stripe renders it (pretty-printed, as Stripe sends it). */
const event = (type = 'setup_intent.succeeded', object: Record<string, unknown> = {}) => ({
  id: 'evt_1TestSetupSucceeded',
  object: 'event' as const,
  api_version: '2020-08-27',
  created: nowSeconds - 2,
  data: {
    object: {
      id: 'seti_1TestIntent',
      object: 'setup_intent',
      status: 'succeeded',
      payment_method: 'pm_1TestCard',
      metadata: { orderNo: '00001050' },
      ...object,
    },
  },
  livemode: false,
  pending_webhooks: 1,
  request: { id: 'req_1', idempotency_key: null },
  type,
});
const PAYLOAD = JSON.stringify(event(), null, 2);

/** Stripe's test header for a payload, as its library signs it. */
const signed = (payload: string, options: { secret?: string; timestamp?: number } = {}) =>
  stripe.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? SECRET,
    timestamp: options.timestamp ?? nowSeconds,
  });

/** Our verdict: undefined when accepted, else the refusal's detail (always a 401). */
function ours(payload: string, header: string | undefined, nowMs = NOW): string | undefined {
  try {
    verifyStripeSignature(Buffer.from(payload), header, SECRET, nowMs);
    return undefined;
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(401);
    expect((error as AppError).type).toBe('https://shop.example/problems/webhook-signature-invalid');
    return (error as AppError).detail;
  }
}

/** Stripe's verdict on the same: true when constructEvent accepts it. */
function stripes(payload: string, header: string, nowMs = NOW): boolean {
  try {
    stripe.webhooks.constructEvent(payload, header, SECRET, STRIPE_TOLERANCE_SECONDS, undefined, nowMs);
    return true;
  } catch {
    return false;
  }
}

describe('Stripe-Signature (docs.stripe.com/webhooks#verify-manually)', () => {
  it("when Stripe's library signed the body, then we accept it, as Stripe's constructEvent does", () => {
    const header = signed(PAYLOAD);
    expect(stripes(PAYLOAD, header)).toBe(true);
    expect(ours(PAYLOAD, header)).toBeUndefined();
  });

  it('when the header carries a v1 of a rolled secret and a v0 besides ours, then one matching v1 is enough', () => {
    const ownV1 = signed(PAYLOAD).split(',')[1]!;
    const oldV1 = signed(PAYLOAD, { secret: 'whsec_old' }).split(',')[1]!;
    const header = `t=${nowSeconds},${oldV1},v0=${'0'.repeat(64)},${ownV1}`;
    expect(stripes(PAYLOAD, header)).toBe(true);
    expect(ours(PAYLOAD, header)).toBeUndefined();
  });

  it('when the body was signed with another secret, then 401, as Stripe refuses it', () => {
    const header = signed(PAYLOAD, { secret: 'whsec_someone_else' });
    expect(stripes(PAYLOAD, header)).toBe(false);
    expect(ours(PAYLOAD, header)).toBe('No signature matches the body.');
  });

  it('when one byte of the body changed after signing (tampered, or re-serialised), then 401, as Stripe refuses it', () => {
    const header = signed(PAYLOAD);
    const tampered = PAYLOAD.replace('"00001050"', '"00001051"');
    const compacted = JSON.stringify(JSON.parse(PAYLOAD));
    for (const body of [tampered, compacted]) {
      expect(stripes(body, header)).toBe(false);
      expect(ours(body, header)).toBe('No signature matches the body.');
    }
  });

  it('when the timestamp is more than 5 minutes old, then 401 (a replay), as Stripe refuses it; 299 s old is accepted', () => {
    const stale = signed(PAYLOAD, { timestamp: nowSeconds - STRIPE_TOLERANCE_SECONDS - 1 });
    expect(stripes(PAYLOAD, stale)).toBe(false);
    expect(ours(PAYLOAD, stale)).toBe("The signature's timestamp is more than 300 seconds away.");
    const recent = signed(PAYLOAD, { timestamp: nowSeconds - STRIPE_TOLERANCE_SECONDS + 1 });
    expect(stripes(PAYLOAD, recent)).toBe(true);
    expect(ours(PAYLOAD, recent)).toBeUndefined();
  });

  it('when the timestamp is more than 5 minutes ahead, then 401 (stricter than Stripe, which checks age only)', () => {
    const ahead = signed(PAYLOAD, { timestamp: nowSeconds + STRIPE_TOLERANCE_SECONDS + 1 });
    expect(stripes(PAYLOAD, ahead)).toBe(true);
    expect(ours(PAYLOAD, ahead)).toMatch(/more than 300 seconds away/);
  });

  it('when the header is missing, empty or has no timestamp or no v1, then 401', () => {
    const v1 = signed(PAYLOAD).split(',')[1]!;
    expect(ours(PAYLOAD, undefined)).toBe('The Stripe-Signature header is missing.');
    expect(ours(PAYLOAD, '')).toBe('The Stripe-Signature header is missing.');
    for (const header of ['garbage', v1, `t=${nowSeconds}`, `t=soon,${v1}`, `t=${nowSeconds},v0=${v1.slice(3)}`])
      expect(ours(PAYLOAD, header), header).toBe('The Stripe-Signature header has no timestamp or no v1 signature.');
  });

  it('when the v1 is in upper case, then it matches nothing, as in Stripe (a hex string compared as sent)', () => {
    const header = signed(PAYLOAD).replace(/v1=([0-9a-f]+)/, (_m, hex: string) => `v1=${hex.toUpperCase()}`);
    expect(stripes(PAYLOAD, header)).toBe(false);
    expect(ours(PAYLOAD, header)).toBeDefined();
  });
});

describe('Stripe events as the attempts read them', () => {
  it.each([
    ['setup_intent.succeeded', 'setupIntent', 'succeeded'],
    ['setup_intent.setup_failed', 'setupIntent', 'failed'],
    ['setup_intent.canceled', 'setupIntent', 'canceled'],
    ['setup_intent.requires_action', 'setupIntent', 'requires_action'],
    ['payment_intent.succeeded', 'paymentIntent', 'succeeded'],
    ['payment_intent.payment_failed', 'paymentIntent', 'failed'],
    ['payment_intent.canceled', 'paymentIntent', 'canceled'],
    ['payment_intent.processing', 'paymentIntent', 'processing'],
  ])('when the event is %s, then a %s event with outcome %s, its id the eventId', (type, kind, outcome) => {
    const object = kind === 'paymentIntent' ? { id: 'pi_1Test', object: 'payment_intent' } : {};
    expect(stripeProviderEvent(event(type, object))).toEqual({
      provider: 'stripe',
      kind,
      eventId: 'evt_1TestSetupSucceeded',
      id: kind === 'paymentIntent' ? 'pi_1Test' : 'seti_1TestIntent',
      outcome,
      ...(kind === 'setupIntent' ? { paymentMethod: 'pm_1TestCard' } : {}),
      orderNo: '00001050',
    });
  });

  it('when the intent names no payment method or order, then the event leaves them out', () => {
    expect(stripeProviderEvent(event('setup_intent.setup_failed', { payment_method: null, metadata: {} }))).toEqual({
      provider: 'stripe',
      kind: 'setupIntent',
      eventId: 'evt_1TestSetupSucceeded',
      id: 'seti_1TestIntent',
      outcome: 'failed',
    });
  });

  it('when the type is not one the shop uses (or an Object.prototype key), then it is ignored', () => {
    for (const type of ['charge.succeeded', 'customer.updated', 'constructor', 'toString'])
      expect(stripeProviderEvent(event(type))).toBeUndefined();
  });

  it('when an event of the shop carries another object or none with an id, then 400', () => {
    const wrong = [
      event('setup_intent.succeeded', { object: 'payment_intent' }),
      event('payment_intent.succeeded', { object: 'setup_intent' }),
      event('setup_intent.succeeded', { id: undefined }),
    ];
    for (const e of wrong) expect(() => stripeProviderEvent(e)).toThrow(expect.objectContaining({ status: 400 }));
  });
});
