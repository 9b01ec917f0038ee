/**
 * Issue 14, Adyen: the component's actions (handleAction) in an Adyen market (fr-FR). Card 4212 3456
 * 7891 0006 answers a redirect by POST with its data (the sandbox issuer's page), card 5454 5454 5454
 * 5454 a native 3-D Secure 2 challenge shown in the page (mocks/sandbox/README.md).
 */
import { expect, test, type Page } from '@playwright/test';
import { expectConfirmation, renew, resetSandbox } from './support.ts';

test.beforeEach(resetSandbox);

async function frenchGuestPays(page: Page, card: string) {
  await renew(page, {
    vin: 'ZAAAA1000AA000004',
    locale: 'fr-FR',
    plan: /12 mois/,
    renewLabel: 'Renouveler maintenant',
  });
  await page.getByLabel('Adresse e-mail').fill('gus.guest@example.com');
  await page.getByRole('button', { name: "Continuer en tant qu'invité" }).click();
  await page.getByLabel('Prénom').fill('Gus');
  await page.getByLabel('Nom', { exact: true }).fill('Guest');
  await page.getByRole('button', { name: "Saisir l'adresse manuellement" }).click();
  await page.getByLabel('Adresse (ligne 1)').fill('8 Rue de Rivoli');
  await page.getByLabel('Ville').fill('Paris');
  await page.getByLabel('Code postal').fill('75004');
  for (let step = 0; step < 3; step++) await page.getByRole('button', { name: 'Continuer' }).click();
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
