/**
 * The session cookie's value: a random id signed with HMAC-SHA256 (DESIGN.md: the browser holds
 * only the HttpOnly `shop_session` cookie). Any instance with the same SESSION_SECRET verifies what
 * another signed, so a load balancer may send each request anywhere (issue 16).
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Request } from 'express';

export const randomToken = (bytes = 32): string => randomBytes(bytes).toString('base64url');

export function sign(id: string, secret: string): string {
  return `${id}.${createHmac('sha256', secret).update(id).digest('base64url')}`;
}

/** The id a cookie value names when `secret` made its signature; undefined otherwise. */
export function unsign(value: string, secret: string): string | undefined {
  const dot = value.lastIndexOf('.');
  if (dot <= 0) return undefined;
  const id = value.slice(0, dot);
  const expected = Buffer.from(sign(id, secret));
  const given = Buffer.from(value);
  return expected.length === given.length && timingSafeEqual(expected, given) ? id : undefined;
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
