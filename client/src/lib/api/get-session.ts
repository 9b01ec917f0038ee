/**
 * getSession (GET /api/session): the shopper's session as the proxy shows it: auth type, customer,
 * basket count, and the CSRF token every state-changing call needs (handed to the proxy client).
 * Read once per locale; the URL's locale becomes the session's, so the basket is priced in the
 * right market.
 */
import useSWR, { preload } from 'swr';
import { useLocale } from '../locales.ts';
import { api, request, setCsrfToken, type components } from './client.ts';

export type Session = components['schemas']['Session'];

export const getSessionKey = (prefix: string | undefined) => ['getSession', prefix ?? ''] as const;

/** A session the page came with or the proxy answered: its CSRF token goes with every change. */
export function adoptSession(session: Session): Session {
  setCsrfToken(session.csrfToken);
  return session;
}

/** The session under the URL's locale prefix ('' without one). */
async function getSession([, prefix]: ReturnType<typeof getSessionKey>): Promise<Session> {
  return adoptSession(await request(api.GET('/session', prefix ? { params: { query: { locale: prefix } } } : {})));
}

export function useSession() {
  // Only a locale prefix in the URL changes the session's locale (a callback page has none).
  const { prefix } = useLocale();
  return useSWR(getSessionKey(prefix), getSession);
}

/** Starts the session read while the app is still starting (client/src/boot.tsx), under the hook's key. */
export function preloadSession(prefix: string | undefined): void {
  void preload(getSessionKey(prefix), getSession).catch(() => undefined);
}
