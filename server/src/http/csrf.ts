/**
 * The CSRF check (proxy.yaml's X-CSRF-Token): every state-changing request carries its session's
 * token, which GET /session hands out (session.ts keeps it with the session).
 */
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { AppError } from '../errors.ts';
import { sameToken } from '../session-cookie.ts';
import type { SessionData } from '../session-data.ts';

export const CSRF_HEADER = 'x-csrf-token';

export const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The 403 of a state-changing request without its session's CSRF token: also the answer to a
 * cookie whose id a login or logout rotated away (issue 30): the client forgets its token on a 403,
 * reads the session again and retries with the new one (client/src/lib/api/client.ts).
 */
export function csrfTokenInvalid(): AppError {
  return new AppError(
    403,
    'csrf-token-invalid',
    'Invalid CSRF token',
    'The X-CSRF-Token header is missing or does not match the session.',
  );
}

/**
 * 403 unless a state-changing request carries the session's CSRF token in X-CSRF-Token. A session
 * store that cannot answer is its 503, not a 403 (issue 16).
 */
export function csrfProtection(sessions: { current(req: Request): Promise<SessionData | undefined> }): RequestHandler {
  return async (req: Request, _res: Response, next: NextFunction) => {
    if (!UNSAFE_METHODS.has(req.method)) return next();
    const given = req.get(CSRF_HEADER);
    let session: SessionData | undefined;
    try {
      session = await sessions.current(req);
    } catch (error) {
      return next(error);
    }
    if (!given || !session || !sameToken(given, session.csrfToken)) return next(csrfTokenInvalid());
    next();
  };
}
