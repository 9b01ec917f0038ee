/**
 * Two tabs, one order, both told (issue 17): the shop open in two tabs of one browser (two browser
 * contexts holding the same session), both at the payment step of the same basket, both press Pay at
 * the same moment, each with its own attempt. One order is made, and both tabs end on its
 * confirmation: for a card, at once; for 3-D Secure and a bank redirect, the tab that did not get the
 * challenge or the bank page says the payment is being confirmed, and shows the thank-you once the
 * other tab has completed it.
 */
import { expect, type BrowserContextOptions, type Page } from '@playwright/test';
import {
  dutchGuestToPayment,
  expectConfirmation,
  expectNoMoneyLost,
  guestDetails,
  nl,
  renew,
  resetSandbox,
  test,
} from './support.ts';

test.beforeEach(resetSandbox);
test.afterEach(expectNoMoneyLost);

type NewBrowser = (options?: BrowserContextOptions) => Promise<Page>;

/** A second tab of the same browser: a context holding the first one's cookies and storage. */
async function secondTab(newBrowser: NewBrowser, page: Page): Promise<Page> {
  return newBrowser({ storageState: await page.context().storageState() });
}

async function fillCard(page: Page, number: string) {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry date').fill('12/30');
  await page.getByLabel('Security code').fill('123');
  await page.getByLabel('Cardholder name').fill('Gus Guest');
}

/** Both tabs at the GB payment step of one basket, with `card` typed in each. */
async function twoTabsAtPayment(newBrowser: NewBrowser, page: Page, card: string): Promise<[Page, Page]> {
  await renew(page, { vin: 'ZAAAA1000AA000001', locale: 'en-GB', plan: /12 months/ });
  await guestDetails(page);
  const other = await secondTab(newBrowser, page);
  // Opened at the payment step, the checkout is painted on the server and hydrates without an error.
  const errors: string[] = [];
  other.on('pageerror', (error) => errors.push(error.message));
  other.on('console', (message) => void (message.type() === 'error' && errors.push(message.text())));
  await other.goto('/en-GB/checkout');
  await expect(other.getByLabel('Card number')).toBeVisible();
  await other.waitForLoadState('networkidle');
  expect(errors).toEqual([]);
  for (const tab of [page, other]) await fillCard(tab, card);
  return [page, other];
}

const payAtOnce = (tabs: Page[], name: RegExp) =>
  Promise.all(tabs.map((tab) => tab.getByRole('button', { name }).click()));

const orderNoOf = (page: Page) => /\/confirmation\/(\d+)/.exec(page.url())?.[1];

/** After both pressed Pay: the tab sent to the confirmation while the other tab pays, and that other tab. */
async function waitingAndPaying(tabs: [Page, Page]): Promise<{ waiting: Page; paying: Page }> {
  await expect.poll(() => tabs.filter((tab) => orderNoOf(tab)).length, { timeout: 15_000 }).toBe(1);
  const waiting = tabs.find((tab) => orderNoOf(tab))!;
  return { waiting, paying: waiting === tabs[0] ? tabs[1] : tabs[0] };
}

test('two tabs pay the same basket by card at once: one order, both on its confirmation', async ({
  newBrowser,
  page,
}) => {
  const tabs = await twoTabsAtPayment(newBrowser, page, '4242 4242 4242 4242');
  await payAtOnce(tabs, /^Pay /);
  for (const tab of tabs) await expectConfirmation(tab);
  expect(orderNoOf(tabs[1])).toBe(orderNoOf(tabs[0]));
  await expect(tabs[1].getByText(`Order number: ${orderNoOf(tabs[0])}`)).toBeVisible();
});

test('two tabs pay by a 3-D Secure card at once: the other tab waits, then shows the same order', async ({
  newBrowser,
  page,
}) => {
  const tabs = await twoTabsAtPayment(newBrowser, page, '4000 0027 6000 3184');
  await payAtOnce(tabs, /^Pay /);
  const { waiting, paying } = await waitingAndPaying(tabs);
  await expect(waiting.getByText('We are confirming your payment with your bank…')).toBeVisible();
  await paying.getByRole('button', { name: 'Complete' }).click();
  await expectConfirmation(paying);
  await expectConfirmation(waiting);
  expect(orderNoOf(waiting)).toBe(orderNoOf(paying));
});

test('two tabs pay by iDEAL at once: the other tab waits while the bank page is open, then shows the same order', async ({
  newBrowser,
  page,
}) => {
  await dutchGuestToPayment(page);
  const other = await secondTab(newBrowser, page);
  await other.goto('/nl-NL/checkout');
  const tabs: [Page, Page] = [page, other];
  for (const tab of tabs) {
    await tab.getByRole('group', { name: nl.checkout.payment.method }).getByRole('radio', { name: 'iDEAL' }).check();
  }
  await payAtOnce(tabs, / betalen$/);
  const { waiting, paying } = await waitingAndPaying(tabs);
  await expect(waiting.getByText(nl.checkout.confirming.text)).toBeVisible();
  await expect(paying.getByRole('heading', { name: 'Authorise at your bank' })).toBeVisible();
  await paying.getByRole('button', { name: 'Authorise' }).click();
  await expectConfirmation(paying, nl.confirmation.title);
  await expectConfirmation(waiting, nl.confirmation.title);
  expect(orderNoOf(waiting)).toBe(orderNoOf(paying));
});
