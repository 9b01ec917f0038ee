/**
 * The renewal page renders with the core of the catalogue only (client/catalogue-parts.ts): the
 * first route carries no other words (issue 12). Every state of the page, and the shell around it,
 * is rendered with a translator holding the core part alone, and fails on any key it lacks.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cataloguePart } from '../../../../catalogue-parts.ts';
import en from '../../../../../catalogues/en.json' with { type: 'json' };
import fr from '../../../../../catalogues/fr.json' with { type: 'json' };
import { Translator } from '../../../lib/translator.ts';
import { COOKIE_PREFERENCES_KEY } from '../../../lib/analytics.ts';
import { contractExample, SESSION_STUB, stubApi, type StubHandler } from '../../../testing/api-stub.ts';
import { renderApp } from '../../../testing/render-app.tsx';

const renewal = (body: unknown, status = 200): StubHandler => ['GET', /\/api\/renewal\//, { status, body }];
const expiring = () => contractExample<Record<string, any>>('renewalExpiring');

let missing: string[] = [];
function coreOnly(language: 'en' | 'fr') {
  const translator = new Translator(language, {
    en: cataloguePart(en, 'core'),
    ...(language === 'fr' ? { fr: cataloguePart(fr, 'core') } : {}),
  });
  translator.onMissing = (key) => missing.push(key);
  return translator;
}

// A returning shopper: the consent banner of a first visit speaks the rest of the catalogue, which it
// loads first (components/layout/consent-slot.tsx), and is not the renewal page's.
beforeEach(() =>
  window.localStorage.setItem(COOKIE_PREFERENCES_KEY, JSON.stringify({ analytics: false, marketing: false })),
);

afterEach(() => {
  expect(missing, 'keys outside the core catalogue').toEqual([]);
  missing = [];
});

describe('the renewal page with the core catalogue only', () => {
  it.each(['en', 'fr'] as const)(
    'in %s: the page, its plans, FAQ and gallery, the countries dialog, the basket and a failed renewal',
    async (language) => {
      stubApi([
        SESSION_STUB,
        renewal(expiring()),
        ['GET', /\/api\/basket$/, { body: contractExample('basketWithItem') }],
        ['POST', /\/api\/basket\/items$/, { status: 500, body: { title: 'Server error', status: 500 } }],
      ]);
      renderApp(`/${language === 'en' ? 'en-GB' : 'fr-FR'}/service/cn-connected-navigation?carvin=ZAAAA1000AA000001`, {
        i18n: coreOnly(language),
      });
      const plans = await screen.findAllByRole('radio');
      await userEvent.click(plans[1]!);
      const buttons = screen.getAllByRole('button');
      for (const button of buttons.filter(
        (b) => b.getAttribute('aria-haspopup') === 'dialog' || b.hasAttribute('aria-expanded'),
      )) {
        await userEvent.click(button);
        await userEvent.keyboard('{Escape}');
      }
      // The page's last Renew action (the footer's buttons are the shell's).
      const main = within(screen.getByRole('main'));
      await userEvent.click(main.getAllByRole('button', { name: language === 'en' ? 'Renew now' : /./ }).at(-1)!);
      await waitFor(() => expect(document.body.textContent).not.toContain('renewal.'));
    },
  );

  it('expired, up to date, and renew without a plan', async () => {
    const translator = coreOnly('en');
    stubApi([
      SESSION_STUB,
      renewal({
        ...expiring(),
        basketItem: null,
        expiry: { state: 'expired', expiryDate: '2026-11-12', formatted: '12 November 2026', daysLeft: -10 },
      }),
    ]);
    const first = renderApp('/en-GB/service/cn-connected-navigation?carvin=ZAAAA1000AA000001', { i18n: translator });
    await screen.findByText('This service has expired');
    await userEvent.click(screen.getAllByRole('button', { name: 'Renew now' })[0]!);
    await screen.findByRole('alert');
    first.unmount();
    stubApi([
      SESSION_STUB,
      renewal({
        ...expiring(),
        upToDate: true,
        expiry: { state: 'active', expiryDate: '2027-09-18', formatted: '18 September 2027', daysLeft: 300 },
      }),
    ]);
    renderApp('/en-GB/service/cn-connected-navigation?carvin=ZAAAA1000AA000001', { i18n: translator });
    expect(await screen.findByRole('heading', { name: 'Thank you' })).toBeTruthy();
  });

  it('the product cannot be loaded: "Unable to Load Page"', async () => {
    stubApi([SESSION_STUB, renewal({ title: 'Server error', status: 500 }, 500)]);
    renderApp('/en-GB/service/cn-connected-navigation?carvin=ZAAAA1000AA000001', { i18n: coreOnly('en') });
    expect(await screen.findByRole('heading', { name: 'Unable to Load Page' }, { timeout: 5000 })).toBeTruthy();
  });
});
