/** Issue 4 journeys 5 and 7: the VIN error pages, the thank-you screen, locale prefixes, offline, maintenance. */
import { expect, test } from '@playwright/test';
import { resetSandbox, sandbox } from './support.ts';

test.beforeEach(resetSandbox);

const service = (vin: string, locale = 'en-GB') => `/${locale}/service/cn-connected-navigation?carvin=${vin}`;

test('journey 5: an unknown VIN leads to the VIN error page with its VIN input', async ({ page }) => {
  await page.goto(service('ZAAAA1000AA999999'));
  await expect(page).toHaveURL(/\/en-GB\/vin-error/);
  await expect(page.getByRole('heading', { name: "We couldn't find your vehicle" })).toBeVisible();
  await page.getByLabel('Vehicle identification number (VIN)').fill('ZAAAA1000AA000001');
  await page.getByRole('button', { name: 'Check subscriptions' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Renew Your Connected Navigation' })).toBeVisible();
});

test('journey 5: a French vehicle in en-GB leads to the invalid-market page', async ({ page }) => {
  await page.goto(service('ZAAAA1000AA000004'));
  await expect(page).toHaveURL(/\/en-GB\/invalid-market-vin/);
  await expect(page.getByRole('heading', { name: 'This vehicle belongs to another country' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to country website' })).toBeVisible();
});

test('journey 5: a borealis vehicle on the aurora shop leads to the invalid-brand page with VIN and model', async ({
  page,
}) => {
  await page.goto(service('ZBBBB1000BB000006'));
  await expect(page).toHaveURL(/\/en-GB\/invalid-brand-vin/);
  await expect(page.getByRole('heading', { name: 'This vehicle belongs to another brand' })).toBeVisible();
  await expect(page.getByText('ZBBBB1000BB000006')).toBeVisible();
  await expect(page.getByText('Borealis Crossover')).toBeVisible();
});

test('journey 5: ZAAAA1000AA000003 is up to date and shows the thank-you screen', async ({ page }) => {
  await page.goto(service('ZAAAA1000AA000003'));
  await expect(page.getByRole('heading', { name: 'Thank you' })).toBeVisible();
  await expect(page.getByText('Your subscriptions are up to date for this vehicle:')).toBeVisible();
  await expect(page.getByRole('button', { name: 'View Account' })).toBeVisible();
});

test('journey 7: locale prefixes give the page in that language', async ({ page }) => {
  await page.goto(service('ZAAAA1000AA000004', 'fr-FR'));
  await expect(page.getByRole('heading', { level: 1, name: 'Renouvelez votre Navigation connectée' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr-FR');
  await page.goto('/de-DE/vin-error');
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText("We couldn't find your vehicle");
  await expect(page.locator('html')).toHaveAttribute('lang', 'de-DE');
});

test('journey 7: the language splash page for /be/ offers Dutch and French and remembers the choice', async ({
  page,
}) => {
  await page.goto('/be/');
  await expect(page.getByRole('heading', { level: 1, name: 'Taalselectie' })).toBeVisible();
  await expect(page.getByText('Selecteer een taal om verder te gaan naar de webshop')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Français' })).toBeVisible();
  await page.getByRole('button', { name: 'Nederlands' }).click();
  await expect(page).toHaveURL(/\/nl-BE\/home\?site=aurora/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'nl-BE');
  // The stored choice redirects at once next time.
  await page.goto('/be/');
  await expect(page).toHaveURL(/\/nl-BE\/home/);
  // A country without a splash page is not a page.
  await page.goto('/zz/');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});

test('journey 7: offline, the offline banner shows', async ({ page, context }) => {
  await page.goto('/en-GB/home');
  // The app starts once the page has painted (main.tsx); the shopper goes offline while using it.
  await page.waitForLoadState('networkidle');
  await context.setOffline(true);
  await expect(page.getByText("You're currently browsing in offline mode")).toBeVisible();
  await context.setOffline(false);
  await expect(page.getByText("You're currently browsing in offline mode")).toBeHidden();
});

test('journey 7: in maintenance, the shop goes to the maintenance page', async ({ page }) => {
  await sandbox('POST', '/commerce/__sandbox/maintenance', { on: true });
  await page.goto('/en-GB/home');
  await expect(page).toHaveURL(/\/en-GB\/maintenance/);
  await expect(page.getByRole('heading', { name: "We'll be back soon" })).toBeVisible();
});
