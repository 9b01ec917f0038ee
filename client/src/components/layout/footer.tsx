import { useEffect, useState } from 'react';
import { useTranslation } from '../../lib/i18n-react.tsx';
import { useContentAsset } from '../../lib/api/get-content-asset.ts';
import { mainContentShown, useServerRendered } from '../../lib/page-ready.ts';
import { useSite } from '../../lib/site.tsx';
import { ContentHtml } from '../ui/content-html.tsx';
import { useLocale } from '../../lib/locales.ts';
import { type PageType } from './page-type.ts';

export const FOOTER_ASSET_ID = 'Footer_Links';

/**
 * The footer: links from the `footer-links` content asset (hidden on the login-redirect page) and
 * the copyright line with the current year. A failed asset fetch leaves the links out. The links
 * wait until the page's main content is shown.
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
  const year = new Date().getFullYear();
  return (
    <footer className="footer">
      <div className="footer__inner container">
        {showLinks && data ? (
          <ContentHtml as="nav" aria-label={t('footer.label')} className="footer__links" html={data.c_body} />
        ) : null}
        <p className="footer__copyright">{t('footer.copyright', { year, brand: t(`brand.${site}`) })}</p>
      </div>
    </footer>
  );
}
