import { useEffect, useState } from 'react';
import { openConsentSettings } from '../../lib/consent.ts';
import { useTranslation } from '../../lib/i18n-react.tsx';
import { useContentAsset } from '../../lib/api/get-content-asset.ts';
import { mainContentShown, useServerRendered } from '../../lib/page-ready.ts';
import { useSite } from '../../lib/site.tsx';
import { ContentHtml } from '../ui/content-html.tsx';
import { useLocale } from '../../lib/locales.ts';
import { type PageType } from './page-type.ts';

export const FOOTER_ASSET_ID = 'Footer_Links';
/** The copyright line's content asset (storefront §2 "footer links and copyright"); `{year}` is the current year. */
export const FOOTER_COPYRIGHT_ASSET_ID = 'Footer_Copyright';

/**
 * The footer: links from the `Footer_Links` content asset (hidden on the login-redirect page) and
 * the copyright line from the `Footer_Copyright` asset with its `{year}` filled with the current year
 * (storefront §2). A failed links fetch leaves the links out; a failed copyright fetch leaves the
 * catalogue's copyright line. The assets wait until the page's main content is shown. "Cookie
 * settings" opens the consent banner's choices (lib/consent.ts) on every page.
 */
export function Footer({ pageType }: { pageType: PageType | undefined }) {
  const { t } = useTranslation();
  const site = useSite();
  const { locale } = useLocale();
  const showLinks = pageType !== 'login-redirect';
  // The links load once the page's main content is on screen (lib/page-ready.ts); a page from the
  // server brings them with it.
  const serverRendered = useServerRendered();
  const [afterMain, setAfterMain] = useState(serverRendered);
  useEffect(() => {
    let live = true;
    void mainContentShown().then(() => live && setAfterMain(true));
    return () => {
      live = false;
    };
  }, []);
  const { data } = useContentAsset(FOOTER_ASSET_ID, locale, showLinks && afterMain);
  const { data: copyright } = useContentAsset(FOOTER_COPYRIGHT_ASSET_ID, locale, afterMain);
  const year = new Date().getFullYear();
  return (
    <footer className="footer">
      <div className="footer__inner container">
        {showLinks && data ? (
          <ContentHtml as="nav" aria-label={t('footer.label')} className="footer__links" html={data.c_body} />
        ) : null}
        {/* Consent is withdrawn as easily as given (issue 34): on every page, the login redirect's too. */}
        <button
          type="button"
          className="link-button footer__cookie-settings"
          onClick={(event) => openConsentSettings(event.currentTarget)}
        >
          {t('footer.cookieSettings')}
        </button>
        {copyright?.c_body ? (
          <ContentHtml className="footer__copyright" html={copyright.c_body.replaceAll('{year}', String(year))} />
        ) : (
          <p className="footer__copyright">{t('footer.copyright', { year, brand: t(`brand.${site}`) })}</p>
        )}
      </div>
    </footer>
  );
}
