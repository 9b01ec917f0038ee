import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { useOpenSubscriptions } from '../../../lib/api/start-login.ts';

/**
 * /subscriptions-redirect (storefront §2): the way into the customer's subscriptions from e-mails
 * and other sites. A registered customer lands on /account/my-subscriptions; anyone else logs in
 * first and comes back there. If the login cannot start, the page says so and offers a retry.
 */
export function SubscriptionsRedirectPage() {
  const { t } = useTranslation();
  const { ready, open } = useOpenSubscriptions();
  const [failed, setFailed] = useState(false);
  const started = useRef(false);
  const go = () => {
    setFailed(false);
    open({ replace: true }).catch(() => setFailed(true));
  };
  useEffect(() => {
    if (!ready || started.current) return;
    started.current = true;
    go();
  });
  return (
    <section className="page page--narrow" aria-labelledby="page-title">
      <title>{t('pages.subscriptionsRedirect.title')}</title>
      <h1 id="page-title">{t('pages.subscriptionsRedirect.title')}</h1>
      {failed ? (
        <>
          <p role="alert">{t('pages.subscriptionsRedirect.failed')}</p>
          <button type="button" className="button button--primary" onClick={go}>
            {t('errors.unableToLoad.retry')}
          </button>
        </>
      ) : (
        <p role="status">{t('pages.subscriptionsRedirect.text')}</p>
      )}
    </section>
  );
}
