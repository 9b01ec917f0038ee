import { useEffect } from 'react';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { Breadcrumb } from '../../../components/layout/breadcrumb.tsx';
import { useLocale } from '../../../lib/locales.ts';
import { ContentHtml } from '../../../components/ui/content-html.tsx';
import { useContentAsset } from '../../../lib/api/get-content-asset.ts';
import { TERMS_ASSET_ID } from '../../../features/content/content-assets.ts';

/** /terms-conditions: the purchase terms from the content library, with a breadcrumb from Home. */
export function TermsPage() {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const { data, error } = useContentAsset(TERMS_ASSET_ID, locale);
  useEffect(() => {
    document.title = t('content.termsTitle');
  }, [t]);
  return (
    <article className="page page--narrow">
      <Breadcrumb items={[{ label: t('content.termsTitle') }]} />
      <h1>{t('content.termsTitle')}</h1>
      {error ? <p role="alert">{t('errors.generic.pageMessage')}</p> : null}
      {!data && !error ? <p role="status">{t('shell.loading')}</p> : null}
      {/* Terms HTML authored in the commerce content library (trusted; no scripts run under the CSP). */}
      {data ? <ContentHtml className="content-body" html={data.c_body} /> : null}
    </article>
  );
}
