import { zGetSessionQuery } from '../../../../generated/proxy/zod/zod.gen.ts';
import { DEFAULT_LOCALE } from '../../../../domain/locales.ts';
import { sessionView } from '../../session.ts';
import { requestedSite } from '../../site.ts';
import { parseQuery } from '../../validate.ts';
import { httpOperation } from '../../http/operation.ts';
import { sendNoStore } from '../../http/send.ts';

/**
 * GET /api/session: the current session, or a new anonymous one (cookie set, CSRF token issued).
 * `site` and `locale`, when given, become the session's.
 */
export const getSession = httpOperation(async (req, res, ctx) => {
  const query = parseQuery(zGetSessionQuery, req);
  const site = requestedSite(req, ctx.config, query.site);
  const session = await ctx.sessions.currentOrNew(req, { site, locale: query.locale ?? DEFAULT_LOCALE });
  if (query.site !== undefined) session.site = site;
  if (query.locale !== undefined) session.locale = query.locale;
  // Saving renews the cookie and the store's TTL on every visit.
  await ctx.sessions.save(res, session);
  // no-store, without an ETag: an answer never stored is never revalidated (http/send.ts).
  sendNoStore(res, sessionView(session));
});
