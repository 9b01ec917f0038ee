/**
 * Issue 14, storefront §6 (docs/decisions/016): a guest with no vehicle in the link or the session
 * who opens the checkout, the payment confirmation or a renewal page goes to the main page in a
 * region on VCS version 12 (GB) and to the login in one on 11 (CZ; /test outside production, §2);
 * a guest who came with a VIN reaches the checkout as before.
 */
import { expect, test } from '@playwright/test';
import { resetSandbox } from './support.ts';

test.beforeEach(resetSandbox);

test('a guest without a vehicle is sent to the main page (VCS 12) or the login (VCS 11)', async ({ page }) => {
  for (const [path, target] of [
    ['/en-GB/checkout', '/en-GB/home'],
    ['/en-GB/payment-confirmation', '/en-GB/home'],
    ['/en-GB/service/cn-connected-navigation', '/en-GB/home'],
    ['/cs-CZ/checkout', '/cs-CZ/test'],
    ['/cs-CZ/service/cn-connected-navigation', '/cs-CZ/test'],
  ] as const) {
    await page.goto(path);
    await expect(page).toHaveURL(new RegExp(`${target}$`));
  }
  // A navigation inside the app gets the same answer.
  await page.goto('/cs-CZ/home');
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => {
    window.history.pushState({}, '', '/cs-CZ/checkout');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(page).toHaveURL(/\/cs-CZ\/test$/);
});

test('a guest who came with a VIN reaches the checkout in a region on VCS 11', async ({ page }) => {
  await page.goto('/cs-CZ/service/cn-connected-navigation?carvin=ZAAAA1000AA000016');
  await page.getByRole('radio').first().check();
  await page.getByRole('button', { name: 'Obnovit nyní' }).first().click();
  await expect(page).toHaveURL(/\/cs-CZ\/checkout$/);
  await expect(page.getByLabel('E-mailová adresa')).toBeVisible();
});
