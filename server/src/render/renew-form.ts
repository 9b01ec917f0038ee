/**
 * The renewal page's renew form, posted by the browser when "Renew now" is pressed before the
 * page's JavaScript has run (the page is painted from the server, docs/decisions/006; once the app
 * runs it renews through the API). The same renew action as POST /api/basket/items (storefront §4
 * Renew action), guarded like it (the session's CSRF token), answered with a redirect: the
 * checkout, or the page again naming the plan selector's error or a failed renewal. Never a 500.
 */
import express, { type Request, type RequestHandler, type Response } from 'express';
import type { AppContext } from '../context.ts';
import { AppError } from '../errors.ts';
import { shopperOf } from '../http/shopper.ts';
import { parseLocalePath } from '../../../domain/locales.ts';
import { matchPage, type PageId } from '../../../domain/pages.ts';
import { ADAS_PRODUCT_ID } from '../../../domain/renewal-guards.ts';
import { zRenewItemBody } from '../../../generated/proxy/zod/zod.gen.ts';
import { renewItem } from '../services/basket/renew-item.ts';
import { sameToken } from '../session.ts';

/** The pages whose plan form posts to themselves: the renewal page and the ADAS page. */
const RENEWAL_PAGES: ReadonlySet<PageId> = new Set(['renewal', 'adas']);

/** A non-empty text field of a posted form. */
export const formField = (body: unknown, name: string): string | undefined => {
  const value = (body as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
};

/** The page again, with a flag the page reads (planError, renewError). */
function back(req: Request, res: Response, flag: 'planError' | 'renewError'): void {
  const url = new URL(req.originalUrl, 'http://shop.internal');
  url.searchParams.delete('planError');
  url.searchParams.delete('renewError');
  url.searchParams.set(flag, '1');
  res.redirect(303, `${url.pathname}${url.search}`);
}

/** A middleware, not a route: the route table holds the contract's operations only. */
export function renewForm(ctx: AppContext): RequestHandler {
  const readForm = express.urlencoded({ extended: false, limit: ctx.config.bodyLimit });
  const handle = async (req: Request, res: Response): Promise<void> => {
    res.setHeader('Cache-Control', 'no-store');
    const { prefix, rest } = parseLocalePath(req.path);
    // The renewal page (/service/{productId}) or the ADAS page (/product, domain/pages.ts).
    const productInPath = matchPage(rest).params.productId;
    try {
      const session = await ctx.sessions.current(req);
      const csrf = formField(req.body, 'csrfToken');
      if (!session || !csrf || !sameToken(csrf, session.csrfToken)) return back(req, res, 'renewError');
      if (!formField(req.body, 'variantId')) return back(req, res, 'planError');
      // The API's own request schema (one schema on both sides).
      const request = zRenewItemBody.safeParse({
        productId: productInPath ?? ADAS_PRODUCT_ID,
        variantId: formField(req.body, 'variantId'),
        ...(formField(req.body, 'vin') ? { vin: formField(req.body, 'vin') } : {}),
      });
      if (!request.success) return back(req, res, 'renewError');
      await renewItem(ctx, await shopperOf(req, res, ctx), request.data);
      res.redirect(303, `${prefix ? `/${prefix}` : ''}/checkout`);
    } catch (error) {
      if (error instanceof AppError && error.status === 422) return back(req, res, 'planError');
      req.log.warn({ err: error }, 'the renew form could not renew');
      back(req, res, 'renewError');
    }
  };
  return (req, res, next) => {
    if (req.method !== 'POST' || !RENEWAL_PAGES.has(matchPage(parseLocalePath(req.path).rest).id)) return next();
    readForm(req, res, (error?: unknown) => (error ? next(error) : void handle(req, res)));
  };
}
