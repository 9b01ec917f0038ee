/**
 * Adyen's standard webhook (issue 29, POST /api/webhooks/adyen): the HMAC signature of each
 * notification item and the optional Basic authentication, written with node:crypto as Adyen
 * documents them (docs.adyen.com/development-resources/webhooks/verify-hmac-signatures; the
 * `@adyen/api-library` is a dev dependency, whose HmacValidator the tests hold this to), and the
 * event codes the shop uses, reduced to ProviderEvents.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { components } from '../../../../generated/proxy/types.ts';
import type { AppContext } from '../../context.ts';
import type { AdyenReversalCode, ProviderEvent } from '../attempts/provider-events.ts';
import { recordProviderEvents, signatureInvalid } from './events.ts';

type AdyenNotification = components['schemas']['AdyenNotification'];
type NotificationItem = components['schemas']['AdyenNotificationRequestItem'];

/**
 * The string Adyen signs: `pspReference:originalReference:merchantAccountCode:merchantReference:
 * value:currency:eventCode:success`, an absent value as the empty string. The sandbox's Adyen stand-in
 * signs its notifications with code of its own (mocks/sandbox/src/upstreams/adyen/notifications.ts),
 * on purpose: one function shared by the side that signs and the side that verifies would let a mistake
 * in it pass both. Each is held to the same fixed vector from Adyen's libraries instead
 * (adyen-webhook.test.ts, notifications.test.ts).
 */
export function adyenSignedData(item: NotificationItem): string {
  return [
    item.pspReference,
    item.originalReference ?? '',
    item.merchantAccountCode,
    item.merchantReference,
    String(item.amount.value),
    item.amount.currency,
    item.eventCode,
    item.success,
  ].join(':');
}

/** Base64 of the HMAC-SHA256 of the signed string, with the key hex-decoded as Adyen shows it. */
export function adyenItemSignature(item: NotificationItem, hexKey: string): string {
  return createHmac('sha256', Buffer.from(hexKey, 'hex')).update(adyenSignedData(item), 'utf8').digest('base64');
}

/** Constant time for equal lengths; a signature of another length is wrong anyway. */
function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Throws a 401 problem unless EVERY item carries the right `hmacSignature`. One wrong item refuses
 * the whole notification, acting on none of it: Adyen retries a notification that was not
 * accepted, and its Customer Area marks the endpoint Failing, which is where a wrong key or a forged
 * item must show (docs.adyen.com/development-resources/webhooks/verify-hmac-signatures,
 * .../webhooks/handle-webhook-events#accept-webhooks, .../webhooks/troubleshoot). The items of one
 * notification share the key, so a wrong one says the whole delivery is not to be trusted.
 */
export function verifyAdyenNotification(notification: AdyenNotification, hexKey: string): void {
  const wrong = notification.notificationItems.flatMap(({ NotificationRequestItem: item }, index) => {
    const given = item.additionalData?.hmacSignature;
    return given && sameText(adyenItemSignature(item, hexKey), given) ? [] : [index];
  });
  if (wrong.length > 0)
    throw signatureInvalid(`The HMAC signature of notification item ${wrong.join(', ')} is missing or does not match.`);
}

/** Fixed-length digests compared in constant time: no length or prefix of the secret leaks. */
const sameSecret = (a: string, b: string) =>
  timingSafeEqual(createHash('sha256').update(a).digest(), createHash('sha256').update(b).digest());

/**
 * When ADYEN_WEBHOOK_USERNAME and ADYEN_WEBHOOK_PASSWORD are set, the Basic authentication Adyen
 * sends with each webhook must be theirs (docs.adyen.com/development-resources/webhooks#set-up-webhooks-in-your-customer-area).
 */
export function checkAdyenBasicAuth(
  header: string | undefined,
  expected: { username: string; password: string } | undefined,
): void {
  if (!expected) return;
  const [scheme = '', encoded = ''] = (header ?? '').trim().split(/\s+/, 2);
  const decoded = scheme.toLowerCase() === 'basic' ? Buffer.from(encoded, 'base64').toString('utf8') : '';
  const at = decoded.indexOf(':');
  const username = at < 0 ? '' : decoded.slice(0, at);
  const password = at < 0 ? '' : decoded.slice(at + 1);
  // Both compared whatever the first says, so the time taken does not tell which one was wrong.
  const userOk = sameSecret(username, expected.username);
  const passwordOk = sameSecret(password, expected.password);
  if (!(userOk && passwordOk))
    throw signatureInvalid('The Basic authentication of the webhook is missing or wrong.', {
      'WWW-Authenticate': 'Basic realm="webhooks"',
    });
}

const REVERSAL_CODES: ReadonlySet<string> = new Set<AdyenReversalCode>([
  'CANCELLATION',
  'TECHNICAL_CANCEL',
  'CANCEL_OR_REFUND',
  'REFUND',
]);

/**
 * One item as the attempts' owner reads it (docs.adyen.com/development-resources/webhooks/webhook-types);
 * undefined for an event code the shop does not use. Its eventId names the event, the reference and
 * the outcome, so a redelivery has the same one.
 */
export function adyenProviderEvent(item: NotificationItem): ProviderEvent | undefined {
  const eventId = `${item.eventCode}:${item.pspReference}:${item.success}`;
  const success = item.success === 'true';
  if (item.eventCode === 'AUTHORISATION')
    return {
      provider: 'adyen',
      kind: 'authorisation',
      eventId,
      reference: item.merchantReference,
      pspReference: item.pspReference,
      success,
      ...(item.reason ? { reason: item.reason } : {}),
    };
  if (REVERSAL_CODES.has(item.eventCode))
    return {
      provider: 'adyen',
      kind: 'reversal',
      eventId,
      code: item.eventCode as AdyenReversalCode,
      reference: item.merchantReference,
      ...(item.originalReference ? { originalReference: item.originalReference } : {}),
      pspReference: item.pspReference,
      success,
    };
  if (item.eventCode === 'RECURRING_CONTRACT') {
    const data = item.additionalData ?? {};
    const shopperReference = data['recurring.shopperReference'] ?? data.shopperReference;
    return {
      provider: 'adyen',
      kind: 'recurringContract',
      eventId,
      reference: item.merchantReference,
      ...(shopperReference ? { shopperReference } : {}),
      // The item's pspReference is the stored method's id (recurringDetailReference).
      storedPaymentMethodId: data['recurring.recurringDetailReference'] ?? item.pspReference,
      success,
    };
  }
  return undefined;
}

/** A verified notification: each item of the shop's event codes recorded, in Adyen's order. */
export async function receiveAdyenNotification(ctx: AppContext, notification: AdyenNotification): Promise<void> {
  const events = notification.notificationItems.flatMap(({ NotificationRequestItem: item }) => {
    const event = adyenProviderEvent(item);
    return event ? [event] : [];
  });
  await recordProviderEvents(ctx, events);
}
