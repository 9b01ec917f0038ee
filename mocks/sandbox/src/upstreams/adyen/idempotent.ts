/**
 * The Adyen stand-in's idempotency keys (docs.adyen.com/development-resources/api-idempotency):
 * the first response per key is kept for seven days and answered again for the same request; the
 * same key with another request is refused (704); keys are at most 64 characters.
 */
import type { Request, Response } from 'express';
import { requestFingerprint } from '../card-providers.ts';
import { AdyenError, invalid } from './errors.ts';
import { store } from './store.ts';

export interface Result {
  status?: number;
  body?: unknown;
}
export type Handler = (req: Request) => Result;

const IDEMPOTENCY_WINDOW_MS = 7 * 86_400_000;

function send(res: Response, result: Result): void {
  const status = result.status ?? 200;
  if (result.body === undefined) res.status(status).end();
  else res.status(status).json(result.body);
}

/** A handler run once per Idempotency-Key: a repeat answers the stored response, another body 422. */
export const idempotent =
  (nowMs: () => number) =>
  (handler: Handler) =>
  (req: Request, res: Response): void => {
    const key = req.get('idempotency-key');
    if (key) res.set('Idempotency-Key', key);
    const execute = (): Result => {
      try {
        return handler(req);
      } catch (error) {
        if (error instanceof AdyenError) return { status: error.status, body: error.body };
        throw error;
      }
    };
    if (!key || req.method !== 'POST') return send(res, execute());
    if (key.length > 64)
      return send(res, { status: 422, body: invalid('702', 'Idempotency-Key is longer than 64 characters.').body });
    const endpoint = req.baseUrl + req.path;
    const fingerprint = requestFingerprint(req.method, endpoint, req.body ?? {});
    const stored = store.idempotency.get(key);
    if (stored && stored.storedAtMs + IDEMPOTENCY_WINDOW_MS > nowMs()) {
      if (stored.endpoint !== endpoint || stored.fingerprint !== fingerprint)
        return send(res, {
          status: 422,
          body: invalid('704', 'request already processed or in progress').body,
        });
      return send(res, { status: stored.status, body: stored.body });
    }
    const result = execute();
    const status = result.status ?? 200;
    if (status < 300 || status === 422)
      store.idempotency.set(key, {
        endpoint,
        fingerprint,
        status,
        body: result.body,
        storedAtMs: nowMs(),
      });
    send(res, result);
  };
