import { useEffect, useId, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { Link } from '../../../components/ui/link.tsx';
import { accountLinks } from '../../../lib/account-links.ts';
import { ApiError } from '../../../lib/api/client.ts';
import { useSiteConfig } from '../../../lib/api/get-site-config.ts';
import { startLogin } from '../../../lib/api/start-login.ts';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { problemText } from '../../../lib/problem-text.ts';
import { useLocale } from '../../../lib/locales.ts';
import { useSite } from '../../../lib/site.tsx';
import './account.css';

/**
 * The frame of every account page (account §2): the account's navigation, filtered by the region's
 * preferences, beside the page's own content under its heading.
 */
export function AccountLayout({
  title,
  breadcrumb,
  children,
}: {
  title: string;
  /** Above the page's heading (the order detail's). */
  breadcrumb?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const { to, rest } = useLocale();
  const site = useSite();
  const { data: config } = useSiteConfig(site);
  const titleId = useId();
  useEffect(() => {
    document.title = title;
  }, [title]);
  return (
    <div className="account container">
      <title>{title}</title>
      <nav className="account__nav" aria-label={t('account.nav')}>
        <ul>
          {accountLinks(config?.customPreferences).map(([key, path]) => (
            <li key={key}>
              <Link to={to(path)} aria-current={rest.startsWith(path) ? 'page' : undefined}>
                {t(`header.menu.${key}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <section className="account__page" aria-labelledby={titleId}>
        {breadcrumb}
        <h1 id={titleId}>{title}</h1>
        {children}
      </section>
    </div>
  );
}

/**
 * An account page around its one read: the frame with "Loading…", the login or the retry until the
 * read answers (AccountState), then `children` with the answer.
 */
export function AccountPage<T>({
  title,
  read,
  breadcrumb,
  children,
}: {
  title: string;
  read: { data?: T | undefined; error?: unknown; mutate: () => unknown };
  breadcrumb?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  return (
    <AccountLayout title={title} breadcrumb={read.data === undefined ? undefined : breadcrumb}>
      {read.data === undefined ? (
        <AccountState error={read.error} retry={() => void read.mutate()} />
      ) : (
        children(read.data)
      )}
    </AccountLayout>
  );
}

/**
 * What an account page shows while its read is not answered: "Loading…", or for a failure the login
 * (a guest or an ended session: account §6, issue 13 — the login starts and returns to this page;
 * a sign-in that ended without a logout says so, issue 30) or the retry of a failed read.
 */
export function AccountState({ error, retry }: { error: unknown; retry: () => void }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const { pathname, search } = useLocation();
  const login = error instanceof ApiError && error.status === 401;
  useEffect(() => {
    if (login) void startLogin(pathname + search, locale);
  }, [login, pathname, search, locale]);
  if (login) {
    return (
      <div className="account__state" role="status">
        <p>{problemText(t, error.problem, 'account.loginRequired')}</p>
        <button
          type="button"
          className="button button--primary"
          onClick={() => void startLogin(pathname + search, locale)}
        >
          {t('account.logIn')}
        </button>
      </div>
    );
  }
  if (error) {
    return (
      <div className="account__state" role="alert">
        <p>{t('account.unableToLoad')}</p>
        <button type="button" className="button button--secondary" onClick={retry}>
          {t('account.retry')}
        </button>
      </div>
    );
  }
  return (
    <p className="page-loading" role="status">
      {t('account.loading')}
    </p>
  );
}
