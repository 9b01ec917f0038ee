/**
 * The cookie consent banner (issue 34; storefront §7 "An analytics tag manager … is loaded"): asked
 * on a first visit, "Accept all" and "Reject all" equal, the categories to choose from, the choice
 * remembered and changeable from the footer, Google's consent mode default and update before the
 * container, and nothing loaded before consent.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COOKIE_PREFERENCES_KEY, track } from '../../lib/analytics.ts';
import { GTM_SCRIPT } from '../../lib/tag-manager.ts';
import { contractExample, SESSION_STUB, stubApi } from '../../testing/api-stub.ts';
import { renderApp } from '../../testing/render-app.tsx';

const CONTAINER = 'GTM-CONSENT1';
const stored = () => JSON.parse(window.localStorage.getItem(COOKIE_PREFERENCES_KEY) ?? 'null') as unknown;
const containerScripts = () => document.querySelectorAll(`script[src^="${GTM_SCRIPT}"]`);
/** The data layer's entries as plain values (consent commands are arguments objects). */
const dataLayer = () =>
  (window.dataLayer ?? []).map((entry) =>
    Object.prototype.toString.call(entry) === '[object Arguments]' ? [...(entry as IArguments)] : entry,
  );
const banner = () => screen.findByRole('region', { name: 'Cookie consent' });

const consentCookie = () => document.cookie.split('; ').find((part) => part.startsWith('cookie-consent='));

beforeEach(() => {
  window.dataLayer = [];
  window.localStorage.clear();
  document.cookie = 'cookie-consent=; Max-Age=0; Path=/';
  stubApi([
    SESSION_STUB,
    [
      'GET',
      /\/api\/site$/,
      { body: { ...contractExample<Record<string, unknown>>('siteAuroraGb'), tagManagerContainerId: CONTAINER } },
    ],
  ]);
});
afterEach(() => {
  vi.unstubAllGlobals();
  containerScripts().forEach((script) => script.remove());
});

