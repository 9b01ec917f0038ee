/**
 * Issue 15, digital wallets: Google Pay and Apple Pay through the market's provider (storefront §7,
 * §9 wallet values, §8 gPay-error and aPay-error). In sandbox mode the sandbox wallet sheet stands in
 * for the browser's: it shows the recurring-payment request, Cancel pays nothing, Pay yields the
 * wallet token through the sandbox provider. The confirmation and the account's order detail show
 * the wallet.
 */
import { expect, test, type Page } from '@playwright/test';
import {
  alexToBilling,
  expectConfirmation,
  expectNoMoneyLost,
  frenchGuestToPayment,
  guestDetails,
  renew,
  resetSandbox,
} from './support.ts';

test.beforeEach(resetSandbox);
test.afterEach(expectNoMoneyLost);

/** Chooses the wallet among the payment methods and opens its sheet. */
async function openSheet(page: Page, wallet: 'Google Pay' | 'Apple Pay', payWith = `Pay with ${wallet}`) {
  await page
    .getByRole('group', { name: /^(Payment method|Moyen de paiement)$/ })
    .last()
    .getByRole('radio', { name: wallet })
    .check();
  await page.getByRole('button', { name: payWith }).click();
  return page.getByRole('dialog', { name: new RegExp(`^${wallet} \\(sandbox\\)$`) });
}

test('a guest in en-GB pays with Google Pay: the sheet shows the recurring request, Cancel pays nothing, Pay reaches the confirmation', async ({
  page,
}) => {
  await renew(page, { vin: 'ZAAAA1000AA000001', locale: 'en-GB', plan: /12 months/ });
  await guestDetails(page);
  const sheet = await openSheet(page, 'Google Pay');
  await expect(sheet.getByText('Subscription', { exact: true })).toBeVisible();
  await expect(sheet.getByText(/^Payment for basket n\. \S+$/)).toBeVisible();
  await expect(sheet.getByText(/^http:\/\/[^/]+\/en-GB\/payment-confirmation$/)).toBeVisible();
  await sheet.getByRole('button', { name: 'Cancel' }).click();
  await expect(sheet).toBeHidden();
  await expect(page).toHaveURL(/\/en-GB\/checkout/);

  await page.getByRole('button', { name: 'Pay with Google Pay' }).click();
  await expect(sheet.getByRole('radio', { name: 'Visa •••• 4242' })).toBeChecked();
  await sheet.getByRole('button', { name: 'Pay', exact: true }).click();
  await expectConfirmation(page);
  await expect(page.getByText(/^Google Pay, visa ending in 4242$/)).toBeVisible();
});

test('a guest in en-GB pays with Apple Pay and a card the bank declines: the Apple Pay modal, and the checkout stays', async ({
  page,
}) => {
  await renew(page, { vin: 'ZAAAA1000AA000001', locale: 'en-GB', plan: /12 months/ });
  await guestDetails(page);
  const sheet = await openSheet(page, 'Apple Pay');
  await sheet.getByRole('radio', { name: 'Visa •••• 0002 (declined by the bank)' }).check();
  await sheet.getByRole('button', { name: 'Pay', exact: true }).click();
  const modal = page.getByRole('dialog', { name: 'Apple Pay payment failed' });
  await expect(modal).toBeVisible();
  await modal.getByRole('button', { name: 'Try again' }).last().click();
  await expect(page).toHaveURL(/\/en-GB\/checkout/);
  await expect(page.getByRole('button', { name: 'Pay with Apple Pay' })).toBeVisible();
});

test('a guest in fr-FR (Adyen) pays with Google Pay and reaches the confirmation', async ({ page }) => {
  await frenchGuestToPayment(page);
  const sheet = await openSheet(page, 'Google Pay', 'Payer avec Google Pay');
  await sheet.getByRole('button', { name: 'Payer', exact: true }).click();
  await expectConfirmation(page, 'Merci pour votre commande');
  await expect(page.getByText(/^Google Pay, visa/)).toBeVisible();
});

test("alex pays with Google Pay, and his account's order detail shows Google Pay", async ({ page }) => {
  await renew(page, { vin: 'ZAAAA1000AA000001', locale: 'en-GB', plan: /12 months/ });
  await alexToBilling(page);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('radio', { name: 'A new card or payment method' }).check();
  const sheet = await openSheet(page, 'Google Pay');
  await sheet.getByRole('button', { name: 'Pay', exact: true }).click();
  await expectConfirmation(page);
  const orderNo = (await page.getByText(/\d{8}/).first().textContent())?.match(/\d{8}/)?.[0] ?? '';
  await page.goto('/en-GB/account/my-orders');
  await page.getByRole('link', { name: `View order ${orderNo}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Order ${orderNo}` })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Payment method' })).toContainText('Google Pay');
});
