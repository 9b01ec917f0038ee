import { useTranslation } from '../../../lib/i18n-react.tsx';
import { useSite } from '../../../lib/site.tsx';

/**
 * The renewal page's loading screen (storefront §2): three background clips cross-fading for 5 s
 * each in a 15 s loop, each zooming from 110% to 140%, and the logo fading in after 0.5 s over 2 s.
 * CSS animations only; reduced motion keeps the clips still.
 */
export function LoadingAnimation() {
  const { t } = useTranslation();
  const site = useSite();
  return (
    <div className="renewal-loading" role="status" aria-live="polite">
      <div className="renewal-loading__clip renewal-loading__clip--1" aria-hidden="true" />
      <div className="renewal-loading__clip renewal-loading__clip--2" aria-hidden="true" />
      <div className="renewal-loading__clip renewal-loading__clip--3" aria-hidden="true" />
      <p className="renewal-loading__logo">{t(`brand.${site}`)}</p>
      <p className="visually-hidden">{t('renewal.loading')}</p>
    </div>
  );
}
