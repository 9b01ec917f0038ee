/**
 * The return from a payment redirect made by POST (Adyen's redirect action with `method: POST`:
 * the issuer's page posts the shopper back to the returnUrl with form data,
 * docs.adyen.com/online-payments/build-your-integration/advanced-flow "Handle the redirect").
 * The confirmation page is a client page read by GET, and a cross-site POST carries no SameSite=Lax
 * session cookie, so the posted `redirectResult` is turned into the page's query with a 303: the
 * GET that follows carries the session, and the page confirms as after a GET return
 * (POST /api/checkout/payment-confirmation, then /payments/details).
 */
import express, { type RequestHandler } from 'express';
import { parseLocalePath } from '../../../domain/locales.ts';
import { matchPage } from '../../../domain/pages.ts';
import type { AppContext } from '../context.ts';
import { formField } from './renew-form.ts';

/** The ConfirmPaymentRequest's redirectResult maxLength (proxy.yaml). */
const MAX_REDIRECT_RESULT = 10_000;

/** A middleware, not a route: the route table holds the contract's operations only. */
export function paymentReturnForm(ctx: AppContext): RequestHandler {
  const readForm = express.urlencoded({ extended: false, limit: ctx.config.bodyLimit });
  return (req, res, next) => {
    if (req.method !== 'POST' || matchPage(parseLocalePath(req.path).rest).id !== 'paymentConfirmation') return next();
    readForm(req, res, (error?: unknown) => {
      if (error) return next(error);
      res.setHeader('Cache-Control', 'no-store');
      const query = new URLSearchParams(req.originalUrl.split('?')[1] ?? '');
      const redirectResult = formField(req.body, 'redirectResult');
      // Without a usable result the page shows its own error (the confirmation answers 400).
      if (redirectResult && redirectResult.length <= MAX_REDIRECT_RESULT) query.set('redirectResult', redirectResult);
      const search = query.toString();
      res.redirect(303, `${req.path}${search ? `?${search}` : ''}`);
    });
  };
}
