/**
 * Issue 14, storefront §6 "Registered customers get saved addresses … Guest checkout saves no
 * addresses": alex is offered his saved addresses at the billing step; choosing one fills the form.
 */
import { expect, test } from '@playwright/test';
import { alexToBilling, guestToBilling, renew, resetSandbox } from './support.ts';

test.beforeEach(resetSandbox);

test('alex, signed in, chooses his saved work address as the billing address', async ({ page }) => {
  await renew(page, { vin: 'ZAAAA1000AA000001', locale: 'en-GB', plan: /12 months/ });
  await alexToBilling(page);
  await page.getByLabel('Same as shipping address').uncheck();
  const saved = page.getByRole('group', { name: 'Saved addresses' });
  await expect(saved.getByRole('radio', { name: 'Enter a new address' })).toBeChecked();
  await saved.getByRole('radio', { name: /1 Canada Square/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  // The payment step is open: alex's saved card comes chosen (storefront §6, saved-card.spec.ts).
  await expect(page.getByRole('radio', { name: /^Saved card/ })).toBeChecked();
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
