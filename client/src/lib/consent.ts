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
import { useSyncExternalStore } from 'react';
import { COOKIE_PREFERENCES_KEY, type CookiePreferences } from './analytics.ts';

export interface ConsentState {
  /** The saved choice, or null before the shopper made one. */
  choice: CookiePreferences | null;
  /** The shopper asked to change the choice (the footer's "Cookie settings"). */
  settingsOpen: boolean;
}

export const ACCEPT_ALL: CookiePreferences = { analytics: true, marketing: true };
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
  if (snapshot?.key !== key) snapshot = { key, state: { choice: choiceOf(text) ?? unstored, settingsOpen } };
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
 * The consent state in the browser; undefined on the server and while the page hydrates (the choice
 * lives in the browser's storage, so the server renders no banner and the first paint is the same).
 */
export function useConsent(): ConsentState | undefined {
  return useSyncExternalStore(subscribe, current, () => undefined);
}

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
