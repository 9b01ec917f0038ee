/** Where a login leads: the account area's subscriptions, straight or through the external login. */
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useSession } from './api/get-session.ts';
import { startLogin } from './api/start-login.ts';
import { useLocale } from './use-locale.ts';

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
