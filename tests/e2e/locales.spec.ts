/**
 * Issue 14, every locale in its own language: a renewable vehicle in every market (mocks/sandbox/README.md),
 * the content read per locale (a Czech page has Czech footer links and FAQs), and en-XB as the
 * pseudo-locale (accented, lengthened text, not a copy of English).
 */
import { expect, test } from '@playwright/test';
import { resetSandbox } from './support.ts';

test.beforeEach(resetSandbox);

const MARKETS: [vin: string, locale: string][] = [
  ['ZAAAA1000AA000010', 'de-AT'],
  ['ZAAAA1000AA000011', 'fr-LU'],
  ['ZAAAA1000AA000012', 'en-CA'],
  ['ZAAAA1000AA000013', 'it-IT'],
  ['ZAAAA1000AA000014', 'es-ES'],
  ['ZAAAA1000AA000015', 'pt-PT'],
  ['ZAAAA1000AA000016', 'cs-CZ'],
  ['ZAAAA1000AA000017', 'en-XB'],
];

test('every new market opens its renewal page with plans to choose, in its language', async ({ page }) => {
  for (const [vin, locale] of MARKETS) {
    await page.goto(`/${locale}/service/cn-connected-navigation?carvin=${vin}`);
    await expect(page.getByText(vin).first(), `${locale}`).toBeVisible();
    await expect(page.getByRole('radio').first(), `${locale}`).toBeVisible();
    expect(await page.locator('html').getAttribute('lang'), locale).toBe(locale === 'en-XB' ? 'en' : locale);
  }
});

test('a Czech page shows Czech footer links and FAQs', async ({ page }) => {
  await page.goto('/cs-CZ/service/cn-connected-navigation?carvin=ZAAAA1000AA000016');
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('link', { name: 'Zásady ochrany osobních údajů' })).toBeVisible();
  await expect(footer.getByRole('link', { name: 'Privacy policy' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Časté dotazy' }).first()).toBeVisible();
  const question = page.locator('details summary').first();
  await expect(question).toBeVisible();
  await expect(question).not.toHaveText(/^(How|What|When|Can|Do|Is|Why|Will)\b/);
});

test('en-XB reads pseudo-localised text, not English', async ({ page }) => {
  await page.goto('/en-XB/service/cn-connected-navigation?carvin=ZAAAA1000AA000017');
  await expect(page.getByRole('radio').first()).toBeVisible();
  const button = page.getByRole('button', { name: /\[.*\]/ }).first();
  await expect(button).toBeVisible();
  await expect(page.getByRole('button', { name: 'Renew now', exact: true })).toHaveCount(0);
});
