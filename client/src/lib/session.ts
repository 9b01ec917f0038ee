/**
 * The shopper's session as the proxy shows it (GET /api/session): auth type, customer, basket
 * count, and the CSRF token every state-changing call needs (handed to lib/api.ts). Read once per
 * locale; the URL's locale becomes the session's, so the basket is priced in the right market.
 */
import useSWR, { preload } from 'swr';
import { useLocale } from './use-locale.ts';
import { api, request, setCsrfToken, type components } from './api.ts';

export type Session = components['schemas']['Session'];

export const SESSION_KEY = 'session';

const sessionKey = (prefix: string | undefined) => [SESSION_KEY, prefix ?? ''] as const;

async function fetchSession(prefix: string | undefined): Promise<Session> {
  const session = await request(api.GET('/session', prefix ? { params: { query: { locale: prefix } } } : {}));
  setCsrfToken(session.csrfToken);
  return session;
}

export function useSession() {
  // Only a locale prefix in the URL changes the session's locale (a callback page has none).
  const { prefix } = useLocale();
  return useSWR(sessionKey(prefix), () => fetchSession(prefix));
}

/** Starts the session read while the app is still starting (client/src/boot.tsx). */
export function preloadSession(prefix: string | undefined): void {
  void preload(sessionKey(prefix), () => fetchSession(prefix)).catch(() => undefined);
}
