import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { useSWRConfig } from 'swr';
import { useLocale } from '../../../lib/use-locale.ts';
import { api, ApiError, CSRF, request } from '../../../lib/api.ts';
import { SESSION_KEY } from '../../../lib/session.ts';

/**
 * /callback, /callback/forgerock and /callback/forgerock-vcsj (storefront §2, §4 Authentication):
 * the identity provider's redirect. The proxy exchanges the code with the PKCE verifier it kept;
 * the page then goes where the login started. Login errors (E001, "FORGEROCK Token Error") show
 * their message.
 */
export function CallbackPage() {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const { to } = useLocale();
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  const started = useRef(false);
  const [error, setError] = useState<string | undefined>();

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const params = new URLSearchParams(search);
    const code = params.get('code');
    const state = params.get('state');
    if (!code || !state) {
      setError(params.get('error_description') ?? t('login.cancelled'));
      return;
    }
    const kind = pathname.endsWith('/forgerock-vcsj')
      ? 'forgerock-vcsj'
      : pathname.endsWith('/forgerock')
        ? 'forgerock'
        : 'callback';
    request(api.POST('/session/login/callback', { params: { header: CSRF }, body: { code, state, kind } }))
      .then(async (result) => {
        await mutate((key) => Array.isArray(key) && key[0] === SESSION_KEY, undefined, { revalidate: true });
        void navigate(result.redirectTo || to('/home'), { replace: true });
      })
      .catch((failure: unknown) => {
        const detail = failure instanceof ApiError ? (failure.problem as { detail?: string }).detail : undefined;
        setError(detail ?? t('login.failed'));
      });
  }, [pathname, search, navigate, to, mutate, t]);

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
