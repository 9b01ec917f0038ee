/**
 * Issue 15, the analytics tag manager (storefront §7; docs/decisions/019): with a container configured
 * for the site (the e2e stack's GTM_CONTAINER_IDS), gtm.js loads only after the shopper accepted
 * analytics cookies (on /cookie-preferences here; the banner's journey is consent.spec.ts), once per page, after the consent commands; declining
 * tells the running container and a later page loads none. gtm.js itself is Google's: the journey
 * answers it with a stub that counts its loads (no request leaves the machine).
 */
import { expect, test, type Page } from '@playwright/test';
import { resetSandbox, stubTagManager as stubContainer } from './support.ts';

test.beforeEach(resetSandbox);
// A first visit: no cookie choice yet (the other journeys' shopper made one, playwright.config.ts).
test.use({ storageState: { cookies: [], origins: [] } });

const RENEWAL = '/en-GB/service/cn-connected-navigation?carvin=ZAAAA1000AA000001';

/** A stub gtm.js that counts its loads. */
const stubTagManager = (page: Page) => stubContainer(page, 'window.__gtmLoads = (window.__gtmLoads || 0) + 1;');

/** The data layer's entries as plain data (gtag's arguments objects become arrays). */
const dataLayer = (page: Page) =>
  page.evaluate(() =>
    ((window as unknown as { dataLayer?: unknown[] }).dataLayer ?? []).map((entry) =>
      Object.prototype.toString.call(entry) === '[object Arguments]' ? Array.from(entry as ArrayLike<unknown>) : entry,
    ),
  );

async function savePreferences(page: Page, analytics: boolean) {
  await page.goto('/en-GB/cookie-preferences');
  // The page's script must run first: a press before it would submit the plain form instead.
  await page.waitForLoadState('networkidle');
  const box = page.getByRole('main').getByRole('checkbox', { name: /^Analytics/ });
  await box.setChecked(analytics);
  await page.getByRole('main').getByRole('button', { name: 'Save my choice' }).click();
  await expect(page.getByText('Your cookie preferences are saved.')).toBeVisible();
}

test('no container before consent; accepting loads it once, after the consent commands, and later pages load it at start', async ({
  page,
}) => {
  const loads = await stubTagManager(page);
  await page.goto(RENEWAL);
  await expect(page.getByRole('button', { name: 'Renew now' }).first()).toBeVisible();
  // The shop's own pushes go on; no Google script is fetched without a choice.
  await expect
    .poll(async () => (await dataLayer(page)).some((e) => (e as { event?: string }).event === 'fdp_page'))
    .toBe(true);
  expect(loads).toEqual([]);

  await savePreferences(page, true);
  await expect.poll(() => loads.length).toBe(1);
  expect(loads[0]).toMatch(/^GTM-[A-Z0-9]+$/);
  const layer = await dataLayer(page);
  const defaultAt = layer.findIndex((e) => Array.isArray(e) && e[0] === 'consent' && e[1] === 'default');
  const updateAt = layer.findIndex((e) => Array.isArray(e) && e[0] === 'consent' && e[1] === 'update');
  const startAt = layer.findIndex((e) => (e as { event?: string }).event === 'gtm.js');
  expect(defaultAt).toBeGreaterThanOrEqual(0);
  expect(layer[updateAt]).toEqual(['consent', 'update', expect.objectContaining({ analytics_storage: 'granted' })]);
  expect(defaultAt).toBeLessThan(startAt);
  // Saving again on the same page does not load it twice.
  await page.getByRole('main').getByRole('button', { name: 'Save my choice' }).click();
  await expect(page.getByText('Your cookie preferences are saved.')).toHaveCount(2);
  expect(await page.evaluate(() => (window as { __gtmLoads?: number }).__gtmLoads)).toBe(1);

  // A later visit's page loads the container at start, and the renewal's pushes keep their shapes.
  await page.goto(RENEWAL);
  await expect.poll(() => loads.length).toBe(2);
  await expect
    .poll(async () => (await dataLayer(page)).find((e) => (e as { event?: string }).event === 'view_item'))
    .toMatchObject({ event: 'view_item', item_id: expect.any(String) });
  await page.getByRole('radio', { name: /12 months/ }).check();
  await page.getByRole('button', { name: 'Renew now' }).first().click();
  await expect(page).toHaveURL(/\/en-GB\/checkout/);
  expect((await dataLayer(page)).find((e) => (e as { event?: string }).event === 'add_to_cart')).toMatchObject({
    event: 'add_to_cart',
    item_id: expect.any(String),
  });
});

test('declining after accepting tells the running container, and the next page loads none', async ({ page }) => {
  const loads = await stubTagManager(page);
  await savePreferences(page, true);
  await expect.poll(() => loads.length).toBe(1);
  await page
    .getByRole('main')
    .getByRole('checkbox', { name: /^Analytics/ })
    .uncheck();
  await page.getByRole('main').getByRole('button', { name: 'Save my choice' }).click();
  await expect
    .poll(async () =>
      (await dataLayer(page)).filter((e) => Array.isArray(e) && e[0] === 'consent' && e[1] === 'update').at(-1),
    )
    .toEqual(['consent', 'update', expect.objectContaining({ analytics_storage: 'denied' })]);
  await page.goto(RENEWAL);
  await expect(page.getByRole('button', { name: 'Renew now' }).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(loads).toHaveLength(1);
});
