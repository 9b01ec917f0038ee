/**
 * Controls of the shopper tokens (issue 30): a registered shopper's tokens revoked as SLAS revokes
 * them when the shopper is signed out elsewhere (logout with `hint=all-sessions`, a password reset):
 * the refresh is refused (400 `invalid_grant`, 'invalid refresh_token') and every shopper API refuses
 * the access token (401) before its expiry, as `auth.ts` refuses any revoked token. And the log of
 * the token endpoint's calls since the reset, to count a proxy's refreshes.
 */
import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import type { SandboxContext } from '../../app.ts';
import { bodyObject } from './http.ts';
import { findCustomerByLogin, state } from './state.ts';

/** One call of the token endpoints: which one, its grant type and the answer's status. */
export interface TokenRequest {
  path: 'token' | 'trusted-system/token';
  grantType: string;
  status: number;
}

const log: TokenRequest[] = [];
const MAX_LOGGED = 500;

/** Records each call of `/oauth2/token` and `/oauth2/trusted-system/token` once answered (mount before the auth router). */
export function tokenRequestLog(context: SandboxContext) {
  context.resetHooks.push(() => (log.length = 0));
  return [
    express.urlencoded({ extended: false }),
    express.json(),
    (req: Request, res: Response, next: NextFunction) => {
      const path = /\/oauth2\/(token|trusted-system\/token)$/.exec(req.path)?.[1] as TokenRequest['path'] | undefined;
      if (req.method === 'POST' && path) {
        const grantType = String((bodyObject(req) as Record<string, unknown>).grant_type ?? '');
        res.on('finish', () => {
          log.push({ path, grantType, status: res.statusCode });
          if (log.length > MAX_LOGGED) log.shift();
        });
      }
      next();
    },
  ];
}

/** `GET /token-requests` and `POST /shoppers/{login}/revoke` (under `/commerce/__sandbox`). */
export function tokenControls(): Router {
  const router = express.Router();
  router.use(express.json());
  router.get('/token-requests', (_req, res) => {
    res.json({ requests: log });
  });
  router.post('/shoppers/:login/revoke', (req, res) => {
    const customer = findCustomerByLogin(req.params.login ?? '');
    if (!customer) {
      res.status(404).json({ error: `No registered shopper '${req.params.login ?? ''}'.` });
      return;
    }
    const body = (req.body ?? {}) as { refreshTokens?: unknown; accessTokens?: unknown };
    if (
      (body.refreshTokens !== undefined && typeof body.refreshTokens !== 'boolean') ||
      (body.accessTokens !== undefined && typeof body.accessTokens !== 'boolean')
    ) {
      res.status(400).json({ error: 'Give refreshTokens and accessTokens as true or false (both true by default).' });
      return;
    }
    const mine = (token: { registered: boolean; customerId: string; revoked: boolean }) =>
      token.registered && token.customerId === customer.customerId && !token.revoked;
    const revokeAll = (tokens: Iterable<{ registered: boolean; customerId: string; revoked: boolean }>) => {
      let count = 0;
      for (const token of tokens) {
        if (!mine(token)) continue;
        token.revoked = true;
        count += 1;
      }
      return count;
    };
    const refreshTokens = body.refreshTokens === false ? 0 : revokeAll(state.refreshTokens.values());
    const accessTokens = body.accessTokens === false ? 0 : revokeAll(state.accessTokens.values());
    res.json({ customerId: customer.customerId, revoked: { refreshTokens, accessTokens } });
  });
  return router;
}
