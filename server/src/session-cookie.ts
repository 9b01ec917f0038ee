/**
 * The session cookie's value: a random id signed with HMAC-SHA256 (DESIGN.md: the browser holds
 * only the HttpOnly `shop_session` cookie). Any instance with the same SESSION_SECRET verifies what
 * another signed, so a load balancer may send each request anywhere (issue 16).
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Request } from 'express';

export const randomToken = (bytes = 32): string => randomBytes(bytes).toString('base64url');

/**
 * Signatures made or verified lately, per secret: a session's cookie is verified on every request
 * and signed again on every answer, the same HMAC each time. Only the signatures of sessions that
 * exist are kept (`remember`), at most MAX_KEPT per secret, the oldest leaving first, so a client
 * sending made-up ids fills nothing.
 */
const MAX_KEPT = 10_000;
const kept = new Map<string, Map<string, string>>();

function remembered(id: string, secret: string): string | undefined {
  return kept.get(secret)?.get(id);
}

function remember(id: string, secret: string, signed: string): void {
  let ids = kept.get(secret);
  if (!ids) kept.set(secret, (ids = new Map()));
  if (ids.size >= MAX_KEPT && !ids.has(id)) ids.delete(ids.keys().next().value!);
  ids.set(id, signed);
}

const hmac = (id: string, secret: string) => `${id}.${createHmac('sha256', secret).update(id).digest('base64url')}`;

/** The cookie value of session `id`: the id and its signature (the session exists: it is kept). */
export function sign(id: string, secret: string): string {
  const known = remembered(id, secret);
  if (known) return known;
  const signed = hmac(id, secret);
  remember(id, secret, signed);
  return signed;
}

/** The id a cookie value names when `secret` made its signature; undefined otherwise. */
export function unsign(value: string, secret: string): string | undefined {
  const dot = value.lastIndexOf('.');
  if (dot <= 0) return undefined;
  const id = value.slice(0, dot);
  const known = remembered(id, secret);
  const expected = Buffer.from(known ?? hmac(id, secret));
  const given = Buffer.from(value);
  const valid = expected.length === given.length && timingSafeEqual(expected, given);
  if (valid && !known) remember(id, secret, value);
  return valid ? id : undefined;
}

export function readCookie(req: Request, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/** Compares two tokens in constant time. */
export function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
