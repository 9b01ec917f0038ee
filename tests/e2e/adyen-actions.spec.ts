/**
 * Issue 14, Adyen: the component's actions (handleAction) in an Adyen market (fr-FR). Card 4212 3456
 * 7891 0006 answers a redirect by POST with its data (the sandbox issuer's page), card 5454 5454 5454
 * 5454 a native 3-D Secure 2 challenge shown in the page (mocks/sandbox/README.md).
 */
import { expect, test, type Page } from '@playwright/test';
import { expectConfirmation, expectNoMoneyLost, frenchGuestToPayment, resetSandbox } from './support.ts';

test.beforeEach(resetSandbox);
test.afterEach(expectNoMoneyLost);

async function frenchGuestPays(page: Page, card: string) {
  await frenchGuestToPayment(page);
  await page.getByLabel('Numéro de carte').fill(card);
  await page.getByLabel("Date d'expiration").fill('12/30');
  await page.getByLabel('Code de sécurité').fill('123');
  await page.getByLabel('Nom du titulaire').fill('Gus Guest');
  await page.getByRole('button', { name: /^Payer / }).click();
}

test('a redirect by POST: the issuer page receives the posted data, Complete leads to the confirmation', async ({
  page,
}) => {
  const posted = page.waitForRequest((r) => r.method() === 'POST' && r.url().includes('/__issuer/'));
  await frenchGuestPays(page, '4212 3456 7891 0006');
  const request = await posted;
  expect(request.postData()).toContain('PaReq=');
  expect(request.postData()).toContain('MD=');
  await page.getByRole('button', { name: 'Complete' }).click();
  await expectConfirmation(page, 'Merci pour votre commande');
});

test('a native 3-D Secure 2 challenge in the page: approved, the order is confirmed', async ({ page }) => {
  await frenchGuestPays(page, '5454 5454 5454 5454');
  await page.getByRole('button', { name: 'Approuver le paiement' }).click();
  await expectConfirmation(page, 'Merci pour votre commande');
});

test('a native 3-D Secure 2 challenge refused: the authorisation error modal, and the basket stays', async ({
  page,
}) => {
  await frenchGuestPays(page, '5454 5454 5454 5454');
  await page.getByRole('button', { name: 'Refuser le paiement' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(page).toHaveURL(/\/fr-FR\/checkout/);
});
