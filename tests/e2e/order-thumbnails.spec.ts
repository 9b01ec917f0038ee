/**
 * My Orders' thumbnails at the medium breakpoint (account §2 "thumbnails (4 + '+N' below md, 5 from
 * md)", §9 breakpoints "md 48rem"): one list, the style sheet picks. The sandbox's orders hold one item
 * each, so the browser's answer of the order list is given seven items for its first order, its
 * pictures the order's own; everything else is the proxy's answer.
 */
import { expect, test, type Page } from '@playwright/test';
import { resetSandbox } from './support.ts';

test.beforeEach(resetSandbox);

async function signIn(page: Page) {
  await page.getByLabel('Email address').fill('alex.owner@example.com');
  await page.getByLabel('Password').fill('Sandbox-Pass-1');
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** The first order card's thumbnails as shown: pictures and the '+N' text, hidden ones left out. */
const shownThumbnails = (page: Page) =>
  page
    .getByRole('article')
    .first()
    .locator('.order-card__thumbnails > li')
    .evaluateAll((items) =>
      items
        .filter((item) => getComputedStyle(item).display !== 'none')
        .map((item) => (item.querySelector('img') ? 'picture' : (item.textContent ?? '').trim())),
    );

test('account §2, §9: an order of seven items shows 4 pictures and +3 below 48rem, 5 and +2 from 48rem', async ({
  page,
}) => {
  await page.route('**/api/account/orders?*', async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    const [first] = body.orders;
    first.itemCount = 7;
    first.thumbnails = Array.from({ length: 7 }, () => first.thumbnails[0]);
    await route.fulfill({ response, json: body });
  });
  await page.setViewportSize({ width: 767, height: 900 });
  await page.goto('/en-GB/account/my-payment-method');
  await signIn(page);
  // A client-side visit, so the list is the browser's call (a first load is rendered by the server).
  await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'My orders' }).click();
  await expect(page.getByRole('article').first().getByText('7 items')).toBeVisible();
  expect(await shownThumbnails(page)).toEqual(['picture', 'picture', 'picture', 'picture', '+3']);
  await page.setViewportSize({ width: 768, height: 900 });
  await expect.poll(() => shownThumbnails(page)).toEqual(['picture', 'picture', 'picture', 'picture', 'picture', '+2']);
});
