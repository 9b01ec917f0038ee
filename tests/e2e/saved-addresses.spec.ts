/**
 * Issue 14, storefront §6 "Registered customers get saved addresses … Guest checkout saves no
 * addresses": alex is offered his saved addresses at the billing step; choosing one fills the form.
 */
import { expect, test } from '@playwright/test';
import { guestToBilling, renew, resetSandbox } from './support.ts';

test.beforeEach(resetSandbox);

test('alex, signed in, chooses his saved work address as the billing address', async ({ page }) => {
  await renew(page, { vin: 'ZAAAA1000AA000001', locale: 'en-GB', plan: /12 months/ });
  await page.getByRole('button', { name: 'Log in' }).click();
  // The identity provider's own sign-in page (the sandbox's).
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
  await page.getByLabel('Same as shipping address').uncheck();
  const saved = page.getByRole('group', { name: 'Saved addresses' });
  await expect(saved.getByRole('radio', { name: 'Enter a new address' })).toBeChecked();
  await saved.getByRole('radio', { name: /1 Canada Square/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByLabel('Card number')).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'Billing address' })).toContainText('1 Canada Square');
  await expect(page.getByRole('listitem').filter({ hasText: 'Billing address' })).toContainText('E14 5AB');
});

test('a guest is offered no saved address', async ({ page }) => {
  await renew(page, { vin: 'ZAAAA1000AA000001', locale: 'en-GB', plan: /12 months/ });
  await guestToBilling(page);
  await page.getByLabel('Same as shipping address').uncheck();
  await expect(page.getByRole('searchbox', { name: 'Find your address' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Saved addresses' })).toHaveCount(0);
});
