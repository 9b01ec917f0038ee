import { useId, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { formatPrice } from '../../../../../domain/price.ts';
import { useLocale } from '../../../lib/locales.ts';

/** The frame of a developer page: its title, its text and what it shows. */
export function DevPage({ page, children }: { page: string; children: ReactNode }) {
  const { t } = useTranslation();
  const title = t(`pages.${page}.title`);
  return (
    <article className="page dev-page" aria-labelledby="page-title">
      <title>{title}</title>
      <h1 id="page-title">{title}</h1>
      <p>{t(`pages.${page}.text`)}</p>
      {children}
    </article>
  );
}

/** The components every page is built from, in their states. */
export function ComponentSamples() {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const id = useId();
  return (
    <div className="dev-samples">
      <div className="dev-row">
        <button type="button" className="button button--primary">
          {t('dev.uikit.primary')}
        </button>
        <button type="button" className="button button--secondary">
          {t('dev.uikit.secondary')}
        </button>
        <button type="button" className="button button--ghost">
          {t('dev.uikit.ghost')}
        </button>
        <button type="button" className="button button--primary" disabled>
          {t('dev.uikit.disabled')}
        </button>
      </div>
      <div className="field">
        <label htmlFor={`${id}-field`}>{t('dev.uikit.field')}</label>
        <input id={`${id}-field`} aria-invalid="true" aria-describedby={`${id}-field-error`} defaultValue="" />
        <p id={`${id}-field-error`} className="field__error">
          {t('dev.uikit.fieldError')}
        </p>
      </div>
      <p className="notice">{t('dev.uikit.notice')}</p>
      <p>
        {formatPrice(149, 'GBP', locale)} · {formatPrice(99.5, 'EUR', locale)} · {formatPrice(1990, 'CZK', locale)}
      </p>
    </div>
  );
}
