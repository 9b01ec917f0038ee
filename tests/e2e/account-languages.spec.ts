/**
 * Issue 13 journey 7 and what the account area asks beyond its first six journeys: the same owner in
 * fr-FR, where Adyen holds the cards (account §2 Edit payment method, §5 billing mismatch control per
 * region: on in GB and FR); one account page in each other language; the expired card of §8 (the
 * sandbox control of mocks/sandbox/README.md); keyboard-only use of the menu and the dialogs.
 */
import { expect, test, type Page } from '@playwright/test';
import { resetSandbox, SANDBOX, sandbox } from './support.ts';

test.beforeEach(resetSandbox);

async function signIn(page: Page, email = 'alex.owner@example.com') {
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill('Sandbox-Pass-1');
  await page.getByRole('button', { name: 'Sign in' }).click();
}

async function fillFrenchCard(page: Page, number: string) {
  await page.getByLabel('Numéro de carte').fill(number);
  await page.getByLabel("Date d'expiration").fill('12/30');
  await page.getByLabel('Code de sécurité').fill('123');
  await page.getByLabel('Nom du titulaire').fill('Alex Owner');
  await page.getByRole('button', { name: 'Enregistrer le moyen de paiement' }).click();
}

test('journey 7: in fr-FR alex replaces his card through Adyen; a card of another country than the billing address is refused', async ({
  page,
}) => {
  await page.goto('/fr-FR/account/my-payment-method');
  await signIn(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Informations de paiement' })).toBeVisible();
  await expect(page.getByText('Visa se terminant par 4242')).toBeVisible();

  // A French card for his London billing address: Adyen tells the card's country once it is stored,
  // so the new method is removed again and the mismatch modal says why (account §5, §8).
  await page.getByRole('link', { name: 'Modifier le paiement' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Modifier le moyen de paiement' })).toBeVisible();
  await page.getByRole('button', { name: 'Continuer' }).click();
  await fillFrenchCard(page, '4000 0025 0000 0003');
  const mismatch = page.getByRole('dialog', { name: 'Adresse de facturation non concordante' });
  await expect(
    mismatch.getByText('Votre adresse de facturation ne correspond pas au pays associé à votre moyen de paiement.', {
      exact: false,
    }),
  ).toBeVisible();
  await mismatch.getByRole('button', { name: 'Fermer' }).last().click();
  await expect(page).toHaveURL(/\/fr-FR\/account\/my-payment-method$/);
  await expect(page.getByText('Visa se terminant par 4242')).toBeVisible();

  // A British card (4000 0082 6000 0000) matches the address: it replaces the Visa.
  await page.getByRole('link', { name: 'Modifier le paiement' }).click();
  await page.getByRole('button', { name: 'Continuer' }).click();
  await fillFrenchCard(page, '4000 0082 6000 0000');
  await expect(page.getByText('Moyen de paiement mis à jour')).toBeVisible();
  await expect(page).toHaveURL(/\/fr-FR\/account\/my-payment-method$/);
  await expect(page.getByText('se terminant par 0000')).toBeVisible();
  // Adyen keeps one stored method for him: the new one.
  const stored = await fetch(
    `${SANDBOX}/adyen/v71/storedPaymentMethods?shopperReference=abcAlexOwner0001&merchantAccount=SandboxMerchantECOM`,
    { headers: { 'X-API-Key': 'sandbox-adyen-api-key' } },
  ).then((response) => response.json() as Promise<{ storedPaymentMethods: Array<{ lastFour: string }> }>);
  expect(stored.storedPaymentMethods).toEqual([expect.objectContaining({ lastFour: '0000' })]);
});

test('journey 7: one account page in each other language, its menu in that language too', async ({ page }) => {
  await page.goto('/de-DE/account/my-subscriptions');
  await signIn(page);
  await expect(page).toHaveURL(/\/de-DE\/account\/my-subscriptions$/);
  const pages: Array<[string, string, string]> = [
    ['/de-DE/account/my-subscriptions', 'Meine Abonnements', 'Mein Zahlungsmittel'],
    ['/es-ES/account/my-orders', 'Mis pedidos', 'Mi método de pago'],
    ['/it-IT/account/need-help', 'Aiuto e assistenza', 'Il mio metodo di pagamento'],
    ['/nl-NL/account/my-payment-method', 'Betaalgegevens', 'Mijn betaalmethode'],
    ['/pt-PT/account/my-orders', 'As minhas encomendas', 'O meu método de pagamento'],
    ['/cs-CZ/account/my-subscriptions', 'Moje předplatná', 'Moje platební metoda'],
  ];
  for (const [path, heading, menuEntry] of pages) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', path.split('/')[1]!);
    const nav = page.locator('.account__nav');
    await expect(nav.getByRole('link', { name: menuEntry })).toBeVisible();
    // No English left on the page's own navigation.
    await expect(nav.getByRole('link', { name: 'My orders' })).toHaveCount(0);
  }
});

test('an expired saved card says so on Payment details (account §8)', async ({ page }) => {
  await page.goto('/en-GB/account/my-payment-method');
  await signIn(page);
  await expect(page.getByText('Visa ending in 4242')).toBeVisible();
  await expect(page.getByText('Your credit/debit card has expired. Please update your card details.')).toHaveCount(0);
  await sandbox('POST', '/__sandbox/payment-methods/pm_SandboxVisa4242/expiry', { expMonth: 1, expYear: 2020 });
  await page.reload();
  await expect(page.getByText('Your credit/debit card has expired. Please update your card details.')).toBeVisible();
});

test('keyboard alone: the account menu, the account navigation and the Manage dialog, which traps and returns focus', async ({
  page,
}) => {
  await page.goto('/en-GB/account/my-subscriptions');
  await signIn(page);
  await expect(page.getByRole('heading', { level: 1, name: 'My subscriptions' })).toBeVisible();

  // The header's account menu opens with Enter, its entries are reached with Tab, Escape closes it.
  await page.getByRole('button', { name: 'Account menu' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Account menu' })).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('banner').getByRole('link', { name: 'My overview' })).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(page.locator(':focus')).toHaveText('My overview');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Account menu' })).toHaveAttribute('aria-expanded', 'false');

  // A Manage button opens its dialog with Enter; Tab stays inside it; Escape closes it and focus returns.
  const manage = page
    .getByRole('article')
    .filter({ hasText: 'ZAAAA1000AA000003' })
    .getByRole('button', { name: 'Manage Connected Navigation' });
  await manage.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  // The modal <dialog> makes the page behind inert: Tab cycles through the dialog's controls (and,
  // past the last one, the browser's own toolbar, as native modals do), never the page's.
  let insideDialog = 0;
  for (let i = 0; i < 10; i += 1) {
    await page.keyboard.press('Tab');
    const where = await dialog.evaluate((element) =>
      element.contains(document.activeElement) ? 'dialog' : document.activeElement === document.body ? 'none' : 'page',
    );
    expect(where).not.toBe('page');
    if (where === 'dialog') insideDialog += 1;
  }
  expect(insideDialog).toBeGreaterThan(5);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(manage).toBeFocused();

  // The account navigation is links in reading order: Enter on one opens its page.
  await page.locator('.account__nav').getByRole('link', { name: 'My orders' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'My orders' })).toBeVisible();
  await page.getByRole('button', { name: 'Load more' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText(/^Showing 10 of \d+ orders$/)).toBeVisible();
});
