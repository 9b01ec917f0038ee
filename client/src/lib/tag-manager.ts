/**
 * The analytics tag manager (storefront §7 "An analytics tag manager … is loaded"; issue 15): the
 * site's Google Tag Manager container (GET /api/site `tagManagerContainerId`, the server's
 * GTM_CONTAINER_IDS; none by default) loads only once the shopper accepted analytics cookies in the
 * consent banner (lib/consent.ts; /cookie-preferences outside production). That is Google's basic consent mode: no Google tag loads, and nothing reaches
 * Google, before consent; once consent is given the tags load and receive the default consent state,
 * then the updated one (https://support.google.com/analytics/answer/14009635,
 * https://developers.google.com/tag-platform/security/guides/consent?consentmode=basic).
 *
 * The container loads as Google's install snippet does (https://support.google.com/tagmanager/answer/6103696):
 * `dataLayer` exists, `{'gtm.start': time, event: 'gtm.js'}` is pushed, and gtm.js?id=… is added as
 * an async script before the page's first script, with the page's CSP nonce when an element carries
 * one, as the nonce-aware snippet of https://developers.google.com/tag-platform/security/guides/csp
 * does (Tag Manager passes it on to the scripts it adds). The CSP lists Google's hosts only when a
 * container is configured (server/src/tag-manager.ts).
 *
 * This module is a chunk of its own: lib/analytics.ts imports it after consent only.
 */
import { getSiteConfig } from './api/get-site-config.ts';
import { COOKIE_PREFERENCES_KEY, type CookiePreferences } from './analytics.ts';

export const GTM_SCRIPT = 'https://www.googletagmanager.com/gtm.js';
const CONTAINER_ID = /^GTM-[A-Z0-9]+$/;

/**
 * The shopper's stored choice (lib/analytics.ts writes and reads the same key), or null before one
 * was saved. Read here rather than imported, so the first route's chunk exports nothing more.
 */
function storedChoice(): Partial<CookiePreferences> | null {
  try {
    return JSON.parse(window.localStorage.getItem(COOKIE_PREFERENCES_KEY) ?? 'null') as Partial<CookiePreferences>;
  } catch {
    return null;
  }
}

/** Accepted in the consent banner: never by default (the analytics pushes' default does not apply here). */
const analyticsAccepted = (): boolean => storedChoice()?.analytics === true;

type ConsentValue = 'granted' | 'denied';
type ConsentState = Record<'analytics_storage' | 'ad_storage' | 'ad_user_data' | 'ad_personalization', ConsentValue>;

/** Consent mode's state for a choice: analytics cookies for analytics_storage, marketing for the ad signals. */
function consentState({ analytics, marketing }: CookiePreferences): ConsentState {
  const ads: ConsentValue = marketing ? 'granted' : 'denied';
  return {
    analytics_storage: analytics ? 'granted' : 'denied',
    ad_storage: ads,
    ad_user_data: ads,
    ad_personalization: ads,
  };
}

/**
 * Google's `gtag('consent', command, state)`: Tag Manager reads a command as an arguments object
 * pushed to the data layer (https://developers.google.com/tag-platform/security/guides/consent).
 */
function gtag(..._command: ['consent', 'default' | 'update', ConsentState]): void {
  window.dataLayer = window.dataLayer ?? [];
  // eslint-disable-next-line prefer-rest-params -- gtm.js takes a command only as an arguments object
  window.dataLayer.push(arguments);
}

/** The container script on the page, if it was loaded in this visit (it never loads twice). */
const containerScript = (doc: Document): HTMLScriptElement | null =>
  doc.querySelector<HTMLScriptElement>(`script[src^="${GTM_SCRIPT}?"]`);

function injectContainer(doc: Document, id: string, choice: CookiePreferences): void {
  if (containerScript(doc)) return;
  gtag('consent', 'default', consentState({ analytics: false, marketing: false }));
  gtag('consent', 'update', consentState(choice));
  window.dataLayer!.push({ 'gtm.start': new Date().getTime(), event: 'gtm.js' });
  const script = doc.createElement('script');
  script.async = true;
  script.src = `${GTM_SCRIPT}?id=${id}`;
  const withNonce = doc.querySelector<HTMLElement>('[nonce]');
  const nonce = withNonce?.nonce || withNonce?.getAttribute('nonce');
  if (nonce) script.setAttribute('nonce', nonce);
  const first = doc.getElementsByTagName('script')[0];
  if (first?.parentNode) first.parentNode.insertBefore(script, first);
  else doc.head.append(script);
}

/**
 * Loads the site's container when the shopper accepted analytics cookies and the site has one.
 * Resolves whether the container is on the page; never rejects (the shop works without it).
 */
export async function loadTagManager(site: string, doc: Document = document): Promise<boolean> {
  if (containerScript(doc)) return true;
  if (!analyticsAccepted()) return false;
  let id: string | undefined;
  try {
    id = (await getSiteConfig(site)).tagManagerContainerId;
  } catch {
    return false;
  }
  // The answer came later: the shopper may have declined in the meantime.
  if (!id || !CONTAINER_ID.test(id) || !analyticsAccepted()) return false;
  injectContainer(doc, id, { analytics: true, marketing: storedChoice()?.marketing === true });
  return true;
}

/**
 * The shopper saved a choice (lib/consent.ts saveConsent). A container already on the page hears the new
 * consent state (consent mode's update; withdrawn analytics also stop the shop's own pushes,
 * lib/analytics.ts `track`); otherwise, on consent, the container loads now.
 */
export function applyCookiePreferences(
  site: string,
  choice: CookiePreferences,
  doc: Document = document,
): Promise<boolean> {
  if (containerScript(doc)) {
    gtag('consent', 'update', consentState(choice));
    return Promise.resolve(true);
  }
  return choice.analytics ? loadTagManager(site, doc) : Promise.resolve(false);
}
