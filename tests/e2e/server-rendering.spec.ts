/**
 * Issue 12: pages painted from the server. Without JavaScript the pages read (renewal details,
 * prices, FAQ text, error pages) and the renew form works; with it, they hydrate without a mismatch (a
 * mismatch would make React render the page anew and drop what the shopper did meanwhile).
 */
import { expect, test } from '@playwright/test';
import { resetSandbox } from './support.ts';

test.beforeEach(async () => {
  await resetSandbox();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the renewal page reads, and "Renew now" with a plan opens the checkout with the plan', async ({ page }) => {
    await page.goto('/en-GB/service/cn-connected-navigation?carvin=ZAAAA1000AA000001');
    await expect(page.getByRole('heading', { level: 1, name: 'Renew Your Connected Navigation' })).toBeVisible();
    await expect(page.getByText('expires soon: renew by')).toBeVisible();
    await expect(page.getByText('All prices include VAT')).toBeVisible();
    await page.getByRole('button', { name: 'Renew now' }).first().click();
    // No plan: the page again, with the plan selector's error (storefront §4).
    await expect(page.getByRole('alert')).toContainText('Plan selector error');
    await page.getByRole('radio', { name: /24 months/ }).check();
    await page.getByRole('button', { name: 'Renew now' }).first().click();
    await expect(page).toHaveURL(/\/en-GB\/checkout$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
    await expect(page.getByRole('complementary').getByText('£179').first()).toBeVisible();
    // The guest's e-mail form posts to the server too: a wrong address says so, a right one moves on.
    await page.getByLabel('Email address').fill('not-an-address');
    await page.getByRole('button', { name: 'Continue as guest' }).click();
    await expect(page).toHaveURL(/\/en-GB\/checkout\?emailError=invalid$/);
    await expect(page.getByRole('alert')).toBeVisible();
    await page.getByLabel('Email address').fill('keys@example.com');
    await page.getByRole('button', { name: 'Continue as guest' }).click();
    await expect(page).toHaveURL(/\/en-GB\/checkout$/);
    await expect(page.getByLabel('First name')).toBeVisible();
  });

  test('the help centre reads, and a question opens its answer', async ({ page }) => {
    // "View all" on the renewal page names the page to go back to (storefront §2: the originating path in navigation state, and in ?from= for the browser).
    await page.goto('/en-GB/service/cn-connected-navigation?carvin=ZAAAA1000AA000001');
    await page.getByRole('link', { name: 'View all' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Help centre' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Top questions' })).toBeVisible();
    const question = page.getByRole('heading', { level: 3 }).first();
    await expect(question).toBeVisible();
    const item = page.locator('details.accordion__item').first();
    await expect(item.locator('.accordion__panel')).toBeHidden();
    await question.click();
    await expect(item.locator('.accordion__panel')).toBeVisible();
    await expect(item.locator('.accordion__panel')).not.toBeEmpty();
    // The search form works before (or without) the app: the browser sends ?q= and the server answers.
    await page.getByLabel('Search the FAQs').fill('refund');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/\/en-GB\/faqs\?from=.*&q=refund$/);
    await expect(page.getByRole('heading', { level: 2, name: 'Results for “refund”' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 3, name: /refund/i }).first()).toBeVisible();
    await page.getByRole('link', { name: 'Back to the previous page' }).click();
    await expect(page).toHaveURL(/\/en-GB\/service\/cn-connected-navigation\?carvin=ZAAAA1000AA000001$/);
  });

  test('an unknown VIN answers the VIN error page, and a page that does not exist says so', async ({ page }) => {
    await page.goto('/en-GB/service/cn-connected-navigation?carvin=ZAAAA1000AA999999');
    await expect(page).toHaveURL(/\/en-GB\/vin-error$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // Its VIN form opens the renewal page for the VIN typed.
    await page.getByLabel('Vehicle identification number (VIN)').fill('ZAAAA1000AA000001');
    await page.getByRole('button', { name: 'Check subscriptions' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Renew Your Connected Navigation' })).toBeVisible();
    const missing = await page.goto('/en-GB/no-such-page');
    expect(missing?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });
});

test('the server-rendered pages hydrate without a mismatch', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  for (const path of [
    '/en-GB/service/cn-connected-navigation?carvin=ZAAAA1000AA000001',
    '/fr-FR/service/cn-connected-navigation?carvin=ZAAAA1000AA000004',
    '/en-GB/terms-conditions',
    '/en-GB/faqs',
    '/en-GB/vin-error',
    '/en-GB/home',
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
  }
  // The checkout with a basket, rendered on the server from the session's basket.
  await page.goto('/en-GB/service/cn-connected-navigation?carvin=ZAAAA1000AA000001');
  await page.getByRole('radio', { name: /12 months/ }).check();
  await page.getByRole('button', { name: 'Renew now' }).first().click();
  await expect(page).toHaveURL(/\/en-GB\/checkout$/);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(errors).toEqual([]);
});
