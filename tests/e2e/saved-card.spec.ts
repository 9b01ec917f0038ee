/**
 * Issue 14, storefront §6 "Registered customers get saved addresses and saved payment methods": at the
 * payment step alex is offered the card his account keeps (the sandbox's Visa ending 4242 of his
 * Stripe customer) and pays with it without typing a card; "A new card or payment method" brings the
 * card form back.
 */
import { expect, test, type Page } from '@playwright/test';
import { alexToBilling, expectConfirmation, expectNoMoneyLost, renew, resetSandbox } from './support.ts';

test.beforeEach(resetSandbox);
test.afterEach(expectNoMoneyLost);

/** The journey, from the renewal page to the confirmation. */
async function paysWithSavedCard(page: Page) {
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
}

test('alex, signed in, pays for his renewal with his saved card', async ({ page }) => {
  await paysWithSavedCard(page);
});

/**
 * Issue 30: the login gives the session a new id. Every read the login's return page makes is
 * answered to the browser 1.5 s late (its request sent at once, the proxy's answer held on the way
 * back, as a slow network would): a read sent with the pre-login cookie would land after the login
 * and hand the browser the old cookie back, signing alex out mid-checkout. The return page holds its
 * reads until the login has answered (client/src/lib/api/read-hold.ts), so none is sent before.
 */
test('alex pays with his saved card while the login’s return page reads slowly', async ({ page }) => {
  const reads: string[] = [];
  await page.route('**/api/**', async (route) => {
    const request = route.request();
    const onReturnPage = new URL(request.frame().url()).pathname.includes('/callback');
    if (request.method() !== 'GET' || !onReturnPage) return route.fallback();
    const response = await route.fetch();
    const answer = { status: response.status(), headers: response.headers(), body: await response.body() };
    reads.push(new URL(request.url()).pathname);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    return route.fulfill(answer);
  });
  await paysWithSavedCard(page);
  // The slowing was in the path: the return page's reads went through it.
  expect(reads.length).toBeGreaterThan(0);
});
