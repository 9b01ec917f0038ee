import { zStartLoginQuery } from '../../../../generated/proxy/zod/zod.gen.ts';
import { invalidField } from '../../errors.ts';
import { sendNoStore } from '../../http/send.ts';
import { isShopPath } from '../../http/shop-path.ts';
import { requestScope } from '../../http/shopper.ts';
import { DEFAULT_LOCALE } from '../../../../domain/locales.ts';
import { startLogin as start } from '../../services/identity/identity-login.ts';
import { requestedSite } from '../../site.ts';
import { parseQuery } from '../../validate.ts';
import { httpOperation } from '../../http/operation.ts';

/** GET /api/session/login: the identity provider's authorize URL, PKCE kept in the session (storefront §4). */
export const startLogin = httpOperation(async (req, res, ctx) => {
  const query = parseQuery(zStartLoginQuery, req);
  const site = requestedSite(req, ctx.config, query.site);
  // A path of the shop only: `//host`, `/\host` and `/<tab>/host` are other sites to a browser (issue 17).
  if (query.returnTo !== undefined && !isShopPath(query.returnTo)) {
    throw invalidField('returnTo must be a same-origin path.', {
      field: 'returnTo',
      message: 'Must be a same-origin path.',
      code: 'invalid_string',
    });
  }
  const existing = await ctx.sessions.current(req);
  const session = existing ?? (await ctx.sessions.currentOrNew(req, { site, locale: query.locale ?? DEFAULT_LOCALE }));
  // §4 "A logged-out click on the account entry starts a remote login and clears the session
  // cookie": the cookie's session id (and CSRF token) is rotated away before the login's state is
  // kept, so the old cookie names nothing; its basket and vehicle stay under the new id.
  if (existing && existing.authType !== 'registered') await ctx.sessions.rotate(res, existing);
  const locale = query.locale ?? session.locale;
  const answer = await start(ctx, session, requestScope(req, res, ctx, session), {
    site,
    locale,
    returnTo: query.returnTo,
  });
  sendNoStore(res, answer);
});
