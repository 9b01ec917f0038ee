/**
 * The shopper's cookie consent (issue 34; storefront §7 "An analytics tag manager … is loaded"):
 * one choice per browser, asked for by the consent banner on a first visit and changeable at any
 * time from the footer's "Cookie settings". Until a choice is saved nothing beyond the strictly
 * necessary is stored and the tag manager does not load (lib/tag-manager.ts: Google's basic consent
 * mode, default denied, then the choice as its update).
 *
 * In the first route's chunk: only this store and its hook; the banner and the tag manager are
 * chunks of their own, loaded when a choice is asked for or given.
 */
import { createContext, use, useSyncExternalStore } from 'react';
import { CONSENT_COOKIE } from '../../../domain/page-render.ts';
import { COOKIE_PREFERENCES_KEY, type CookiePreferences } from './analytics.ts';

export interface ConsentState {
  /** The saved choice, or null before the shopper made one. */
  choice: CookiePreferences | null;
  /** The shopper asked to change the choice (the footer's "Cookie settings"). */
  settingsOpen: boolean;
}

export const ACCEPT_ALL: CookiePreferences = { analytics: true, marketing: true };
/** No choice yet and the settings closed: the banner asks (one object, so that hydration compares it equal). */
const ASKED: ConsentState = { choice: null, settingsOpen: false };
export const REJECT_ALL: CookiePreferences = { analytics: false, marketing: false };

/** The stored text of the choice, or null where there is none or storage is refused. */
function storedText(): string | null {
  try {
    return window.localStorage.getItem(COOKIE_PREFERENCES_KEY);
  } catch {
    return null;
  }
}

/** A stored choice read back; null when it is not one (absent, malformed, or another shape). */
function choiceOf(text: string | null): CookiePreferences | null {
  try {
    const stored = JSON.parse(text ?? 'null') as unknown;
    if (typeof stored !== 'object' || stored === null) return null;
    const { analytics, marketing } = stored as Partial<CookiePreferences>;
    if (typeof analytics !== 'boolean' || typeof marketing !== 'boolean') return null;
    return { analytics, marketing };
  } catch {
    return null;
  }
}

const listeners = new Set<() => void>();
let settingsOpen = false;
/** The control that opened the settings, which gets the focus back when they close. */
let opener: HTMLElement | null = null;
/** The choice kept when storage refuses it (private mode, quota): it holds for this page. */
let unstored: CookiePreferences | null = null;
let snapshot: { key: string; state: ConsentState } | undefined;

/** The state now: the same object while nothing changed (useSyncExternalStore compares them). */
function current(): ConsentState {
  const text = storedText();
  const key = `${text ?? ''}|${JSON.stringify(unstored)}|${settingsOpen}`;
  if (snapshot?.key !== key) {
    const choice = choiceOf(text) ?? unstored;
    snapshot = { key, state: choice === null && !settingsOpen ? ASKED : { choice, settingsOpen } };
  }
  return snapshot.state;
}

const changed = () => listeners.forEach((listener) => listener());

/** A choice saved in another tab of the shop holds here too. */
const onStorage = (event: StorageEvent) => {
  if (event.key === COOKIE_PREFERENCES_KEY || event.key === null) changed();
};

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (listeners.size === 1) window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', onStorage);
  };
}

function restoreFocus(): void {
  opener?.focus();
  opener = null;
}

/** The saved choice, or null before the shopper made one. */
export const consentChoice = (): CookiePreferences | null => current().choice;

/**
 * Whether the server painted the banner (issue 35): it does when the request carries no consent
 * cookie, so that a first visit's banner comes with the page's first paint rather than after the
 * app has started (it was the checkout's largest paint, 3 s late). The browser says the same while
 * it hydrates, from the server's HTML (app.tsx).
 */
export const ConsentAskedContext = createContext(false);

/**
 * The consent state: the browser's storage once the app runs; on the server and while the page
 * hydrates, what the server knew (the banner asks, or undefined: nothing shown).
 */
export function useConsent(): ConsentState | undefined {
  const asked = use(ConsentAskedContext);
  return useSyncExternalStore(subscribe, current, () => (asked ? ASKED : undefined));
}

/**
 * Tells the server that this browser made its choice (the consent cookie, a functional cookie of
 * its own: the choice itself stays in the storage), so that its pages come without the banner. Also
 * for a choice saved before the cookie existed, or one whose cookie expired.
 */
export function rememberChoiceForServer(): void {
  try {
    if (!current().choice || document.cookie.split('; ').some((part) => part.startsWith(`${CONSENT_COOKIE}=`))) return;
    const secure = window.location.protocol === 'https:' ? '; Secure' : '';
    document.cookie = `${CONSENT_COOKIE}=chosen; Max-Age=${CONSENT_COOKIE_SECONDS}; Path=/; SameSite=Lax${secure}`;
  } catch {
    // Cookies refused: the server keeps painting the banner, and the browser hides it once it runs.
  }
}

/** 13 months, the longest a consent choice is kept before it is asked for again (CNIL's guidance). */
const CONSENT_COOKIE_SECONDS = 396 * 24 * 60 * 60;

/**
 * Saves the shopper's choice and applies it: on consent the site's tag manager loads now; a
 * container already on the page hears consent mode's update (lib/tag-manager.ts). The settings
 * close and the control that opened them gets the focus back.
 */
export function saveConsent(site: string, choice: CookiePreferences): void {
  try {
    window.localStorage.setItem(COOKIE_PREFERENCES_KEY, JSON.stringify(choice));
    unstored = null;
  } catch {
    unstored = choice;
  }
  settingsOpen = false;
  rememberChoiceForServer();
  changed();
  restoreFocus();
  import('./tag-manager.ts').then(
    (m) => m.applyCookiePreferences(site, choice),
    () => undefined,
  );
}

/** Opens the consent settings (the footer's "Cookie settings"); `from` gets the focus back when they close. */
export function openConsentSettings(from?: HTMLElement | null): void {
  opener = from ?? null;
  settingsOpen = true;
  changed();
}

/** Closes the settings without a change (Escape), when a choice was saved before. */
export function closeConsentSettings(): void {
  if (!current().choice) return;
  settingsOpen = false;
  changed();
  restoreFocus();
}
