/**
 * The checkout's guest e-mail form, posted by the browser when "Continue as guest" is pressed before
 * the page's JavaScript has run (the checkout is painted from the server, docs/decisions/006; once
 * the app runs it sets the e-mail through the API). The same action as PUT /api/basket/customer
 * (storefront §2 Checkout: the guest's e-mail, "an error for a linked mailbox"), guarded like it
 * (the session's CSRF token), answered with a redirect to the checkout: its next step, or the e-mail
 * step again naming what went wrong (`emailError`: invalid, linked, failed). Never a 500.
 */
import express, { type Request, type RequestHandler, type Response } from 'express';
import { parseLocalePath } from '../../../domain/locales.ts';
import { matchPage } from '../../../domain/pages.ts';
import type { AppContext } from '../context.ts';
import { AppError } from '../errors.ts';
import { shopperOf } from '../http/shopper.ts';
import { zSetCustomerEmailBody } from '../../../generated/proxy/zod/zod.gen.ts';
import { setCustomerEmail } from '../services/basket/basket-operations.ts';
import { sameToken } from '../session.ts';
import { formField } from './renew-form.ts';

export type EmailError = 'invalid' | 'linked' | 'failed';

/** A middleware, not a route: the route table holds the contract's operations only. */
export function checkoutEmailForm(ctx: AppContext): RequestHandler {
  const readForm = express.urlencoded({ extended: false, limit: ctx.config.bodyLimit });
  const handle = async (req: Request, res: Response): Promise<void> => {
    res.setHeader('Cache-Control', 'no-store');
    const back = (error?: EmailError) =>
      res.redirect(303, `${req.path.replace(/\/$/, '')}${error ? `?emailError=${error}` : ''}`);
    try {
      const session = await ctx.sessions.current(req);
      const csrf = formField(req.body, 'csrfToken');
      if (!session || !csrf || !sameToken(csrf, session.csrfToken)) return back('failed');
      // The API's own request schema (one schema on both sides).
      const request = zSetCustomerEmailBody.safeParse({ email: formField(req.body, 'email') ?? '' });
      if (!request.success) return back('invalid');
      await setCustomerEmail(ctx, await shopperOf(req, res, ctx), request.data.email);
      back();
    } catch (error) {
      if (error instanceof AppError && error.status === 409) return back('linked');
      if (error instanceof AppError && error.status === 400) return back('invalid');
      req.log.warn({ err: error }, 'the checkout e-mail form could not set the e-mail');
      back('failed');
    }
  };
  return (req, res, next) => {
    if (req.method !== 'POST' || matchPage(parseLocalePath(req.path).rest).id !== 'checkout') return next();
    readForm(req, res, (error?: unknown) => (error ? next(error) : void handle(req, res)));
  };
}
