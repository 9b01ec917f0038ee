/**
 * The data layer's click push (storefront §7 "Analytics pushes: fdp_page, add_to_cart, view_item,
 * click, generic_error_page"): a press on a link or button says what it was and where it goes,
 * without the link's query (a VIN or a mail token), and not when analytics cookies were declined.
 */
import { waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COOKIE_PREFERENCES_KEY, startTagManager, trackClicks } from './analytics.ts';
import { loadTagManager } from './tag-manager.ts';

// The tag manager's chunk stands in: whether the shell start imports it at all (issue 15).
vi.mock('./tag-manager.ts', () => ({ loadTagManager: vi.fn(() => Promise.resolve(true)) }));

let stop: () => void;

beforeEach(() => {
  window.dataLayer = [];
  window.localStorage.clear();
  document.body.innerHTML = `
    <a href="/en-GB/service/cn-connected-navigation?carvin=ZAAAA1000AA000001"><span>Renew now</span></a>
    <a href="https://www.example.com/privacy?ref=shop">Privacy policy</a>
    <button type="button" aria-label="Close">×</button>
    <p>Plain text</p>`;
  stop = trackClicks(document);
});

afterEach(() => stop());

const press = (selector: string) => (document.querySelector(selector) as HTMLElement).click();

describe('click analytics (storefront §7)', () => {
  it('when a link on this site is pressed, then click with its label and its path, not its query', () => {
    press('a span');
    expect(window.dataLayer).toEqual([
      { event: 'click', label: 'Renew now', target: '/en-GB/service/cn-connected-navigation' },
    ]);
    expect(JSON.stringify(window.dataLayer)).not.toContain('ZAAAA1000AA000001');
  });

  it('when a link elsewhere is pressed, then its origin only', () => {
    press('a[href^="https"]');
    expect(window.dataLayer).toEqual([{ event: 'click', label: 'Privacy policy', target: 'https://www.example.com' }]);
  });

  it('when a button is pressed, then its accessible name and no target', () => {
    press('button');
    expect(window.dataLayer).toEqual([{ event: 'click', label: 'Close' }]);
  });

  it('when something else is pressed, or analytics cookies were declined, then nothing', () => {
    press('p');
    window.localStorage.setItem(COOKIE_PREFERENCES_KEY, JSON.stringify({ analytics: false, marketing: false }));
    press('button');
    expect(window.dataLayer).toEqual([]);
  });

  it('when the listener is removed, then presses are no longer pushed', () => {
    stop();
    press('button');
    expect(window.dataLayer).toEqual([]);
  });
});

describe('the tag manager chunk at the shell start (issue 15)', () => {
  it('when analytics cookies were never chosen or were declined, then its chunk is not even loaded', async () => {
    startTagManager('aurora');
    window.localStorage.setItem(COOKIE_PREFERENCES_KEY, JSON.stringify({ analytics: false, marketing: true }));
    startTagManager('aurora');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(loadTagManager).not.toHaveBeenCalled();
  });

  it("when analytics cookies were accepted, then it loads the site's container", async () => {
    window.localStorage.setItem(COOKIE_PREFERENCES_KEY, JSON.stringify({ analytics: true, marketing: false }));
    startTagManager('borealis');
    await waitFor(() => expect(loadTagManager).toHaveBeenCalledWith('borealis'));
  });
});
