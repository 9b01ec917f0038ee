import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { useToast } from '../../../components/ui/toasts.tsx';
import type { CookiePreferences } from '../../../lib/analytics.ts';
import { consentChoice, REJECT_ALL, saveConsent } from '../../../lib/consent.ts';
import { useSite } from '../../../lib/site.tsx';
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
        <label className="checkbox">
          <input type="checkbox" checked disabled />
          <span>
            <strong>{t('consent.necessary')}</strong> — {t('consent.necessaryText')}
          </span>
        </label>
        {(['analytics', 'marketing'] as const).map((kind) => (
          <label key={kind} className="checkbox">
            <input
              type="checkbox"
              checked={choice[kind]}
              onChange={(e) => setChoice({ ...choice, [kind]: e.target.checked })}
            />
            <span>
              <strong>{t(`consent.${kind}`)}</strong> — {t(`consent.${kind}Text`)}
            </span>
          </label>
        ))}
        <button type="submit" className="button button--primary">
          {t('consent.save')}
        </button>
      </form>
    </DevPage>
  );
}
