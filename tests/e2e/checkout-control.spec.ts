/**
 * Issue 14, the checkout control (docs/decisions/015; storefront §4 "An item counts as orderable 24
 * hours after its ordered date", §2 skipCheckoutControl on allow-listed hosts): once a guest has paid
 * a renewal, the same service of the same vehicle shows "We are currently processing your order.
 * Please check again later." instead of Renew now; `skipCheckoutControl=true` from an allow-listed
 * host (this one) lifts it.
 */
import { expect, test } from '@playwright/test';
import { expectConfirmation, expectNoMoneyLost, guestDetails, payWithCard, renew, resetSandbox } from './support.ts';

test.beforeEach(resetSandbox);
test.afterEach(expectNoMoneyLost);

const PAGE = '/en-GB/service/cn-connected-navigation?carvin=ZAAAA1000AA000001';
const IN_PROGRESS = 'We are currently processing your order. Please check again later.';

test('a renewal just paid is not offered again; skipCheckoutControl on an allow-listed host offers it', async ({
  page,
}) => {
  await renew(page, { vin: 'ZAAAA1000AA000001', locale: 'en-GB', plan: /12 months/ });
  await guestDetails(page);
  await payWithCard(page, '4242 4242 4242 4242');
  await expectConfirmation(page);

  await page.goto(PAGE);
  await expect(page.getByText(IN_PROGRESS).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Renew now' })).toHaveCount(0);

  await page.goto(`${PAGE}&skipCheckoutControl=true`);
  await page.getByRole('radio', { name: /12 months/ }).check();
  await page.getByRole('button', { name: 'Renew now' }).first().click();
  await expect(page).toHaveURL(/\/en-GB\/checkout/);
});
