import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import type { CookiePreferences } from '../../lib/analytics.ts';
import { ACCEPT_ALL, closeConsentSettings, REJECT_ALL, saveConsent } from '../../lib/consent.ts';
import { useTranslation } from '../../lib/i18n-react.tsx';
import { useSite } from '../../lib/site.tsx';
import { ConsentCategories } from './consent-categories.tsx';
import './consent-banner.css';

/**
 * The cookie consent banner (issue 34): on a first visit, and from the footer's "Cookie settings".
 * A region of the page, not a modal: the shop stays usable, and it is first in the reading and tab
 * order after the skip link. "Accept all" and "Reject all" are equal in weight; "Choose cookies"
 * shows the categories, the strictly necessary ones always on. Opened from the footer, it shows the
 * categories with the saved choice and takes the focus; Escape then closes it unchanged.
 */
export function ConsentBanner({ choice, settings }: { choice: CookiePreferences | null; settings: boolean }) {
  const { t } = useTranslation();
  const site = useSite();
  const titleId = useId();
  const textId = useId();
  const [choosing, setChoosing] = useState(settings);
  const [draft, setDraft] = useState<CookiePreferences>(choice ?? REJECT_ALL);
  const region = useRef<HTMLElement>(null);
  const title = useRef<HTMLHeadingElement>(null);
  const firstCategory = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (settings) title.current?.focus();
  }, [settings]);

  // The room the page keeps under the banner (consent-banner.css), as tall as the banner is: told by
  // the resize observer after the browser's own layout (its first report comes at once), rather than
  // read here, which would make the browser lay the page out again in the middle of hydration.
  useEffect(() => {
    const element = region.current;
    if (!element) return;
    const root = document.documentElement;
    const measure = () => root.style.setProperty('--consent-height', `${element.offsetHeight}px`);
    if (typeof ResizeObserver === 'undefined') measure();
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(measure);
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      root.style.removeProperty('--consent-height');
    };
  }, []);

  const decide = (decided: CookiePreferences) => saveConsent(site, decided);
  const save = (event: FormEvent) => {
    event.preventDefault();
    decide(draft);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && choice) closeConsentSettings();
  };
  const choose = () => {
    setChoosing(true);
    // The first category a person can change, once shown.
    requestAnimationFrame(() => firstCategory.current?.focus());
  };

  const allOrNothing = (
    <>
      <button type="button" className="button button--primary" onClick={() => decide(ACCEPT_ALL)}>
        {t('consent.acceptAll')}
      </button>
      <button type="button" className="button button--primary" onClick={() => decide(REJECT_ALL)}>
        {t('consent.rejectAll')}
      </button>
    </>
  );

  return (
    <section
      ref={region}
      className="consent"
      aria-label={t('consent.region')}
      aria-describedby={textId}
      onKeyDown={onKeyDown}
      data-testid="consent-banner"
    >
      <div className="consent__inner container">
        <h2 className="consent__title" id={titleId} ref={title} tabIndex={-1}>
          {t('consent.title')}
        </h2>
        <p className="consent__text" id={textId}>
          {t('consent.text')}
        </p>
        {choosing ? (
          <form className="consent__form" onSubmit={save} aria-labelledby={titleId}>
            <fieldset className="consent__categories">
              <legend className="visually-hidden">{t('consent.categories')}</legend>
              <ConsentCategories choice={draft} onChange={setDraft} firstRef={firstCategory} />
            </fieldset>
            <div className="consent__actions">
              <button type="submit" className="button button--secondary">
                {t('consent.save')}
              </button>
              {allOrNothing}
            </div>
          </form>
        ) : (
          <div className="consent__actions">
            {allOrNothing}
            <button type="button" className="button button--secondary" onClick={choose}>
              {t('consent.choose')}
            </button>
          </div>
        )}
      </div>
    </section>
  );
}
