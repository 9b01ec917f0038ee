/**
 * The same-origin check of state-changing API calls (issue 17's attacks: tests/attacks/csrf.test.ts),
 * behind the CSRF token of session.ts.
 */
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { AppError } from '../errors.ts';
import { UNSAFE_METHODS } from './csrf.ts';

/** The origin of a URL (`https://shop.example`), or undefined when it is not an absolute http(s) URL. */
function originOf(value: string): string | undefined {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Defence in depth behind the CSRF token (issue 17; OWASP CSRF Prevention Cheat Sheet, "Verifying
 * origin with standard headers"): a state-changing request whose `Origin` (or, when the browser
 * sent none, whose `Referer`) names another origin is refused even with a valid token. The shop's
 * origins are PUBLIC_ORIGIN and the origin the request was addressed to (its Host: another site's
 * host name of SITE_HOSTS, Vite's dev server), which a cross-site page cannot choose. `Origin: null`
 * (a sandboxed frame, a redirect across origins) and an unreadable Referer are refused. With
 * neither header (servers, curl, tests; a browser always sends Origin on a cross-origin POST) the
 * token alone decides, as the cheat sheet allows.
 */
export function sameOriginProtection(publicOrigin: string): RequestHandler {
  return (req: Request, _res: Response, next: NextFunction) => {
    if (!UNSAFE_METHODS.has(req.method)) return next();
    const origin = req.get('origin');
    const referer = origin === undefined ? req.get('referer') : undefined;
    if (origin === undefined && referer === undefined) return next();
    const claimed = origin !== undefined ? (origin === 'null' ? undefined : originOf(origin)) : originOf(referer!);
    const own = originOf(`${req.protocol}://${req.get('host') ?? ''}`);
    if (claimed !== undefined && (claimed === publicOrigin || claimed === own)) return next();
    next(
      new AppError(
        403,
        'cross-origin-request',
        'Cross-origin request refused',
        'A state-changing request must come from a page of this shop.',
      ),
    );
  };
}
