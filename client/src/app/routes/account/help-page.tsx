import { Accordion } from '../../../components/ui/accordion.tsx';
import { ContentHtml } from '../../../components/ui/content-html.tsx';
import { Link } from '../../../components/ui/link.tsx';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { useLocale } from '../../../lib/locales.ts';
import { useHelpContent } from '../../../features/account/api/get-help-content.ts';
import { AccountPage } from '../../../features/account/components/account-layout.tsx';

/**
 * /account/need-help (account §2 Help & Support): the content assets' text, the contact-us link and
 * the FAQ accordion (each item opens on its own; View All opens or closes them all).
 */
export function HelpPage() {
  const { t } = useTranslation();
  const { locale, to } = useLocale();
  const read = useHelpContent(locale);
  const title = t('account.helpPage.title');
  return (
    <AccountPage title={title} read={read}>
      {(data) => (
        <div className="help">
          <ContentHtml html={data.needHelpContent} />
          <ContentHtml html={data.needAnyHelp} />
          {data.contactUsUrl ? (
            <p>
              <a className="button button--secondary" href={data.contactUsUrl}>
                {t('account.contactUs')}
              </a>
            </p>
          ) : null}
          <section aria-labelledby="help-faqs">
            <h2 id="help-faqs">{t('account.helpPage.faqs')}</h2>
            {data.faqsUnavailable ? (
              <p role="status">{t('account.helpPage.faqsUnavailable')}</p>
            ) : (
              <Accordion items={data.faqs} />
            )}
            <p>
              <Link to={to('/faqs')}>{t('confirmation.faqLink')}</Link>
            </p>
          </section>
        </div>
      )}
    </AccountPage>
  );
}
