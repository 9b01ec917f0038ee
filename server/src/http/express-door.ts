/**
 * The HTTP door of every operation (http/operation.ts): parse → shopper → access → locale → run →
 * send, written once for all of them. Account operations pass `requireCustomer` first (a lost cookie
 * answers the ended sign-in before any shopper is made) and answer the login when the sign-in ends
 * while they run.
 */
import type { Request, RequestHandler, Response } from 'express';
import type { OperationId } from '../../../generated/proxy/operations.ts';
import type { AppContext } from '../context.ts';
import { resolveSite } from '../site.ts';
import { isCustomerRule, requireCustomer, signInEnded } from './customer.ts';
import {
  parseInput,
  PdfReply,
  Reply,
  runForShopper,
  type CacheControl,
  type Operation,
  type RawInput,
  type RequestFacts,
} from './operation.ts';
import { sendJson, sendPdf } from './send.ts';
import { shopperOf, withLockedShopper } from './shopper.ts';
import { mediaTypeOf } from '../validate.ts';
import type { Shopper } from '../services/identity/shopper.ts';
import type { SessionData } from '../session.ts';

/**
 * What an operation may know of an HTTP request (the server render's page request too), with the
 * request's session: the shopper's, where there is one (no second read of the store).
 */
export function requestFacts(req: Request, ctx: AppContext, session: SessionData | undefined): RequestFacts {
  const query = req.originalUrl.indexOf('?');
  return {
    testHost: ctx.config.testFlagHosts.includes(req.hostname.toLowerCase()),
    client: { ipAddress: req.ip ?? '', userAgent: req.get('user-agent') ?? '' },
    search: query < 0 ? '' : req.originalUrl.slice(query),
    hostname: req.hostname,
    header: (name) => req.get(name),
    ...(session ? { session } : {}),
    site: session?.site ?? resolveSite(req, ctx.config, undefined) ?? ctx.config.sites.defaultSite,
    signal: req.signal,
    log: req.log ?? ctx.logger,
  };
}

function rawInput(req: Request): RawInput {
  const mediaType = mediaTypeOf(req);
  return { path: req.params, query: req.query, body: req.body, ...(mediaType ? { mediaType } : {}) };
}

function send(res: Response, answer: unknown, op: { cache?: CacheControl; status?: number }): void {
  if (answer instanceof PdfReply) return sendPdf(res, answer.pdf, answer.filename);
  const reply = answer instanceof Reply ? answer : new Reply(answer, op.status ?? (answer === undefined ? 204 : 200));
  if (reply.status === 204) {
    res.status(204).set('Cache-Control', 'no-store').end();
    return;
  }
  const cache = reply.cache ?? op.cache ?? 'private, no-store';
  if (cache === 'public, max-age=300') {
    // A public answer keeps Express's ETag and freshness check: the browser revalidates it.
    res.setHeader('Cache-Control', cache);
    res.status(reply.status).json(reply.body);
    return;
  }
  sendJson(res, reply.body, { cache, status: reply.status });
}

/** The request handlers that serve operation `id` over HTTP. */
export function expressDoor<Id extends OperationId>(ctx: AppContext, id: Id, op: Operation<Id>): RequestHandler[] {
  if (op.access === 'http') return [(req, res) => op.handle(req, res, ctx)];
  if (op.access === 'anyone') {
    return [
      async (req, res) => {
        const input = parseInput(id, op, rawInput(req), true);
        send(res, await op.run(ctx, input, requestFacts(req, ctx, await ctx.sessions.current(req))), op);
      },
    ];
  }
  const handle: RequestHandler = async (req, res) => {
    const input = parseInput(id, op, rawInput(req), true);
    const work = (shopper: Shopper) =>
      runForShopper(ctx, id, op, shopper, input, requestFacts(req, ctx, shopper.session));
    try {
      const answer = op.locked
        ? await withLockedShopper(req, res, ctx, work)
        : await work(await shopperOf(req, res, ctx));
      send(res, answer, op);
    } catch (error) {
      // An account operation whose sign-in ended while it ran (its tokens refused, issue 30): the login, not the 502.
      throw isCustomerRule(op.access) ? signInEnded(req, op.access, error) : error;
    }
  };
  return isCustomerRule(op.access) ? [requireCustomer(ctx, op.access), handle] : [handle];
}
