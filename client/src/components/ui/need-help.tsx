import { useId } from 'react';
import { useTranslation } from '../../lib/i18n-react.tsx';
import { Link } from './link.tsx';
import { useContentAsset } from '../../lib/api/get-content-asset.ts';
import { useLocale } from '../../lib/locales.ts';
import { ContentHtml } from './content-html.tsx';

export const NEED_HELP_ASSET_ID = 'Need_any_Help';

/**
 * "Need any help?" (storefront §2 Confirmation and Other screens): the Need_any_Help content asset
 * of the commerce content library (phone, timetables, contact-us) and, where asked for and the
 * asset has none of its own, the FAQ link.
 */
export function NeedHelp({ className, faqLink = true }: { className?: string; faqLink?: boolean }) {
  const { t } = useTranslation();
  const { locale, to } = useLocale();
  const titleId = useId();
  const { data: help } = useContentAsset(NEED_HELP_ASSET_ID, locale);
  // The asset's own heading is replaced by the section's; its FAQ link, when it has one, is enough.
  const body = help?.c_body.replace(/<h3>[^<]*<\/h3>/, '');
  const linksToFaqs = body !== undefined && /href=["'][^"']*\/faqs\b/.test(body);
  return (
    <section className={className ?? 'need-help'} aria-labelledby={titleId}>
      <h2 id={titleId}>{t('confirmation.needHelp')}</h2>
      {body ? <ContentHtml html={body} /> : null}
      {faqLink && !linksToFaqs ? (
        <p>
          <Link to={to('/faqs')}>{t('confirmation.faqLink')}</Link>
        </p>
      ) : null}
    </section>
  );
}
