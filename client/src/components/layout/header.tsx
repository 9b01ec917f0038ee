import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSite } from '../../lib/site.tsx';
import { useLocale, type PageType } from './page-type.ts';

const RELOADING_PAGES: ReadonlySet<PageType | undefined> = new Set(['error', 'restricted-access']);

function Logo({ reload }: { reload: boolean }) {
  const { t } = useTranslation();
  const site = useSite();
  const { to } = useLocale();
  const label = t('header.logo', { brand: t(`brand.${site}`) });
  const mark = (
    <span className="logo__mark" aria-hidden="true">
      {t(`brand.${site}`)}
    </span>
  );
  if (reload) {
    return (
      <a
        className="logo"
        href={window.location.href}
        aria-label={label}
        onClick={(event) => {
          event.preventDefault();
          window.location.reload();
        }}
      >
        {mark}
      </a>
    );
  }
  return (
    <Link className="logo" to={to('/home')} aria-label={label}>
      {mark}
    </Link>
  );
}

/** The site header: the logo (main page, or reload on error and restricted pages) and the account button. */
export function Header({ pageType }: { pageType: PageType | undefined }) {
  const { t } = useTranslation();
  const { to } = useLocale();
  const restricted = RELOADING_PAGES.has(pageType);
  return (
    <header className="header">
      <div className="header__inner container">
        <Logo reload={restricted} />
        {restricted ? null : (
          <Link className="button button--ghost header__account" to={to('/account')}>
            {t('header.account')}
          </Link>
        )}
      </div>
    </header>
  );
}

/** The reduced checkout header: the title "Checkout" and a close button back to the main page. */
export function CheckoutHeader() {
  const { t } = useTranslation();
  const { to } = useLocale();
  return (
    <header className="header header--checkout">
      <div className="header__inner container">
        <Logo reload={false} />
        <p className="header__title">{t('header.checkoutTitle')}</p>
        <Link className="header__close" to={to('/home')} aria-label={t('header.closeCheckout')}>
          <span aria-hidden="true">×</span>
        </Link>
      </div>
    </header>
  );
}
