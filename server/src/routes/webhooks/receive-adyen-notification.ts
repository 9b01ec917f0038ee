import { zReceiveAdyenNotificationBody } from '../../../../generated/proxy/zod/zod.gen.ts';
import {
  checkAdyenBasicAuth,
  receiveAdyenNotification as receive,
  verifyAdyenNotification,
} from '../../services/webhooks/adyen-webhook.ts';
import { parseBody } from '../../validate.ts';
import { httpOperation } from '../../http/operation.ts';

/**
 * POST /api/webhooks/adyen: Adyen's notifications (issue 29). Each item's HMAC signature covers named
 * fields of the parse, so the body is read first; no item is acted on unless every one is signed.
 * No session, CSRF token or Origin (server.ts exempts it).
 */
export const receiveAdyenNotification = httpOperation(async (req, res, ctx) => {
  const { hmacKey, webhookBasicAuth } = ctx.config.credentials.adyen;
  checkAdyenBasicAuth(req.get('authorization'), webhookBasicAuth);
  const notification = parseBody(zReceiveAdyenNotificationBody, req);
  verifyAdyenNotification(notification, hmacKey);
  await receive(ctx, notification);
  // What Adyen's documentation has a webhook answer (any 2xx accepts it).
  res.status(200).set('Cache-Control', 'no-store').type('text/plain').send('[accepted]');
});
