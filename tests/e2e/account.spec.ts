/**
 * Issue 13, the account area as an owner uses it (account §2 My Subscriptions, Manage modal, My
 * Overview, Help & Support; §5 reasons and the 150-character limit; §6 login): the seed of
 * DESIGN.md (alex's subscriptions, kim without any).
 */
import { expect, type Page } from '@playwright/test';
import { nl, resetSandbox, sandbox, test } from './support.ts';

test.beforeEach(resetSandbox);

async function signIn(page: Page, email: string) {
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill('Sandbox-Pass-1');
  await page.getByRole('button', { name: 'Sign in' }).click();
}

const card = (page: Page, vin: string, name = 'Connected Navigation') =>
  page
    .getByRole('article')
    .filter({ hasText: vin })
    .filter({ has: page.getByRole('heading', { name }) });

test('alex opens My Subscriptions through the login, requests a refund inside the cooling-off period and turns auto-renewal off', async ({
  page,
}) => {
  // A guest asking for an account page goes through the identity provider's login and comes back to it.
  await page.goto('/en-GB/account/my-subscriptions');
  await signIn(page, 'alex.owner@example.com');
  await expect(page).toHaveURL(/\/en-GB\/account\/my-subscriptions$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My subscriptions' })).toBeVisible();

  // Vehicle 3: auto-renewing on the saved Visa, inside the cooling-off period.
  const estate = card(page, 'ZAAAA1000AA000003');
  await expect(estate.getByText('Visa ending in 4242')).toBeVisible();
  await expect(estate.getByText(/^Auto-renews on \d+ \w+ \d{4}\.$/)).toBeVisible();
  await estate.getByRole('button', { name: 'Manage Connected Navigation' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText(/^You are eligible for a full refund until \d+ \w+ \d{4}\.$/)).toBeVisible();
  await expect(dialog.getByText(/^Your service will auto-renew on /)).toBeVisible();
  await dialog.getByRole('button', { name: 'Request refund' }).click();

  // Step two: the card paid with, the contract details, the reasons; Other opens the 150-character box.
  await expect(dialog.getByRole('heading', { name: 'Request refund' })).toBeVisible();
  await expect(dialog.getByText('within 5-10 business days.', { exact: false })).toBeVisible();
  await expect(dialog.getByText('alex.owner@example.com')).toBeVisible();
  await expect(dialog.getByText('Alex Owner')).toBeVisible();
  await dialog.getByLabel('Reason (optional)').selectOption('Other');
  await dialog.getByLabel('Additional information').fill('x'.repeat(151));
  await expect(dialog.getByText('The entered text is too long')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Request refund' })).toBeDisabled();
  await dialog.getByLabel('Additional information').fill('I sold the car last week.');
  await dialog.getByRole('button', { name: 'Request refund' }).click();
  await expect(page.getByText('You have cancelled your subscription and we are processing your refund.')).toBeVisible();
  await expect(card(page, 'ZAAAA1000AA000003')).toHaveCount(0);
  // The refund ends the service at once: reloaded, the list (from the order system) no longer has it.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'My subscriptions' })).toBeVisible();
  await expect(card(page, 'ZAAAA1000AA000003')).toHaveCount(0);

  // The order it was bought with: refund requested, then, once the sandbox processes it, issued to the card.
  await page.goto('/en-GB/account/my-orders/1OsSB0000000005AAA/00001005');
  const steps = page.getByRole('list', { name: 'Order status' }).getByRole('listitem');
  await expect(steps).toHaveText([/Refund requested \(done\)/, /Refund issued \(in progress\)/]);
  await expect(page.getByText(/^A refund request of £\d+ is being processed\.$/)).toBeVisible();
  await sandbox('POST', '/__sandbox/orders/00001005/advance');
  await page.reload();
  await expect(steps).toHaveText([/Refund requested \(done\)/, /Refund issued \(done\)/]);
  await expect(page.getByText(/^A refund of £\d+ has been initiated to Visa \*\*\*\* 4242\.$/)).toBeVisible();
  await page.goto('/en-GB/account/my-subscriptions');

  // Vehicle 7: auto-renewal off with a reason, then the card says when it expires.
  const sedan = card(page, 'ZAAAA1000AA000007');
  await sedan.getByRole('button', { name: 'Manage Connected Navigation' }).click();
  await dialog.getByRole('button', { name: 'Turn off auto-renewal' }).click();
  await dialog.getByLabel('Reason (optional)').selectOption('Planning to sell vehicle before renewal');
  await dialog.getByRole('button', { name: 'Turn off auto-renewal' }).click();
  await expect(page.getByText('Auto-renewal turned off for Connected Navigation')).toBeVisible();
  await expect(sedan.getByText(/^Expires on \d+ \w+ \d{4}\.$/)).toBeVisible();
  await expect(sedan.getByText('Visa ending in 4242')).toHaveCount(0);
  // And on again (journey 3): charged to the saved card on the expiry date.
  await sedan.getByRole('button', { name: 'Manage Connected Navigation' }).click();
  await dialog.getByRole('button', { name: 'Turn on auto-renewal' }).click();
  await expect(
    dialog.getByText(/^The renewal fee will be charged to your saved card on the expiry date, /),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Turn on auto-renewal' }).click();
  await expect(page.getByText('Auto-renewal turned on for Connected Navigation')).toBeVisible();
  await expect(sedan.getByText(/^Auto-renews on \d+ \w+ \d{4}\.$/)).toBeVisible();
  await expect(sedan.getByText('Visa ending in 4242')).toBeVisible();

  // The Online Pack is still being processed: the modal says so and offers nothing else.
  await card(page, 'ZAAAA1000AA000001', 'Online Pack').getByRole('button', { name: 'Manage Online Pack' }).click();
  await expect(dialog.getByText('We are currently processing your order. Please check again later.')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Request refund' })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Close' }).first().click();

  // My Overview: the greeting, the vehicle and its expiring service with Renew now.
  await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'My overview' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'My overview' })).toBeVisible();
  await expect(page.getByRole('main').getByText('Hello, Alex')).toBeVisible();
  // The most recently ordered vehicle first; the others a click away.
  await page
    .getByRole('navigation', { name: 'Your vehicles' })
    .getByRole('link', { name: 'Aurora Sport Tourer · ZAAAA1000AA000001' })
    .click();
  await expect(page.getByText('30 days left')).toBeVisible();
  await page.getByRole('link', { name: 'Renew now Connected Navigation' }).click();
  await expect(page).toHaveURL(/\/en-GB\/service\/cn-connected-navigation\?carvin=ZAAAA1000AA000001/);

  // Help & Support: the content, the contact-us link and the FAQ accordion with View All.
  await page.goto('/en-GB/account/need-help');
  await expect(page.getByRole('heading', { level: 1, name: 'Help & Support' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Contact us' }).first()).toBeVisible();
  await page.getByRole('button', { name: 'View All' }).click();
  await expect(page.getByRole('button', { name: 'Collapse all' })).toBeVisible();
});

test('in a region without auto-renewal (fr-FR), an expiring service shows the alert with Renew now; kim sees the empty state', async ({
  page,
  newBrowser,
}) => {
  await page.goto('/fr-FR/account/my-services');
  await signIn(page, 'alex.owner@example.com');
  await expect(page.getByRole('heading', { level: 1, name: 'Mes abonnements' })).toBeVisible();
  // The service is named in French (account §7: the order system answers in the request's locale).
  const berline = card(page, 'ZAAAA1000AA000004', 'Navigation connectée');
  await expect(berline.getByText("L'abonnement expire bientôt")).toBeVisible();
  await expect(berline.getByRole('link', { name: 'Renouveler maintenant' })).toBeVisible();
  await berline.getByRole('button', { name: 'Gérer Navigation connectée' }).click();
  // Outside the cooling-off period and expiring: Renew now; no auto-renewal where the region hides it.
  await expect(page.getByRole('dialog').getByRole('link', { name: 'Renouveler maintenant' })).toBeVisible();
  await expect(page.getByRole('dialog').getByRole('button', { name: /renouvellement automatique/ })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // kim, in a browser of her own.
  const kim = await newBrowser();
  await kim.goto('/en-GB/account/my-subscriptions');
  await signIn(kim, 'kim.driver@example.com');
  await expect(kim.getByRole('heading', { name: 'No subscriptions' })).toBeVisible();
  await expect(kim.getByText('All active subscriptions purchased on this website will appear here.')).toBeVisible();
});

// @full-browser: the invoice and the credit note open in the browser's PDF viewer (playwright.config.ts).
test(
  'alex pages through My Orders, opens a refunded order with its timeline, help text and documents',
  {
    tag: '@full-browser',
  },
  async ({ page, context }) => {
    await page.goto('/en-GB/account/my-orders');
    await signIn(page, 'alex.owner@example.com');
    await expect(page.getByRole('heading', { level: 1, name: 'My orders' })).toBeVisible();
    await expect(page.getByRole('article')).toHaveCount(5);
    await expect(page.getByText(/^Showing 5 of \d+ orders$/)).toBeVisible();
    await page.getByRole('button', { name: 'Load more' }).click();
    await expect(page.getByRole('article')).toHaveCount(10);
    await expect(page.getByText(/^Showing 10 of \d+ orders$/)).toBeVisible();

    await page.goto('/en-GB/account/my-orders/1OsSB0000000015AAA/00001015');
    await expect(page.getByRole('heading', { level: 1, name: 'Order 00001015' })).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Home' }),
    ).toBeVisible();
    await expect(page.getByText('United Kingdom')).toBeVisible();
    const timeline = page.getByRole('list', { name: 'Order status' });
    await expect(timeline.getByRole('listitem')).toHaveText([/Refund requested/, /Refund issued/]);
    await expect(page.getByText(/^A refund of £\d+ has been initiated to Visa \*\*\*\* 4242\.$/)).toBeVisible();
    // The invoice opens as a PDF in a new tab.
    const [tab] = await Promise.all([
      context.waitForEvent('page'),
      page.getByRole('button', { name: 'View invoice' }).click(),
    ]);
    await expect.poll(() => tab.url()).toMatch(/^blob:/);
    await tab.close();
    // So does its credit note (journey 4).
    const [note] = await Promise.all([
      context.waitForEvent('page'),
      page
        .getByRole('button', { name: /^View credit note / })
        .first()
        .click(),
    ]);
    await expect.poll(() => note.url()).toMatch(/^blob:/);
    await note.close();

    // An order not yet invoiced says when it will be.
    await page.goto('/en-GB/account/my-orders/1OsSB0000000002AAA/00001002');
    await expect(page.getByText('Order placed', { exact: true }).first()).toBeVisible();
    await expect(page.getByText('Your invoice will be ready to view shortly')).toBeVisible();
    await expect(page.getByRole('button', { name: 'View invoice' })).toBeDisabled();
  },
);

test('alex keeps his card while subscriptions renew with it, changes its billing address, then deletes it', async ({
  page,
}) => {
  await page.goto('/en-GB/account/my-payment-method');
  await signIn(page, 'alex.owner@example.com');
  await expect(page.getByRole('heading', { level: 1, name: 'Payment details' })).toBeVisible();
  await expect(page.getByText('Visa ending in 4242')).toBeVisible();
  await page.getByRole('button', { name: 'Delete Payment Method' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: "Payment method can't be removed" })).toBeVisible();
  await dialog.getByRole('link', { name: 'My subscriptions' }).click();

  // With auto-renewal off on both of its subscriptions, the card can go.
  for (const vin of ['ZAAAA1000AA000003', 'ZAAAA1000AA000007']) {
    await card(page, vin).getByRole('button', { name: 'Manage Connected Navigation' }).click();
    await dialog.getByRole('button', { name: 'Turn off auto-renewal' }).click();
    await dialog.getByRole('button', { name: 'Turn off auto-renewal' }).click();
    await expect(page.getByText('Auto-renewal turned off for Connected Navigation').first()).toBeVisible();
    await expect(dialog).toHaveCount(0);
  }

  // The billing address: another country than the GB card's is refused (the control is on in GB). The
  // market bills to GB, Jersey, Guernsey and the Isle of Man only (storefront §5 allowed country list).
  await page.goto('/en-GB/account/my-payment-method/edit-billing-address');
  await expect(page.getByLabel('Country').getByRole('option')).toHaveText([
    'Please select a value',
    'United Kingdom',
    'Jersey',
    'Guernsey',
    'Isle of Man',
  ]);
  await page.getByLabel('Country').selectOption('JE');
  await page.getByLabel('Town or city').fill('St Helier');
  await page.getByLabel('Postal code').fill('JE2 3AB');
  await page.getByRole('button', { name: 'Save address' }).click();
  // The billing mismatch modal (account §8); closing it goes back to Payment details.
  const mismatch = page.getByRole('dialog', { name: 'Billing address mismatch' });
  await expect(
    mismatch.getByText(
      'Your billing address does not match the country associated with your payment method. Please try again with a different address or payment method',
    ),
  ).toBeVisible();
  await mismatch.getByRole('button', { name: 'Close' }).last().click();
  await expect(page).toHaveURL(/\/en-GB\/account\/my-payment-method$/);
  await page.getByRole('link', { name: 'Edit address' }).click();
  await page.getByLabel('Country').selectOption('GB');
  await page.getByLabel('Town or city').fill('London');
  await page.getByLabel('Postal code').fill('SW1P 3BD');
  await page.getByLabel('Address line 2 (Optional)').fill('Flat 2');
  await page.getByRole('button', { name: 'Save address' }).click();
  await expect(page.getByText('Billing address updated')).toBeVisible();
  await expect(page).toHaveURL(/\/en-GB\/account\/my-payment-method$/);
  await expect(page.getByText('Flat 2')).toBeVisible();

  await page.getByRole('button', { name: 'Delete Payment Method' }).click();
  await expect(dialog.getByText('Are you sure you want to delete your payment method?')).toBeVisible();
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByText('Payment method deleted')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No payment method' })).toBeVisible();
});

test('sam, without an account in the order system, is told a payment method can be added with an order', async ({
  page,
}) => {
  await page.goto('/en-GB/account/my-payment-method');
  await signIn(page, 'sam.other@example.com');
  await expect(page.getByRole('heading', { name: 'No payment method' })).toBeVisible();
  await page.getByRole('button', { name: 'Add payment method' }).click();
  await expect(
    page
      .getByRole('dialog')
      .getByText(
        "We're sorry but it isn't possible to add a payment method at this time. You will be able to add a payment method when you place an order.",
      ),
  ).toBeVisible();
});

async function fillCard(page: Page, number: string) {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry date').fill('12/30');
  await page.getByLabel('Security code').fill('123');
  await page.getByLabel('Cardholder name').fill('Kim Driver');
  await page.getByRole('button', { name: 'Save payment method' }).click();
}

test('kim adds a first card; alex replaces his with one that needs 3-D Secure and comes back to it saved', async ({
  page,
  newBrowser,
}) => {
  await page.goto('/de-DE/account/my-payment-method');
  await signIn(page, 'kim.driver@example.com');
  await page.goto('/en-GB/account/my-payment-method');
  await expect(page.getByRole('heading', { name: 'No payment method' })).toBeVisible();
  await page.getByRole('button', { name: 'Add payment method' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Add payment method' })).toBeVisible();
  await page.getByRole('button', { name: 'Add address manually' }).click();
  await page.getByLabel('First name').fill('Kim');
  await page.getByLabel('Last name').fill('Driver');
  await page.getByLabel('Address line 1').fill('1 Parliament Square');
  await page.getByLabel('Town or city').fill('London');
  await page.getByLabel('Postal code').fill('SW1P 3BD');
  await page.getByRole('button', { name: 'Continue' }).click();
  await fillCard(page, '4242 4242 4242 4242');
  await expect(page.getByText('Payment method added')).toBeVisible();
  await expect(page).toHaveURL(/\/en-GB\/account\/my-payment-method$/);
  await expect(page.getByText('Visa ending in 4242')).toBeVisible();

  const alex = await newBrowser();
  await alex.goto('/en-GB/account/my-payment-method/edit-payment-method');
  await signIn(alex, 'alex.owner@example.com');
  await expect(alex.getByRole('heading', { level: 1, name: 'Edit payment method' })).toBeVisible();
  await alex.getByRole('button', { name: 'Continue' }).click();
  await fillCard(alex, '4000 0027 6000 3184');
  await alex.getByRole('button', { name: 'Complete' }).click();
  await expect(alex.getByText('Payment Method updated')).toBeVisible();
  await expect(alex).toHaveURL(/\/en-GB\/account\/my-payment-method$/);
  await expect(alex.getByText('ending in 3184')).toBeVisible();
});

test('account §2 and §5: in nl-NL kim saves iDEAL for her renewals through the bank page and comes back to it added', async ({
  page,
}) => {
  // The page speaks Dutch: the labels come from the Dutch catalogue the shop ships.
  const texts = nl.account.paymentMethod;
  await page.goto('/nl-NL/account/my-payment-method');
  await signIn(page, 'kim.driver@example.com');
  await page.getByRole('button', { name: texts.add }).click();
  await expect(page.getByRole('heading', { level: 1, name: texts.addTitle })).toBeVisible();
  await page.getByRole('button', { name: nl.address.addManually }).click();
  await page.getByLabel(nl.address.firstName).fill('Kim');
  await page.getByLabel(nl.address.lastName).fill('Driver');
  await page.getByLabel(nl.address.address1).fill('Damrak 1');
  await page.getByLabel(nl.address.city).fill('Amsterdam');
  await page.getByLabel(nl.address.postalCode).fill('1012 LG');
  await page.getByRole('button', { name: texts.continue }).click();
  await page.getByRole('group', { name: nl.checkout.payment.method }).getByRole('radio', { name: 'iDEAL' }).check();
  await expect(page.getByText(texts.bankNotice.replace('{{method}}', 'iDEAL'))).toBeVisible();
  await page.getByRole('button', { name: texts.saveMethod }).click();
  await expect(page.getByRole('heading', { name: 'Authorise at your bank' })).toBeVisible();
  await page.getByRole('button', { name: 'Authorise' }).click();
  // Back on Payment details, which finishes the bank-debit save (account §2) and says it was added.
  await expect(page.getByText(texts.toast.added)).toBeVisible();
  await expect(page).toHaveURL(/\/nl-NL\/account\/my-payment-method$/);
  await expect(page.getByText(/iDEAL/)).toBeVisible();
  await expect(page.getByRole('button', { name: texts.add })).toHaveCount(0);
});
