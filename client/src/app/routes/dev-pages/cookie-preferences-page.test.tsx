/**
 * /cookie-preferences (storefront §2 routes) and the analytics tag manager (storefront §7 "An
 * analytics tag manager … is loaded"; issue 15): the site's container loads once the shopper
 * accepts analytics cookies there, at that moment, or at the start of a later visit; declining
 * stops the shop's pushes and tells a loaded container (consent mode's update).
 */
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { track } from '../../../lib/analytics.ts';
import { GTM_SCRIPT } from '../../../lib/tag-manager.ts';
import { contractExample, SESSION_STUB, stubApi, type StubHandler } from '../../../testing/api-stub.ts';
import { renderApp } from '../../../testing/render-app.tsx';

const SITE_STUB: StubHandler = [
  'GET',
  /\/api\/site$/,
  (request) => {
    const site = new URL(request.url).searchParams.get('site') ?? 'aurora';
    const config = { ...contractExample<Record<string, unknown>>('siteAuroraGb'), id: site, brand: site };
    return { body: { ...config, tagManagerContainerId: site === 'aurora' ? 'GTM-AURORA1' : 'GTM-B0REAL' } };
  },
];

const containerScripts = () => [...document.querySelectorAll<HTMLScriptElement>(`script[src^="${GTM_SCRIPT}"]`)];
const consentCommands = () =>
  (window.dataLayer ?? [])
    .filter((entry) => Object.prototype.toString.call(entry) === '[object Arguments]')
    .map((entry) => [...(entry as IArguments)]);

beforeEach(() => {
  stubApi([SESSION_STUB, SITE_STUB]);
  window.dataLayer = [];
});
afterEach(() => {
  window.localStorage.clear();
  for (const script of containerScripts()) script.remove();
});

describe('cookie preferences and the tag manager', () => {
  it('when analytics cookies are accepted and saved, then the container loads at once; declined later, it hears so and nothing more is pushed', async () => {
    renderApp('/en-GB/cookie-preferences');
    const main = within(await screen.findByRole('main'));
    const analytics = await main.findByRole('checkbox', { name: /^Analytics/ });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(containerScripts()).toEqual([]);

    // Nothing is ticked before a choice (issue 34): the shopper ticks analytics.
    expect((analytics as HTMLInputElement).checked).toBe(false);
    await userEvent.click(analytics);
    await userEvent.click(main.getByRole('button', { name: 'Save my choice' }));
    await waitFor(() => expect(containerScripts()).toHaveLength(1));
    expect(containerScripts()[0]!.src).toBe('https://www.googletagmanager.com/gtm.js?id=GTM-AURORA1');
    expect(window.dataLayer).toContainEqual({ 'gtm.start': expect.any(Number), event: 'gtm.js' });

    await userEvent.click(analytics);
    await userEvent.click(main.getByRole('button', { name: 'Save my choice' }));
    await waitFor(() => expect(consentCommands().at(-1)).toEqual(['consent', 'update', expect.anything()]));
    expect(consentCommands().at(-1)![2]).toMatchObject({ analytics_storage: 'denied' });
    const entries = window.dataLayer!.length;
    track({ event: 'click', label: 'Renew now' });
    expect(window.dataLayer).toHaveLength(entries);
    expect(containerScripts()).toHaveLength(1);
  });

  it("when analytics cookies were accepted on an earlier visit, then the shell loads the site's container at start", async () => {
    window.localStorage.setItem('cookie-preferences', JSON.stringify({ analytics: true, marketing: false }));
    renderApp('/en-GB/cookie-preferences', { site: 'borealis' });
    await waitFor(() => expect(containerScripts()).toHaveLength(1));
    expect(containerScripts()[0]!.src).toBe('https://www.googletagmanager.com/gtm.js?id=GTM-B0REAL');
  });

  it('when nothing was chosen yet, then the shell loads no container', async () => {
    renderApp('/en-GB/cookie-preferences');
    await within(await screen.findByRole('main')).findByRole('checkbox', { name: /^Analytics/ });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(containerScripts()).toEqual([]);
  });
});
