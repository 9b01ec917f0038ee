import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '../../lib/i18n-react.tsx';
import { useLocation, useNavigate } from 'react-router';
import { Link } from '../ui/link.tsx';
import { useSession } from '../../lib/api/get-session.ts';
import { useLogout } from '../../lib/api/logout.ts';
import { startLogin } from '../../lib/api/start-login.ts';
import { useSite } from '../../lib/site.tsx';
import { MiniCart } from './mini-cart.tsx';
import { useLocale } from '../../lib/locales.ts';
import { type PageType } from './page-type.ts';
import { LogoutIcon, PersonIcon } from '../ui/icons.tsx';

const AccountMenuList = lazy(() => import('./account-menu-list.tsx'));

const RELOADING_PAGES: ReadonlySet<PageType | undefined> = new Set(['error', 'restricted-access']);

function Logo({ reload }: { reload: boolean }) {
  const { t } = useTranslation();
  const site = useSite();
  const { to } = useLocale();
  const { pathname, search } = useLocation();
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
        href={pathname + search}
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

/**
 * The profile menu of a registered customer: opens on click, closes on an outside click or Escape.
 * Its entries follow the region's preferences (account §2), loaded when it first opens.
 */
function AccountMenu({ greeting }: { greeting?: string | undefined }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const menuId = useId();
  useEffect(() => {
    if (!open) return;
    const outside = (event: MouseEvent) => {
      if (ref.current && !ref.current.contains(event.target as Node)) setOpen(false);
    };
    const escape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('mousedown', outside);
    document.addEventListener('keydown', escape);
    return () => {
      document.removeEventListener('mousedown', outside);
      document.removeEventListener('keydown', escape);
    };
  }, [open]);
  return (
    <div className="account-menu" ref={ref}>
      <button
        type="button"
        className="account-menu__toggle"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => {
          setOpen(!open);
          setOpened(true);
        }}
      >
        <PersonIcon />
        <span className="visually-hidden">{t('header.accountMenu')}</span>
      </button>
      <ul id={menuId} className="account-menu__list" hidden={!open}>
        {open && greeting ? <li className="account-menu__greeting">{greeting}</li> : null}
        {opened ? (
          <Suspense fallback={null}>
            <AccountMenuList close={() => setOpen(false)} />
          </Suspense>
        ) : null}
      </ul>
    </div>
  );
}

/**
 * The site header: the logo (main page, or reload on error and restricted pages) and the account
 * entry (hidden on error and restricted pages, and where the feature check failed). A registered customer sees a greeting, the account
 * menu and "Log out" (back to the vehicle's link); anyone else's account button starts the login.
 */
export function Header({
  pageType,
  featureCheckFailed = false,
}: {
  pageType: PageType | undefined;
  /** The feature page's check failed: the account entry hides (§2 Shell). */
  featureCheckFailed?: boolean;
}) {
  const { t } = useTranslation();
  const { to, locale } = useLocale();
  const navigate = useNavigate();
  const { data: session } = useSession();
  const endLogin = useLogout();
  const restricted = RELOADING_PAGES.has(pageType);
  const registered = session?.authType === 'registered';
  const greeting = registered ? t('header.greeting', { name: session.customer?.firstName ?? '' }) : undefined;
  const logout = async () => {
    const result = await endLogin();
    void navigate(result.redirectTo.startsWith('/') ? to(result.redirectTo) : to('/home'));
  };
  return (
    <header className="header">
      <div className="header__inner container">
        <Logo reload={restricted} />
        {restricted ? null : <MiniCart />}
        {restricted || featureCheckFailed ? null : registered ? (
          <div className="header__account">
            {/* On a narrow screen (styles/narrow.css) the greeting moves from the bar into the menu. */}
            <span className="header__greeting">{greeting}</span>
            <AccountMenu greeting={greeting} />
            <button type="button" className="button button--ghost header__logout" onClick={() => void logout()}>
              <LogoutIcon />
              <span className="narrow-hidden">{t('header.logout')}</span>
            </button>
          </div>
        ) : (
          <button
            type="button"
            className="button button--ghost header__account"
            onClick={() => void startLogin(to('/account'), locale)}
          >
            {t('header.account')}
          </button>
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
