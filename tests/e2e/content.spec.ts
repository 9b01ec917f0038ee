/** The mini-cart, the FAQ page with "View all" from the renewal page, and the terms page (storefront §2). */
import { expect, test } from '@playwright/test';
import { renew, resetSandbox } from './support.ts';

test.beforeEach(resetSandbox);

test('the mini-cart shows "Basket is empty", then the renewed plan with "Basket Total:" and closes itself after 3 s', async ({
  page,
}) => {
  await page.goto('/en-GB/home');
  await page.getByRole('button', { name: /Basket/ }).click();
  await expect(page.getByText('Basket is empty')).toBeVisible();
  await renew(page, { vin: 'ZAAAA1000AA000001', locale: 'en-GB', plan: /24 months/ });
  await page.goto('/en-GB/home');
  const toggle = page.getByRole('button', { name: 'Basket (1 item)' });
  // Hovering opens the mini-cart once the page's script runs: a pointer that arrived while the
  // server-rendered page was still hydrating (a full run under load, 2026-11-29) moves off and back,
  // as a person's would.
  await page.waitForLoadState('networkidle');
  await expect(async () => {
    await page.mouse.move(0, 500);
    await toggle.hover();
    await expect(page.getByText('Basket Total:')).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 10_000 });
  await expect(page.getByRole('link', { name: 'Checkout' })).toBeVisible();
  await page.mouse.move(0, 500);
  await expect(page.getByText('Basket Total:')).toBeHidden({ timeout: 5000 });
  // On a 320px phone the opened mini-cart lies wholly on the screen.
  await page.setViewportSize({ width: 320, height: 640 });
  await toggle.click();
  const panel = await page.locator('.mini-cart__panel').boundingBox();
  expect(panel!.x).toBeGreaterThanOrEqual(0);
  expect(panel!.x + panel!.width).toBeLessThanOrEqual(320);
});

test('"View all" on the renewal page opens the help centre, which searches and goes back', async ({ page }) => {
  await page.goto('/en-GB/service/cn-connected-navigation?carvin=ZAAAA1000AA000001');
  await page.getByRole('link', { name: 'View all' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Help centre' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Top questions' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Need any help?' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Home' })).toBeVisible();
  await page.getByLabel('Search the FAQs').fill('refund');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Results for “refund”' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: /refund/i }).first()).toBeVisible();
  await page.getByRole('link', { name: 'Back to the previous page' }).click();
  await expect(page).toHaveURL(/\/en-GB\/service\/cn-connected-navigation\?carvin=ZAAAA1000AA000001/);
});

test('the terms page shows the purchase terms from the content library', async ({ page }) => {
  await page.goto('/en-GB/terms-conditions');
  await expect(page.getByRole('heading', { level: 1, name: 'Terms and conditions' })).toBeVisible();
  await expect(page.getByText(/Right of withdrawal/)).toBeVisible();
});

test('the product list for a VIN shows the vehicle, its picture and its services, each to its renewal page', async ({
  page,
}) => {
  await page.goto('/en-GB/service?carvin=ZAAAA1000AA000001');
  await expect(page.getByRole('heading', { level: 1, name: 'Services for your vehicle' })).toBeVisible();
  await expect(page.getByText('Aurora Sport Tourer')).toBeVisible();
  // The feature image: the vehicle's picture, loaded (not a broken link). Its bytes may still be on
  // their way when the src is set, so the check waits for the load.
  const picture = page.locator('img.product-list__image');
  await expect(picture).toHaveAttribute('src', /my-services-sport-tourer/);
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await expect(page.getByRole('link', { name: 'Renew Adaptive Cruise Control' })).toBeVisible();
  await page.getByRole('link', { name: 'Renew Connected Navigation' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Renew Your Connected Navigation' })).toBeVisible();
  await page.goto('/en-GB/services');
  await expect(page.getByText('No services were found for this vehicle.')).toBeVisible();
});

test('the ADAS page /product offers Adaptive Cruise Control, whose trial ended, for a one-time fee', async ({
  page,
}) => {
  await page.goto('/en-GB/product?carvin=ZAAAA1000AA000001');
  await expect(page.getByRole('heading', { level: 1, name: 'Renew Your Adaptive Cruise Control' })).toBeVisible();
  await expect(page.getByText('This service has expired').first()).toBeVisible();
  await expect(page.getByText('/ one-time fee')).toBeVisible();
  await page.getByRole('radio', { name: /One-time purchase/ }).check();
  await page.getByRole('button', { name: 'Renew now' }).first().click();
  await expect(page).toHaveURL(/\/en-GB\/checkout/);
  await expect(
    page.getByRole('complementary', { name: 'Order summary' }).getByText('Adaptive Cruise Control'),
  ).toBeVisible();
});

test('on a phone the renewal page keeps a checkout bar fixed at the bottom: the chosen plan’s price and Renew now (storefront §2)', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/en-GB/service/cn-connected-navigation?carvin=ZAAAA1000AA000001');
  const bar = page.getByRole('region', { name: 'Checkout' });
  await expect(bar).toBeVisible();
  await page.getByRole('radio', { name: /12 months/ }).check();
  await expect(bar).toContainText('£99');
  // Fixed: at the bottom of the screen wherever the page is scrolled.
  await page.mouse.wheel(0, 1500);
  await expect.poll(async () => Math.round((await bar.boundingBox())!.y + (await bar.boundingBox())!.height)).toBe(740);
  await bar.getByRole('button', { name: 'Renew now' }).click();
  await expect(page).toHaveURL(/\/en-GB\/checkout/);
  // From md (48rem) up, the page's own Renew now is beside the plans: no bar.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/en-GB/service/cn-connected-navigation?carvin=ZAAAA1000AA000001');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Checkout' })).toBeHidden();
});
