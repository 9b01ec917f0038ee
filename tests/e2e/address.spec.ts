/** Issue 4 journey 6: the address lookup fills the address; unavailable, the form falls back to manual entry. */
import { expect, test } from '@playwright/test';
import { renew, resetSandbox, sandbox } from './support.ts';

test.beforeEach(resetSandbox);

async function toShippingAddress(page: import('@playwright/test').Page) {
  await renew(page, { vin: 'ZAAAA1000AA000001', locale: 'en-GB', plan: /12 months/ });
  await page.getByLabel('Email address').fill('gus.guest@example.com');
  await page.getByRole('button', { name: 'Continue as guest' }).click();
  await page.getByLabel('First name').fill('Gus');
  await page.getByLabel('Last name').fill('Guest');
}

test('journey 6: the address lookup finds and fills an address', async ({ page }) => {
  await toShippingAddress(page);
  await expect(page.getByText('Enter full address or postcode.')).toBeVisible();
  await page.getByLabel('Find your address').fill('SW1A 2AA');
  await page.getByRole('button', { name: /10 Downing Street/ }).click();
  await expect(page.getByLabel('Address line 1')).toHaveValue(/Downing Street/);
  await expect(page.getByLabel('Town or city')).toHaveValue('London');
  await expect(page.getByLabel('Postal code')).toHaveValue('SW1A 2AA');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText(/Downing Street/).first()).toBeVisible();
});

test('journey 6: with the lookup unavailable, the form falls back to manual entry with its message', async ({
  page,
}) => {
  await sandbox('PUT', '/__sandbox/faults/loqate', { status: 500 });
  await toShippingAddress(page);
  await expect(
    page.getByText('Address lookup service is unavailable. Please enter your address manually.'),
  ).toBeVisible();
  await expect(page.getByLabel('Address line 1')).toBeVisible();
  await expect(page.getByLabel('Find your address')).toHaveCount(0);
});
