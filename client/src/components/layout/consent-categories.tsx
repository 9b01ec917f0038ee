import type { Ref } from 'react';
import type { CookiePreferences } from '../../lib/analytics.ts';
import { useTranslation } from '../../lib/i18n-react.tsx';

/**
 * The cookie categories to choose from (issue 34): the strictly necessary ones always on, analytics
 * and marketing as the shopper ticks them. The consent banner's and /cookie-preferences'.
 */
export function ConsentCategories({
  choice,
  onChange,
  firstRef,
}: {
  choice: CookiePreferences;
  onChange: (choice: CookiePreferences) => void;
  /** The first category a person can change. */
  firstRef?: Ref<HTMLInputElement>;
}) {
  const { t } = useTranslation();
  return (
    <>
      <label className="checkbox">
        <input type="checkbox" checked disabled />
        <span>
          <strong>{t('consent.necessary')}</strong> — {t('consent.necessaryText')}
        </span>
      </label>
      {(['analytics', 'marketing'] as const).map((kind, index) => (
        <label key={kind} className="checkbox">
          <input
            ref={index === 0 ? firstRef : undefined}
            type="checkbox"
            checked={choice[kind]}
            onChange={(event) => onChange({ ...choice, [kind]: event.target.checked })}
          />
          <span>
            <strong>{t(`consent.${kind}`)}</strong> — {t(`consent.${kind}Text`)}
          </span>
        </label>
      ))}
    </>
  );
}
