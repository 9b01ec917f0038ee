import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/i18n-react.tsx';
import { useToast } from '../../../components/ui/toasts.tsx';
import { COOKIE_PREFERENCES_KEY, readCookiePreferences, type CookiePreferences } from '../../../lib/analytics.ts';
import { useSite } from '../../../lib/site.tsx';
import { DevPage } from './dev-page.tsx';

/**
 * /cookie-preferences: which cookies the site may use; analytics events follow the choice, and the
 * site's tag manager container loads once analytics cookies are accepted (lib/tag-manager.ts).
 */
export function CookiePreferencesPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const site = useSite();
  const [choice, setChoice] = useState<CookiePreferences>(() => readCookiePreferences());
  const save = (event: FormEvent) => {
    event.preventDefault();
    window.localStorage.setItem(COOKIE_PREFERENCES_KEY, JSON.stringify(choice));
    // The tag manager's chunk only now: the shell loads the same one, on consent only (lib/analytics.ts).
    import('../../../lib/tag-manager.ts').then(
      (m) => m.applyCookiePreferences(site, choice),
      () => undefined,
    );
    toast.show(t('dev.cookies.saved'), 'success');
  };
  return (
    <DevPage page="cookiePreferences">
      <form className="form" onSubmit={save}>
        <label className="checkbox">
          <input type="checkbox" checked disabled />
          <span>
            <strong>{t('dev.cookies.necessary')}</strong> — {t('dev.cookies.necessaryText')}
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
              <strong>{t(`dev.cookies.${kind}`)}</strong> — {t(`dev.cookies.${kind}Text`)}
            </span>
          </label>
        ))}
        <button type="submit" className="button button--primary">
          {t('dev.cookies.save')}
        </button>
      </form>
    </DevPage>
  );
}
