/**
 * Issue 4 accessibility: axe finds no violations on the storefront pages (WCAG 2.1 A and AA rules),
 * and they reflow to 320 CSS pixels without sideways scrolling (WCAG 1.4.10, which axe cannot test).
 */
import { expect, test } from '@playwright/test';
import {
  expectNoMoneyLost,
  expectNoViolations,
  expectReflow,
  guestDetails,
  payWithCard,
  renew,
  resetSandbox,
} from './support.ts';

test.beforeEach(resetSandbox);
test.afterEach(expectNoMoneyLost);

const STATIC_PAGES: Array<[string, string]> = [
  ['/en-GB/home', 'h1'],
  ['/en-GB/service/cn-connected-navigation?carvin=ZAAAA1000AA000001', '.plan-selector'],
  ['/en-GB/service/cn-connected-navigation?carvin=ZAAAA1000AA000003', '.up-to-date'],
  ['/en-GB/vin-error', 'h1'],
  ['/en-GB/invalid-market-vin', 'h1'],
  ['/en-GB/invalid-brand-vin', 'h1'],
  ['/en-GB/generic-error', 'h1'],
  ['/en-GB/internal-server-error', 'h1'],
  ['/en-GB/maintenance', 'h1'],
  ['/en-GB/restricted-access', 'h1'],
  ['/en-GB/no-such-page', 'h1'],
  ['/en-GB/faqs', '.accordion'],
  ['/en-GB/terms-conditions', '.content-body'],
  ['/be/', '.splash'],
  ['/en-GB/service?carvin=ZAAAA1000AA000001', '.product-grid'],
  ['/fr-FR/service/cn-connected-navigation?carvin=ZAAAA1000AA000004', '.plan-selector'],
  ['/en-GB/test', 'form'],
  ['/en-GB/uikit', '.accordion'],
  ['/en-GB/loqate', 'form'],
  ['/en-GB/test-errors', 'ul'],
  ['/en-GB/test-multisite-components', '.dev-brand'],
  ['/en-GB/cookie-preferences', 'form'],
  ['/es-ES/test-override', 'dl'],
];

for (const [path, ready] of STATIC_PAGES) {
  test(`axe: ${path}`, async ({ page }) => {
    await page.goto(path);
    await page.locator(ready).first().waitFor();
    await expectNoViolations(page, path);
    await expectReflow(page, path);
  });
}

test('reflow in the longer languages: German, Dutch and Italian pages fit 320px too', async ({ page }) => {
  for (const path of ['/de-DE/home', '/nl-NL/home', '/it-IT/home', '/de-DE/restricted-access', '/cs-CZ/faqs']) {
    await page.goto(path);
    await page.locator('h1').first().waitFor();
    await expectReflow(page, path);
  }
});

test('axe: every checkout step, the plan error and the countries dialog, the payment error modal and the confirmation', async ({
  page,
}) => {
  await page.goto('/en-GB/service/cn-connected-navigation?carvin=ZAAAA1000AA000001');
  await page.getByRole('button', { name: 'Renew now' }).first().click();
  await expect(page.getByRole('alert')).toContainText('Plan selector error');
  await expectNoViolations(page, 'the plan selector error');
  await page.getByRole('button', { name: 'View countries included' }).click();
  await expectNoViolations(page, 'the countries dialog');
  await page.keyboard.press('Escape');
  await renew(page, { vin: 'ZAAAA1000AA000001', locale: 'en-GB', plan: /12 months/ });
  await expectNoViolations(page, 'checkout, login step');
  await expectReflow(page, 'checkout, login step');
  await guestDetails(page);
  await expectNoViolations(page, 'checkout, payment step');
  await expectReflow(page, 'checkout, payment step');
  await payWithCard(page, '4000 0000 0000 0002');
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectNoViolations(page, 'the payment error modal');
  await page.getByRole('dialog').getByRole('button', { name: 'Try again' }).last().click();
  await payWithCard(page, '4242 4242 4242 4242');
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your order' })).toBeVisible();
  await expectNoViolations(page, 'the confirmation');
  await expectReflow(page, 'the confirmation');
});

test('keyboard alone: the renewal journey from plan to checkout', async ({ page }) => {
  await page.goto('/en-GB/service/cn-connected-navigation?carvin=ZAAAA1000AA000001');
  await page.locator('.plan-selector').waitFor();
  await page.getByRole('radio', { name: /12 months/ }).focus();
  await page.keyboard.press('Space');
  await page.getByRole('button', { name: 'Renew now' }).first().focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/en-GB\/checkout/);
  await page.getByLabel('Email address').focus();
  await page.keyboard.type('keys@example.com');
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('First name')).toBeVisible();
});

test('axe and 320px reflow on every account page, signed in, with the manage and delete dialogs open', async ({
  page,
}) => {
  await page.goto('/en-GB/account/my-subscriptions');
  await page.getByLabel('Email address').fill('alex.owner@example.com');
  await page.getByLabel('Password').fill('Sandbox-Pass-1');
  await page.getByRole('button', { name: 'Sign in' }).click();
  // The sign-in completes on the shop's callback page first: only then is the session signed in.
  await expect(page.getByRole('heading', { level: 1, name: 'My subscriptions' })).toBeVisible();
  const pages: Array<[string, string]> = [
    ['/en-GB/account/my-overview', 'My overview'],
    ['/en-GB/account/my-subscriptions', 'My subscriptions'],
    ['/en-GB/account/my-orders', 'My orders'],
    ['/en-GB/account/my-orders/1OsSB0000000015AAA/00001015', 'Order 00001015'],
    ['/en-GB/account/my-payment-method', 'Payment details'],
    ['/en-GB/account/my-payment-method/edit-payment-method', 'Edit payment method'],
    ['/en-GB/account/my-payment-method/edit-billing-address', 'Edit billing address'],
    ['/en-GB/account/need-help', 'Help & Support'],
    ['/fr-FR/account/my-subscriptions', 'Mes abonnements'],
  ];
  for (const [path, heading] of pages) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expectNoViolations(page, path);
    await expectReflow(page, path);
  }
  // Edit payment method's second step (account §2): the card form after the billing address.
  await page.goto('/en-GB/account/my-payment-method/edit-payment-method');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('button', { name: 'Save payment method' })).toBeVisible();
  await expectNoViolations(page, 'edit-payment-method, card step');
  await expectReflow(page, 'edit-payment-method, card step');
  await page.goto('/en-GB/account/my-subscriptions');
  await page
    .getByRole('button', { name: /^Manage/ })
    .first()
    .click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectNoViolations(page, 'the manage modal');
  await page.keyboard.press('Escape');
  await page.goto('/en-GB/account/my-payment-method');
  await page.getByRole('button', { name: 'Delete Payment Method' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectNoViolations(page, 'the delete modal');
});

test('axe and 320px reflow on Add payment method, signed in as kim, who has no payment method (account §2)', async ({
  page,
}) => {
  await page.goto('/en-GB/account/my-subscriptions');
  await page.getByLabel('Email address').fill('kim.driver@example.com');
  await page.getByLabel('Password').fill('Sandbox-Pass-1');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'My subscriptions' })).toBeVisible();
  const path = '/en-GB/account/my-payment-method/add-payment-method';
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: 'Add payment method' })).toBeVisible();
  // No billing address yet: the address form opens on its lookup.
  await expect(page.getByRole('button', { name: 'Add address manually' })).toBeVisible();
  await expectNoViolations(page, path);
  await expectReflow(page, path);
});
