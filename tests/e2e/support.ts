/** Shared steps of the journeys: the sandbox controls and the checkout a shopper walks through. */
import { AxeBuilder } from '@axe-core/playwright';
import { test as base, expect, type BrowserContext, type BrowserContextOptions, type Page } from '@playwright/test';
import { E2E_SANDBOX_PORT, RETURNING_SHOPPER } from '../../playwright.config.ts';
import { expectMoneyInvariant } from '../../server/src/testing/money-invariant.ts';

export const SANDBOX = `http://127.0.0.1:${E2E_SANDBOX_PORT}`;

export async function sandbox(method: string, path: string, body?: unknown): Promise<void> {
  const response = await fetch(`${SANDBOX}${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`sandbox ${method} ${path}: ${response.status}`);
}

export const resetSandbox = () => sandbox('POST', '/__sandbox/reset');

/**
 * The journeys' `test`, with `newBrowser`: another person's browser (a context of its own, a returning
 * shopper's as the config's, or a second tab holding the first one's storage), closed when the journey ends. A context left open kept its
 * pages running into the next journeys (their reads, idle timers and service worker against a reset
 * sandbox) and into their failure screenshots.
 */
export const test = base.extend<{ newBrowser: (options?: BrowserContextOptions) => Promise<Page> }>({
  newBrowser: async ({ browser }, use) => {
    const contexts: BrowserContext[] = [];
    await use(async (options) => {
      const context = await browser.newContext({ storageState: RETURNING_SHOPPER, ...options });
      contexts.push(context);
      return context.newPage();
    });
    await Promise.all(contexts.map((context) => context.close()));
  },
});

/**
 * The end of every journey that pays (issue 29): the money invariant on the sandbox's ledger, what
 * its providers and commerce platform hold, whatever the pages showed: no payment or saved card
 * without a placed order, no order left created past the horizon.
 */
export const expectNoMoneyLost = () => expectMoneyInvariant(SANDBOX);

/** The renewal page of a VIN, a plan chosen, "Renew now": the checkout opens. */
export async function renew(page: Page, options: { vin: string; locale: string; plan: RegExp; renewLabel?: string }) {
  await page.goto(`/${options.locale}/service/cn-connected-navigation?carvin=${options.vin}`);
  await page.getByRole('radio', { name: options.plan }).check();
  await page
    .getByRole('button', { name: options.renewLabel ?? 'Renew now' })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`/${options.locale}/checkout`));
}

/** A guest's e-mail, a GB address typed in manually and the digital method: the billing step is open. */
export async function guestToBilling(page: Page) {
  await page.getByLabel('Email address').fill('gus.guest@example.com');
  await page.getByRole('button', { name: 'Continue as guest' }).click();
  await page.getByLabel('First name').fill('Gus');
  await page.getByLabel('Last name').fill('Guest');
  await page.getByRole('button', { name: 'Add address manually' }).click();
  await page.getByLabel('Address line 1').fill('1 High Street');
  await page.getByLabel('Town or city').fill('London');
  await page.getByLabel('Postal code').fill('SW1A 1AA');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
}

/**
 * From the checkout's login step: alex signs in at the identity provider's own page (the sandbox's),
 * comes back to the checkout, types a GB address and takes the digital method: the billing step is open.
 */
export async function alexToBilling(page: Page) {
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await page.getByLabel('Email address').fill('alex.owner@example.com');
  await page.getByLabel('Password').fill('Sandbox-Pass-1');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/en-GB\/checkout/);
  await page.getByLabel('First name').fill('Alex');
  await page.getByLabel('Last name').fill('Owner');
  await page.getByRole('button', { name: 'Add address manually' }).click();
  await page.getByLabel('Address line 1').fill('10 Downing Street');
  await page.getByLabel('Town or city').fill('London');
  await page.getByLabel('Postal code').fill('SW1A 2AA');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
}

/** guestToBilling, then the same billing address: the payment step is open. */
export async function guestDetails(page: Page) {
  await guestToBilling(page);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByLabel('Card number')).toBeVisible();
}

/** A guest in fr-FR (an Adyen market) renews vehicle 4 and gives a Paris address: the payment step is open. */
export async function frenchGuestToPayment(page: Page) {
  await renew(page, {
    vin: 'ZAAAA1000AA000004',
    locale: 'fr-FR',
    plan: /12 mois/,
    renewLabel: 'Renouveler maintenant',
  });
  await page.getByLabel('Adresse e-mail').fill('gus.guest@example.com');
  await page.getByRole('button', { name: "Continuer en tant qu'invité" }).click();
  await page.getByLabel('Prénom').fill('Gus');
  await page.getByLabel('Nom', { exact: true }).fill('Guest');
  await page.getByRole('button', { name: "Saisir l'adresse manuellement" }).click();
  await page.getByLabel('Adresse (ligne 1)').fill('8 Rue de Rivoli');
  await page.getByLabel('Ville').fill('Paris');
  await page.getByLabel('Code postal').fill('75004');
  for (let step = 0; step < 3; step++) await page.getByRole('button', { name: 'Continuer' }).click();
}

export async function payWithCard(page: Page, number: string) {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry date').fill('12/30');
  await page.getByLabel('Security code').fill('123');
  await page.getByLabel('Cardholder name').fill('Gus Guest');
  await page.getByRole('button', { name: /^Pay / }).click();
}

export async function expectConfirmation(page: Page, title = 'Thank you for your order') {
  await expect(page).toHaveURL(/\/confirmation\/\d+/);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText(/\d{8}/).first()).toBeVisible();
}

/** The Dutch catalogue the shop ships: the labels of an nl-NL page. */
export const nl = (await import('../../catalogues/nl.json', { with: { type: 'json' } })).default;

/** A guest in nl-NL renews vehicle 8 and gives an Amsterdam address: the payment step is open. */
export async function dutchGuestToPayment(page: Page) {
  await page.goto('/nl-NL/service/cn-connected-navigation?carvin=ZAAAA1000AA000008');
  await page.getByRole('radio').first().check();
  await page.getByRole('button', { name: nl.renewal.renewNow }).first().click();
  await expect(page).toHaveURL(/\/nl-NL\/checkout/);
  await page.getByLabel(nl.checkout.login.email).fill('gus.guest@example.com');
  await page.getByRole('button', { name: nl.checkout.login.continueAsGuest }).click();
  await page.getByLabel(nl.address.firstName).fill('Gus');
  await page.getByLabel(nl.address.lastName).fill('Guest');
  await page.getByRole('button', { name: nl.address.addManually }).click();
  await page.getByLabel(nl.address.address1).fill('Damrak 1');
  await page.getByLabel(nl.address.city).fill('Amsterdam');
  await page.getByLabel(nl.address.postalCode).fill('1012 LG');
  for (let step = 0; step < 3; step += 1) {
    await page.getByRole('button', { name: nl.checkout.continue, exact: true }).click();
  }
}

/** Axe finds no violations of WCAG 2.1 A and AA on the page as it is now (issue 4). */
export async function expectNoViolations(page: Page, what: string) {
  const axe = new AxeBuilder({ page })
    // Violations in full; of the passes, axe keeps one node per rule instead of every node (issue 32).
    // Before the tags: options() replaces them.
    .options({ resultTypes: ['violations'] })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  // A page without frames has no frame results to merge: axe runs once in the page, instead of in each
  // frame and then again in a blank page opened to merge them. The payment step's provider frames keep
  // the whole run. Half a second less per scan, of about two (issue 32).
  if (page.frames().length === 1) axe.setLegacyMode(true);
  const result = await axe.analyze();
  const found = result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(found, `axe on ${what}`).toEqual([]);
}

/** WCAG 1.4.10 Reflow: at 320 CSS pixels wide the page needs no sideways scrolling. */
export async function expectReflow(page: Page, what: string) {
  const before = page.viewportSize();
  await page.setViewportSize({ width: 320, height: 640 });
  // The header's compact form follows the media query (lib/media.ts): let the resize settle.
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth), {
      message: `page width at 320px on ${what}`,
    })
    .toBeLessThanOrEqual(320);
  if (before) await page.setViewportSize(before);
}

/**
 * Answers Google's Tag Manager hosts with `script` as gtm.js (no request leaves the machine); the
 * container ids asked for, in order (issues 15, 34).
 */
export async function stubTagManager(page: Page, script: string): Promise<string[]> {
  const loads: string[] = [];
  await page.route(/^https:\/\/[a-z.]*googletagmanager\.com\//, async (route) => {
    loads.push(new URL(route.request().url()).searchParams.get('id') ?? '');
    await route.fulfill({ contentType: 'application/javascript', body: script });
  });
  return loads;
}
