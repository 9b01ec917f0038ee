/** Analytics events pushed to the tag manager's `window.dataLayer`. */
export type AnalyticsEvent =
  | { event: 'fdp_page'; page_path: string; page_type: string; locale: string; site: string }
  | { event: 'add_to_cart'; item_id: string; item_name?: string; price?: number; currency?: string }
  | { event: 'view_item'; item_id: string; item_name?: string; price?: number; currency?: string }
  | { event: 'click'; label: string; target?: string }
  | { event: 'generic_error_page'; referrer: string; error?: string };

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

/** The shopper's cookie choice (the consent banner, lib/consent.ts), kept in the browser. */
export const COOKIE_PREFERENCES_KEY = 'cookie-preferences';
export interface CookiePreferences {
  analytics: boolean;
  marketing: boolean;
}

/** The stored choice, or null before the shopper made one (or where storage is refused). */
function storedCookiePreferences(): Partial<CookiePreferences> | null {
  try {
    return JSON.parse(window.localStorage.getItem(COOKIE_PREFERENCES_KEY) ?? 'null') as Partial<CookiePreferences>;
  } catch {
    return null;
  }
}

/**
 * The stored choice; without one the shop's data-layer pushes go on (analytics on). The tag manager
 * container itself waits for an explicit acceptance (startTagManager).
 */
export function readCookiePreferences(): CookiePreferences {
  const stored = storedCookiePreferences();
  return { analytics: stored?.analytics !== false, marketing: stored?.marketing === true };
}

/**
 * Loads the site's tag manager container once the shopper accepted analytics cookies on
 * the consent banner: never by default, and without that nothing is fetched (issues 15, 34). The loader
 * (lib/tag-manager.ts) is a chunk of its own: only this check is in the first route's JavaScript.
 * lib/consent.ts loads it when consent comes later in the visit.
 */
export function startTagManager(site: string): void {
  if (storedCookiePreferences()?.analytics === true)
    import('./tag-manager.ts').then(
      (m) => m.loadTagManager(site),
      () => undefined,
    );
}

/** Pushes an event to the data layer, unless the shopper declined analytics cookies. */
export function track(event: AnalyticsEvent): void {
  if (typeof window === 'undefined') return;
  if (!readCookiePreferences().analytics) return;
  window.dataLayer = window.dataLayer ?? [];
  window.dataLayer.push(event);
}

export const trackPageView = (page_path: string, page_type: string, locale: string, site: string) =>
  track({ event: 'fdp_page', page_path, page_type, locale, site });
export const trackAddToCart = (item: Omit<Extract<AnalyticsEvent, { event: 'add_to_cart' }>, 'event'>) =>
  track({ event: 'add_to_cart', ...item });
export const trackViewItem = (item: Omit<Extract<AnalyticsEvent, { event: 'view_item' }>, 'event'>) =>
  track({ event: 'view_item', ...item });
export const trackClick = (label: string, target?: string) =>
  track(target === undefined ? { event: 'click', label } : { event: 'click', label, target });
/**
 * The `click` push (storefront §7 "Analytics pushes: … click"): every press of a link or button
 * sends its accessible label and, for a link, where it goes (the path on this site, the origin
 * elsewhere; never a query, which may hold a VIN or a mail token). Returns the listener's removal.
 */
export function trackClicks(root: Document): () => void {
  const onClick = (event: MouseEvent) => {
    const control = (event.target as Element | null)?.closest?.('a[href], button');
    if (!control) return;
    const label = (control.getAttribute('aria-label') ?? control.textContent ?? '').trim().slice(0, 100);
    if (!label) return;
    const href = control instanceof HTMLAnchorElement ? new URL(control.href, root.baseURI) : undefined;
    const target = href ? (href.origin === root.location.origin ? href.pathname : href.origin) : undefined;
    trackClick(label, target);
  };
  root.addEventListener('click', onClick, { capture: true });
  return () => root.removeEventListener('click', onClick, { capture: true });
}

/** sessionStorage key holding the URL that sent the shopper to the generic error page (storefront §2 Error pages). */
export const REDIRECT_SOURCE_KEY = 'redirectSource';

/** Keeps the URL of the page that redirects to the generic error page, for its generic_error_page event. */
export function rememberRedirectSource(url: string): void {
  try {
    window.sessionStorage.setItem(REDIRECT_SOURCE_KEY, url);
  } catch {
    // Storage refused (private mode, quota): the event is then not sent.
  }
}

export const trackGenericErrorPage = (referrer: string, error?: string) =>
  track(
    error === undefined ? { event: 'generic_error_page', referrer } : { event: 'generic_error_page', referrer, error },
  );
