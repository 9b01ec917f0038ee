import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { useToast } from '../../../components/ui/toasts.tsx';
import type { CookiePreferences } from '../../../lib/analytics.ts';
import { consentChoice, REJECT_ALL, saveConsent } from '../../../lib/consent.ts';
import { useSite } from '../../../lib/site.tsx';
import { ConsentCategories } from '../../../components/layout/consent-categories.tsx';
import { DevPage } from './dev-page.tsx';

/**
 * /cookie-preferences (outside production): the consent banner's choices as a page of their own;
 * saved as the banner saves them (lib/consent.ts).
 */
export function CookiePreferencesPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const site = useSite();
  const [choice, setChoice] = useState<CookiePreferences>(() => consentChoice() ?? REJECT_ALL);
  const save = (event: FormEvent) => {
    event.preventDefault();
    saveConsent(site, choice);
    toast.show(t('consent.saved'), 'success');
  };
  return (
    <DevPage page="cookiePreferences">
      <form className="form" onSubmit={save}>
        <ConsentCategories choice={choice} onChange={setChoice} />
        <button type="submit" className="button button--primary">
          {t('consent.save')}
        </button>
      </form>
    </DevPage>
  );
}
