/** Issue 4 journey 2: alex signs in through the identity provider and renews ZAAAA1000AA000004 in fr-FR with Adyen. */
import { expect, test } from '@playwright/test';
import { expectNoMoneyLost, renew, resetSandbox } from './support.ts';

test.beforeEach(resetSandbox);
test.afterEach(expectNoMoneyLost);

test('journey 2: alex signs in and renews ZAAAA1000AA000004 in fr-FR, paying with Adyen', async ({ page }) => {
  await renew(page, {
    vin: 'ZAAAA1000AA000004',
    locale: 'fr-FR',
    plan: /12 mois/,
    renewLabel: 'Renouveler maintenant',
  });
  await page.getByRole('button', { name: 'Se connecter' }).click();
  // The identity provider's own sign-in page (the sandbox's).
  await page.getByLabel('Email address').fill('alex.owner@example.com');
  await page.getByLabel('Password').fill('Sandbox-Pass-1');
  await page.getByRole('button', { name: 'Sign in' }).click();
  // Back in the checkout, signed in: the login step is done with alex's e-mail, prices in euros.
  await expect(page).toHaveURL(/\/fr-FR\/checkout/);
  await expect(page.getByText('alex.owner@example.com')).toBeVisible();
  await expect(page.getByRole('complementary').getByText(/€/).first()).toBeVisible();
  await page.getByLabel('Prénom').fill('Alex');
  await page.getByLabel('Nom', { exact: true }).fill('Owner');
  await page.getByRole('button', { name: "Saisir l'adresse manuellement" }).click();
  await page.getByLabel('Adresse (ligne 1)').fill('8 Rue de Rivoli');
  await page.getByLabel('Ville').fill('Paris');
  await page.getByLabel('Code postal').fill('75004');
  await page.getByRole('button', { name: 'Continuer' }).click();
  await page.getByRole('button', { name: 'Continuer' }).click();
  await page.getByRole('button', { name: 'Continuer' }).click();
  await page.getByLabel('Numéro de carte').fill('4242 4242 4242 4242');
  await page.getByLabel("Date d'expiration").fill('12/30');
  await page.getByLabel('Code de sécurité').fill('123');
  await page.getByLabel('Nom du titulaire').fill('Alex Owner');
  await page.getByRole('button', { name: /^Payer / }).click();
  await expect(page).toHaveURL(/\/fr-FR\/confirmation\/\d+/);
  await expect(page.getByRole('heading', { level: 1, name: 'Merci pour votre commande' })).toBeVisible();
  // Outside checkout, the header greets the registered customer and offers the account menu.
  await expect(page.getByText('Bonjour, Alex')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Se déconnecter' })).toBeVisible();
  // On a 360px phone the same header fits: icons, the greeting inside the account menu, no sideways scroll.
  await page.setViewportSize({ width: 360, height: 740 });
  await expect(page.getByRole('button', { name: 'Se déconnecter' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Panier (0 article)' })).toBeVisible();
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.getByRole('button', { name: 'Menu du compte' }).click();
  await expect(page.getByRole('listitem').filter({ hasText: 'Bonjour, Alex' })).toBeVisible();
});
