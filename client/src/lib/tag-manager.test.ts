/**
 * The analytics tag manager (storefront §7 "An analytics tag manager … is loaded"; issue 15): the
 * site's Google Tag Manager container loads only when the site has one (GET /api/site
 * tagManagerContainerId) and the shopper accepted analytics cookies on /cookie-preferences, once,
 * as Google's install snippet does (https://support.google.com/tagmanager/answer/6103696), with
 * basic consent mode's default and update states before it
 * (https://developers.google.com/tag-platform/security/guides/consent).
 */
import { waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { contractExample, stubApi, type ApiStub } from '../testing/api-stub.ts';
import { COOKIE_PREFERENCES_KEY, startTagManager, track, trackPageView } from './analytics.ts';
import { applyCookiePreferences, GTM_SCRIPT, loadTagManager } from './tag-manager.ts';

const CONTAINERS: Record<string, string | undefined> = { aurora: 'GTM-AURORA1', borealis: 'GTM-B0REAL' };
let containers: Record<string, string | undefined>;
let stub: ApiStub;

function stubSiteConfig(): ApiStub {
  return stubApi([
    [
      'GET',
      /\/api\/site$/,
      (request) => {
        const site = new URL(request.url).searchParams.get('site') ?? 'aurora';
        const id = containers[site];
        const config = { ...contractExample<Record<string, unknown>>('siteAuroraGb'), id: site, brand: site };
        return { body: id ? { ...config, tagManagerContainerId: id } : config };
      },
    ],
  ]);
}

const choose = (analytics: boolean, marketing = false) =>
  window.localStorage.setItem(COOKIE_PREFERENCES_KEY, JSON.stringify({ analytics, marketing }));
const containerScripts = () => [...document.querySelectorAll<HTMLScriptElement>(`script[src^="${GTM_SCRIPT}"]`)];
const siteCalls = () => stub.calls.filter((call) => call.path.startsWith('/api/site'));
/** The data layer's entries as plain values (consent commands are arguments objects). */
const dataLayer = () => (window.dataLayer ?? []).map((entry) => (isArguments(entry) ? [...entry] : entry));
const isArguments = (value: unknown): value is IArguments =>
  Object.prototype.toString.call(value) === '[object Arguments]';
const gtmStarts = () => dataLayer().filter((entry) => (entry as { event?: string }).event === 'gtm.js');

beforeEach(() => {
  containers = { ...CONTAINERS };
  stub = stubSiteConfig();
  window.dataLayer = [];
  window.localStorage.clear();
  document.head.innerHTML = '<script type="module" src="/assets/index.js"></script>';
});
afterEach(() => {
  vi.unstubAllGlobals();
  document.head.innerHTML = '';
});

describe('the tag manager container', () => {
  it('when analytics cookies were never chosen, then no script, and the site configuration is not even asked', async () => {
    expect(await loadTagManager('aurora')).toBe(false);
    expect(containerScripts()).toEqual([]);
    expect(siteCalls()).toEqual([]);
    expect(window.dataLayer).toEqual([]);
  });

  it('when analytics cookies were declined, then no script and nothing asked', async () => {
    choose(false, true);
    expect(await loadTagManager('aurora')).toBe(false);
    expect(containerScripts()).toEqual([]);
    expect(siteCalls()).toEqual([]);
  });

  it('when the site has no container, then no script even with consent', async () => {
    containers = {};
    choose(true);
    expect(await loadTagManager('aurora')).toBe(false);
    expect(siteCalls()).toHaveLength(1);
    expect(containerScripts()).toEqual([]);
    expect(window.dataLayer).toEqual([]);
  });

  it("when consent was given and the site has a container, then gtm.js with the site's id, async, once, after the gtm.js start event", async () => {
    choose(true);
    const before = Date.now();
    expect(await loadTagManager('aurora')).toBe(true);
    const [script, ...more] = containerScripts();
    expect(more).toEqual([]);
    expect(script!.src).toBe('https://www.googletagmanager.com/gtm.js?id=GTM-AURORA1');
    expect(script!.async).toBe(true);
    // Before the page's first script, as Google's snippet inserts it.
    expect(document.head.firstElementChild).toBe(script);
    expect(gtmStarts()).toEqual([{ 'gtm.start': expect.any(Number), event: 'gtm.js' }]);
    expect((gtmStarts()[0] as Record<string, number>)['gtm.start']).toBeGreaterThanOrEqual(before);

    expect(await loadTagManager('aurora')).toBe(true);
    expect(containerScripts()).toHaveLength(1);
    expect(gtmStarts()).toHaveLength(1);
  });

  it('when the container loads, then consent mode hears the default (denied) and then the choice, before gtm.js', async () => {
    choose(true, false);
    await loadTagManager('aurora');
    expect(dataLayer().slice(0, 2)).toEqual([
      [
        'consent',
        'default',
        { analytics_storage: 'denied', ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied' },
      ],
      [
        'consent',
        'update',
        { analytics_storage: 'granted', ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied' },
      ],
    ]);
    expect(isArguments(window.dataLayer![0])).toBe(true);
    expect((dataLayer()[2] as { event: string }).event).toBe('gtm.js');
  });

  it("when the shop runs as the other brand, then that site's container is asked for and loaded", async () => {
    choose(true);
    await loadTagManager('borealis');
    expect(siteCalls()[0]!.path).toContain('site=borealis');
    expect(containerScripts().map((s) => s.src)).toEqual(['https://www.googletagmanager.com/gtm.js?id=GTM-B0REAL']);
  });

  it("when the page carries a CSP nonce, then the container script carries it (Google's nonce-aware snippet)", async () => {
    document.head.innerHTML = '<script nonce="n0nce-value" type="application/json" id="page-data">{}</script>';
    choose(true);
    await loadTagManager('aurora');
    expect(containerScripts()[0]!.getAttribute('nonce')).toBe('n0nce-value');
  });

  it('when the site configuration cannot be read, then no script and no error', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubApi([]);
    choose(true);
    await expect(loadTagManager('aurora')).resolves.toBe(false);
    expect(containerScripts()).toEqual([]);
  });

  it('when analytics cookies are declined while the configuration is on its way, then no script', async () => {
    choose(true);
    const loading = loadTagManager('aurora');
    choose(false);
    expect(await loading).toBe(false);
    expect(containerScripts()).toEqual([]);
  });
});

describe('consent given or withdrawn on /cookie-preferences', () => {
  it('when consent comes later in the visit, then the container loads at that moment, once', async () => {
    startTagManager('aurora');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(containerScripts()).toEqual([]);
    expect(siteCalls()).toEqual([]);

    choose(true);
    expect(await applyCookiePreferences('aurora', { analytics: true, marketing: false })).toBe(true);
    expect(containerScripts()).toHaveLength(1);
    await applyCookiePreferences('aurora', { analytics: true, marketing: true });
    expect(containerScripts()).toHaveLength(1);
    expect(gtmStarts()).toHaveLength(1);
    expect(dataLayer().at(-1)).toEqual([
      'consent',
      'update',
      { analytics_storage: 'granted', ad_storage: 'granted', ad_user_data: 'granted', ad_personalization: 'granted' },
    ]);
  });

  it('when consent was saved on an earlier visit, then the shell start loads the container', async () => {
    choose(true);
    startTagManager('aurora');
    await waitFor(() => expect(containerScripts()).toHaveLength(1));
  });

  it('when consent is withdrawn, then the container hears it, no other script loads, and the shop pushes no more events', async () => {
    choose(true);
    await loadTagManager('aurora');
    trackPageView('/en-GB/service/cn-connected-navigation', 'feature', 'en-GB', 'aurora');
    expect(dataLayer().at(-1)).toEqual({
      event: 'fdp_page',
      page_path: '/en-GB/service/cn-connected-navigation',
      page_type: 'feature',
      locale: 'en-GB',
      site: 'aurora',
    });

    choose(false);
    await applyCookiePreferences('aurora', { analytics: false, marketing: false });
    const entries = dataLayer().length;
    expect(dataLayer().at(-1)).toEqual([
      'consent',
      'update',
      { analytics_storage: 'denied', ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied' },
    ]);
    track({ event: 'click', label: 'Renew now' });
    trackPageView('/en-GB/checkout', 'checkout', 'en-GB', 'aurora');
    expect(dataLayer()).toHaveLength(entries);
    expect(containerScripts()).toHaveLength(1);
  });

  it('when analytics cookies are declined and no container was loaded, then nothing is pushed or loaded', async () => {
    choose(false);
    expect(await applyCookiePreferences('aurora', { analytics: false, marketing: true })).toBe(false);
    expect(window.dataLayer).toEqual([]);
    expect(containerScripts()).toEqual([]);
    expect(siteCalls()).toEqual([]);
  });
});
