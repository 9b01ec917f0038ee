/**
 * Issue 14, storefront §6 "Registered customers get saved addresses and saved payment methods": at the
 * payment step alex is offered the card his account keeps (the sandbox's Visa ending 4242 of his
 * Stripe customer) and pays with it without typing a card; "A new card or payment method" brings the
 * card form back.
 */
import { expect, test } from '@playwright/test';
import { alexToBilling, expectConfirmation, expectNoMoneyLost, renew, resetSandbox } from './support.ts';

test.beforeEach(resetSandbox);
test.afterEach(expectNoMoneyLost);

test('alex, signed in, pays for his renewal with his saved card', async ({ page }) => {
  await renew(page, { vin: 'ZAAAA1000AA000001', locale: 'en-GB', plan: /12 months/ });
  await alexToBilling(page);
  await page.getByRole('button', { name: 'Continue' }).click();
  const method = page.getByRole('group', { name: 'Payment method' });
  const saved = method.getByRole('radio', { name: 'Saved card: visa ending in 4242, expires 12/2030' });
  await expect(saved).toBeChecked();
  await expect(page.getByLabel('Card number')).toHaveCount(0);
  // Another card is one choice away, and back.
  await method.getByRole('radio', { name: 'A new card or payment method' }).check();
  await expect(page.getByLabel('Card number')).toBeVisible();
  await saved.check();
  await page.getByRole('button', { name: /^Pay / }).click();
  await expectConfirmation(page);
  await expect(page.getByText('ending in 4242').first()).toBeVisible();
});