describe('the consent banner on a first visit', () => {
  it('when a choice was saved before the consent cookie existed, then the app writes the cookie, so that the server paints no banner (issue 35)', async () => {
    window.localStorage.setItem(COOKIE_PREFERENCES_KEY, JSON.stringify({ analytics: false, marketing: true }));
    renderApp('/en-GB/terms-conditions');
    await waitFor(() => expect(consentCookie()).toBe('cookie-consent=chosen'));
    expect(screen.queryByRole('region', { name: 'Cookie consent' })).toBeNull();
  });

  it('when no choice was saved, then no consent cookie is written', async () => {
    renderApp('/en-GB/terms-conditions');
    await banner();
    expect(consentCookie()).toBeUndefined();
  });

  it('when no choice was saved, then the banner asks, first after the skip link, with "Accept all" and "Reject all" alike', async () => {
    renderApp('/en-GB/terms-conditions');
    const region = await banner();
    expect(within(region).getByRole('heading', { level: 2, name: 'Cookies on this shop' })).toBeTruthy();
    expect(region.getAttribute('aria-describedby')).toBeTruthy();
    const accept = within(region).getByRole('button', { name: 'Accept all' });
    const reject = within(region).getByRole('button', { name: 'Reject all' });
    expect(accept.className).toBe(reject.className);
    expect(within(region).getByRole('button', { name: 'Choose cookies' })).toBeTruthy();
    // Before the header in the reading and tab order, after the skip link.
    const skip = screen.getByRole('link', { name: 'Skip to content' });
    expect(skip.compareDocumentPosition(region) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(region.compareDocumentPosition(screen.getByRole('banner')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // Nothing of Google's is on the page without consent, and the site configuration is not asked for it.
    expect(containerScripts()).toHaveLength(0);
  });

  it('when the shopper rejects all, then the choice is kept, the banner goes, no container loads, and the shop pushes nothing more', async () => {
    const user = userEvent.setup();
    renderApp('/en-GB/terms-conditions');
    await user.click(within(await banner()).getByRole('button', { name: 'Reject all' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Cookie consent' })).toBeNull());
    expect(stored()).toEqual({ analytics: false, marketing: false });
    // The server paints no banner for this browser from now on (issue 35): it sends the consent cookie.
    expect(consentCookie()).toBe('cookie-consent=chosen');
    const before = dataLayer().length;
    track({ event: 'click', label: 'after rejecting' });
    expect(dataLayer()).toHaveLength(before);
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(containerScripts()).toHaveLength(0);
  });

  it("when the shopper accepts all, then the container loads once, after consent mode's default (denied) and update (granted)", async () => {
    const user = userEvent.setup();
    renderApp('/en-GB/terms-conditions');
    await user.click(within(await banner()).getByRole('button', { name: 'Accept all' }));
    expect(stored()).toEqual({ analytics: true, marketing: true });
    await waitFor(() => expect(containerScripts()).toHaveLength(1));
    expect(containerScripts()[0]!.getAttribute('src')).toBe(`${GTM_SCRIPT}?id=${CONTAINER}`);
    const layer = dataLayer();
    const defaultAt = layer.findIndex((e) => Array.isArray(e) && e[0] === 'consent' && e[1] === 'default');
    const updateAt = layer.findIndex((e) => Array.isArray(e) && e[0] === 'consent' && e[1] === 'update');
    const startAt = layer.findIndex((e) => (e as { event?: string }).event === 'gtm.js');
    expect(layer[defaultAt]).toEqual([
      'consent',
      'default',
      expect.objectContaining({ analytics_storage: 'denied', ad_storage: 'denied' }),
    ]);
    expect(layer[updateAt]).toEqual([
      'consent',
      'update',
      { analytics_storage: 'granted', ad_storage: 'granted', ad_user_data: 'granted', ad_personalization: 'granted' },
    ]);
    expect(defaultAt).toBeLessThan(updateAt);
    expect(updateAt).toBeLessThan(startAt);
    expect(screen.queryByRole('region', { name: 'Cookie consent' })).toBeNull();
  });

  it('when the shopper chooses, then the strictly necessary cookies are always on and only the categories ticked are granted', async () => {
    const user = userEvent.setup();
    renderApp('/en-GB/terms-conditions');
    await user.click(within(await banner()).getByRole('button', { name: 'Choose cookies' }));
    const region = await banner();
    const necessary = within(region).getByRole('checkbox', { name: /^Strictly necessary/ });
    expect((necessary as HTMLInputElement).checked).toBe(true);
    expect((necessary as HTMLInputElement).disabled).toBe(true);
    const analytics = within(region).getByRole('checkbox', { name: /^Analytics/ });
    expect((analytics as HTMLInputElement).checked).toBe(false);
    expect((within(region).getByRole('checkbox', { name: /^Marketing/ }) as HTMLInputElement).checked).toBe(false);
    await user.click(analytics);
    await user.click(within(region).getByRole('button', { name: 'Save my choice' }));
    expect(stored()).toEqual({ analytics: true, marketing: false });
    await waitFor(() => expect(containerScripts()).toHaveLength(1));
    const update = dataLayer().find((e) => Array.isArray(e) && e[0] === 'consent' && e[1] === 'update');
    expect(update).toEqual([
      'consent',
      'update',
      expect.objectContaining({ analytics_storage: 'granted', ad_storage: 'denied' }),
    ]);
  });
});

describe('the choice remembered and changed from the footer', () => {
  it('when a choice was saved, then no banner; "Cookie settings" shows it with the focus, Escape closes it unchanged and gives the focus back', async () => {
    window.localStorage.setItem(COOKIE_PREFERENCES_KEY, JSON.stringify({ analytics: false, marketing: true }));
    const user = userEvent.setup();
    renderApp('/en-GB/terms-conditions');
    const settings = await screen.findByRole('button', { name: 'Cookie settings' });
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByRole('region', { name: 'Cookie consent' })).toBeNull();

    await user.click(settings);
    const region = await banner();
    await waitFor(() => expect(document.activeElement).toBe(within(region).getByRole('heading', { level: 2 })));
    expect((within(region).getByRole('checkbox', { name: /^Analytics/ }) as HTMLInputElement).checked).toBe(false);
    expect((within(region).getByRole('checkbox', { name: /^Marketing/ }) as HTMLInputElement).checked).toBe(true);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Cookie consent' })).toBeNull());
    expect(document.activeElement).toBe(settings);
    expect(stored()).toEqual({ analytics: false, marketing: true });
  });

  it('when the shopper changes the choice in the settings, then it is saved and the focus returns to "Cookie settings"', async () => {
    window.localStorage.setItem(COOKIE_PREFERENCES_KEY, JSON.stringify({ analytics: true, marketing: false }));
    const user = userEvent.setup();
    renderApp('/en-GB/terms-conditions');
    const settings = await screen.findByRole('button', { name: 'Cookie settings' });
    await user.click(settings);
    await user.click(within(await banner()).getByRole('button', { name: 'Reject all' }));
    expect(stored()).toEqual({ analytics: false, marketing: false });
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Cookie consent' })).toBeNull());
    expect(document.activeElement).toBe(settings);
  });
});
