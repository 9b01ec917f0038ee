import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { useLocation, useNavigate } from 'react-router';
import { Link } from '../../../components/ui/link.tsx';
import { useLocale } from '../../../lib/locales.ts';
import { ApiError, type Problem } from '../../../lib/api/client.ts';
import { releaseReads } from '../../../lib/api/read-hold.ts';
import { problemText } from '../../../lib/problem-text.ts';
import { useCompleteLogin } from '../../../features/session/api/complete-login.ts';

/**
 * /callback, /callback/forgerock and /callback/forgerock-vcsj (storefront §2, §4 Authentication):
 * the identity provider's redirect. The proxy exchanges the code with the PKCE verifier it kept;
 * the page then goes where the login started. Login errors (E001, "FORGEROCK Token Error") show
 * their message. The app's reads wait until the login has answered (lib/api/read-hold.ts).
 */
export function CallbackPage() {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const { to } = useLocale();
  const navigate = useNavigate();
  const completeLogin = useCompleteLogin();
  const started = useRef(false);
  // What failed, not its words: they are chosen at each render, so that they follow the page's
  // language when its catalogue comes after the failure (a fast answer on a first visit).
  const [failure, setFailure] = useState<{ description?: string; problem?: Problem; fallbackKey: string }>();

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const params = new URLSearchParams(search);
    const code = params.get('code');
    const state = params.get('state');
    if (!code || !state) {
      releaseReads();
      setFailure({ description: params.get('error_description') ?? undefined, fallbackKey: 'login.cancelled' });
      return;
    }
    const kind = pathname.endsWith('/forgerock-vcsj')
      ? 'forgerock-vcsj'
      : pathname.endsWith('/forgerock')
        ? 'forgerock'
        : 'callback';
    completeLogin({ code, state, kind })
      .then((result) => void navigate(result.redirectTo || to('/home'), { replace: true }))
      .catch((failure: unknown) => {
        const problem = failure instanceof ApiError ? failure.problem : undefined;
        // E000 (a user who may not see the vehicle) leads to /restricted-access (storefront §6, §8).
        if (problem?.code === 'E000' && problem.redirectUrl) {
          void navigate(to(problem.redirectUrl), { replace: true });
          return;
        }
        // E001, the token error and the rest in the page's language (issue 14), by code or type.
        setFailure({ problem, fallbackKey: 'login.failed' });
      });
  }, [pathname, search, navigate, to, completeLogin]);

  const error = failure && (failure.description ?? problemText(t, failure.problem, failure.fallbackKey));

  return (
    <section className="page page--narrow">
      <h1>{error ? t('login.failedTitle') : t('login.signingIn')}</h1>
      {error ? (
        <>
          <p role="alert">{error}</p>
          <Link className="button button--primary" to={to('/home')}>
            {t('checkout.backToShop')}
          </Link>
        </>
      ) : (
        <p role="status">{t('login.wait')}</p>
      )}
    </section>
  );
}
