/**
 * What the providers' webhooks (issue 29, routes/webhooks/) need from the API router in server.ts:
 * their raw body, kept for the signature, and their exemption from the browser's defences. They come
 * from Stripe's and Adyen's servers, with no session, CSRF token or Origin of the shop: their
 * signature authenticates them instead (services/webhooks/).
 */
import type { IncomingMessage } from 'node:http';
import type { Request } from 'express';
import { operations } from '../../../generated/proxy/operations.ts';
import { invalidField } from '../errors.ts';

const WEBHOOKS = [operations.receiveStripeEvent, operations.receiveAdyenNotification];

/** A POST to one of the webhooks' paths (below /api, as the API router sees it). */
export const isWebhook = (req: Request): boolean =>
  WEBHOOKS.some((op) => req.method.toLowerCase() === op.method && req.path === op.path);

const rawBodies = new WeakMap<IncomingMessage, Buffer>();

/**
 * express.json's `verify` option: keeps the bytes of a webhook's body as they came (Stripe signs
 * them, not their parse: docs.stripe.com/webhooks#verify-manually); nothing for any other request.
 */
export function keepWebhookBody(req: IncomingMessage, _res: unknown, buffer: Buffer): void {
  if (isWebhook(req as Request)) rawBodies.set(req, buffer);
}

/** The webhook's raw JSON body; a 400 problem when it came as something else than JSON. */
export function webhookBody(req: Request): Buffer {
  const raw = rawBodies.get(req);
  if (raw) return raw;
  throw invalidField('Send the webhook as JSON (Content-Type: application/json).', {
    field: '/',
    message: 'The body must be JSON.',
    code: 'invalid_type',
  });
}
