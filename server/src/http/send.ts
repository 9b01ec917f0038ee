/** How an operation's JSON answer leaves: its status and who may keep it (Cache-Control). */
import type { Response } from 'express';

/** Answers that may no longer leave as their handler made them, and what to throw instead. */
const withheld = new WeakMap<Response, () => Error>();

/**
 * The answer being made on `res` must not leave: its send throws `instead()` for the route's error
 * handling (an account operation whose sign-in ended while it ran, http/shopper.ts, issue 30).
 */
export function withholdAnswer(res: Response, instead: () => Error): void {
  withheld.set(res, instead);
}

function checkAnswerable(res: Response): void {
  const instead = withheld.get(res);
  if (instead) throw instead();
}

/**
 * `private, no-store`: the shopper's own data (basket, vehicle, orders); `no-store`: answers that
 * change state or carry the session (payments, logins).
 */
export function sendJson(
  res: Response,
  body: unknown,
  options: { cache: 'private, no-store' | 'no-store'; status?: number },
): void {
  checkAnswerable(res);
  // Written as res.json would, without its ETag and freshness check: an answer that is never stored
  // is never revalidated, and hashing every body cost each call a SHA-1 (issue 16).
  const json = JSON.stringify(body) ?? '';
  res.status(options.status ?? 200);
  res.setHeader('Cache-Control', options.cache);
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(json));
  if (res.req.method === 'HEAD') res.end();
  else res.end(json);
}

/** The shopper's own data: never kept by a shared cache, never stored. */
export const sendPrivate = (res: Response, body: unknown, status = 200): void =>
  sendJson(res, body, { cache: 'private, no-store', status });

/** A state change or a session: not stored anywhere. */
export const sendNoStore = (res: Response, body: unknown, status = 200): void =>
  sendJson(res, body, { cache: 'no-store', status });

/** A PDF of the shopper's own, opened in a new tab (inline), never kept by a shared cache. */
export function sendPdf(res: Response, pdf: Buffer, filename: string): void {
  checkAnswerable(res);
  res
    .status(200)
    .set({
      'Content-Type': 'application/pdf',
      'Content-Disposition': `inline; filename="${filename}.pdf"`,
      'Cache-Control': 'private, no-store',
    })
    .send(pdf);
}
