/**
 * startLogin (GET /api/session/login): the external login (storefront §4: authorization code with
 * PKCE, made by the proxy), and the hook that opens the account's subscriptions through it.
 */
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useLocale } from '../locales.ts';
import { api, request } from './client.ts';
import { useSession } from './get-session.ts';

/** Asks the proxy for the identity provider's authorize URL and goes there. */
export async function startLogin(returnTo: string, locale: string): Promise<void> {
  const { authorizeUrl } = await request(api.GET('/session/login', { params: { query: { returnTo, locale } } }));
  window.location.assign(authorizeUrl);
}

/** The account area's subscriptions page (account document §2). */
export const SUBSCRIPTIONS_PATH = '/account/my-subscriptions';

/**
 * Opens the customer's subscriptions (storefront §2 "View Account" and /subscriptions-redirect): a
 * registered customer goes straight there, anyone else through the external login, back to it.
 * Ready once the session is known.
 */
export function useOpenSubscriptions(): { ready: boolean; open: (options?: { replace?: boolean }) => Promise<void> } {
  const { to, locale } = useLocale();
  const navigate = useNavigate();
  const { data: session } = useSession();
  const registered = session?.authType === 'registered';
  const open = useCallback(
    async (options: { replace?: boolean } = {}) => {
      if (registered) {
        await navigate(to(SUBSCRIPTIONS_PATH), options);
        return;
      }
      await startLogin(to(SUBSCRIPTIONS_PATH), locale);
    },
    [registered, navigate, to, locale],
  );
  return { ready: session !== undefined, open };
}
