import { zReceiveStripeEventBody } from '../../../../generated/proxy/zod/zod.gen.ts';
import { sendNoStore } from '../../http/send.ts';
import { webhookBody } from '../../http/webhooks.ts';
import { receiveStripeEvent as receive, verifyStripeSignature } from '../../services/webhooks/stripe-webhook.ts';
import { parseBody } from '../../validate.ts';
import { httpOperation } from '../../http/operation.ts';

/**
 * POST /api/webhooks/stripe: Stripe's events (issue 29). The signature over the raw body is checked
 * before anything of the body is read; no session, CSRF token or Origin (server.ts exempts it).
 */
export const receiveStripeEvent = httpOperation(async (req, res, ctx) => {
  verifyStripeSignature(webhookBody(req), req.get('stripe-signature'), ctx.config.credentials.stripe.webhookSecret);
  sendNoStore(res, await receive(ctx, parseBody(zReceiveStripeEventBody, req)));
});
