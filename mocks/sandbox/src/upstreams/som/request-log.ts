/**
 * The order system's calls since the reset, as the stand-in answered them (issue 30): the method, the
 * identity it was asked for, the record it was asked about and the answer's status. An attack test
 * reads it (`GET /__sandbox/som/requests`) to show which of its calls reached the order system, and
 * that with the ownership filter off the order system did answer another customer's record, so the
 * refusal the shop gave was the proxy's own check (docs/decisions/027). With `?bodies=true` each call
 * also carries the body the shop sent, so that a proxy test can show what reached the order system
 * (a cancellation's reason and isCommerceStorefront, a payment record's IP address, History's limit).
 */
import type { NextFunction, Request, Response } from 'express';
import type { SandboxContext } from '../../app.ts';

/** One call of `/som/services/apexrest/SOM/{method}`, once answered. */
export interface SomRequest {
  /** The method: History, Details, CreditNoteDetails, CreditNotes (the PDF), RequestRefund, … */
  method: string;
  /** The identity the call named (`query.userId`); null when it named none (the PDF, the changes). */
  userId: string | null;
  /** The record asked about: `query.orderId`, `query.recordId`, `query.ZuoraInvoiceId` or the PDF's `recordId`. */
  recordId: string | null;
  status: number;
}

/** A logged call with the body the shop sent (`GET /__sandbox/som/requests?bodies=true`). */
export interface SomRequestWithBody extends SomRequest {
  body: unknown;
}

const log: SomRequestWithBody[] = [];
const MAX_LOGGED = 500;

const text = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);

/** Records each call once answered (mount after the body is parsed, before the methods). */
export function somRequestLog(context: SandboxContext) {
  context.resetHooks.push(() => (log.length = 0));
  return (req: Request, res: Response, next: NextFunction) => {
    const method = /\/SOM\/([^/]+)$/.exec(req.path)?.[1];
    if (req.method === 'POST' && method) {
      const body = (req.body ?? {}) as { query?: Record<string, unknown>; recordId?: unknown };
      const query = body.query ?? {};
      const entry = {
        method,
        userId: text(query.userId),
        recordId: text(query.orderId) ?? text(query.recordId) ?? text(query.ZuoraInvoiceId) ?? text(body.recordId),
      };
      const sent = structuredClone(req.body as unknown);
      res.on('finish', () => {
        log.push({ ...entry, status: res.statusCode, body: sent });
        if (log.length > MAX_LOGGED) log.shift();
      });
    }
    next();
  };
}

/** The calls since the reset, oldest first (the last 500); with `bodies`, each with the body it was sent. */
export function somRequests(options: { bodies?: boolean } = {}): readonly SomRequest[] | readonly SomRequestWithBody[] {
  if (options.bodies) return log;
  return log.map(({ body: _body, ...call }) => call);
}
