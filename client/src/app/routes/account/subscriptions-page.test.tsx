/**
 * My Subscriptions and the manage modal (account §2 My Subscriptions / Manage modal, §5 reasons and
 * the 150-character limit, §6 login) against the contract's examples of listSubscriptions.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import en from '../../../../../catalogues/en.json' with { type: 'json' };
import { SUBSCRIPTION_TOASTS } from '../../../../../domain/subscription.ts';
import { operationExample, SESSION_STUB, stubApi, type StubHandler } from '../../../testing/api-stub.ts';
import { renderApp } from '../../../testing/render-app.tsx';

const list = (name: string): StubHandler => [
  'GET',
  /\/api\/account\/subscriptions$/,
  { body: operationExample('/account/subscriptions', 'get', 200, name) },
];
const SITE: StubHandler = ['GET', /\/api\/site$/, { body: { customPreferences: {} } }];

afterEach(() => {
  sessionStorage.clear();
  vi.unstubAllGlobals();
});

const cardOf = (vin: string, index = 0) =>
  screen.getAllByRole('article').filter((article) => within(article).queryByText(new RegExp(vin)))[index]!;

describe('My Subscriptions', () => {
  it('when alex has subscriptions, then a card each with status, plan, price, auto-renew or expiry date and the card auto-renewal charges', async () => {
    stubApi([SESSION_STUB, SITE, list('subscriptions')]);
    renderApp('/en-GB/account/my-subscriptions');
    expect(await screen.findByRole('heading', { level: 1, name: 'My subscriptions' })).toBeTruthy();
    const articles = await screen.findAllByRole('article');
    expect(articles).toHaveLength(4);
    const first = articles[0]!;
    expect(within(first).getByText('Active')).toBeTruthy();
    expect(within(first).getByText('one-year plan · £149')).toBeTruthy();
    expect(within(first).getByText('Auto-renews on 22 December 2026.')).toBeTruthy();
    expect(within(first).getByText('ending in 4242')).toBeTruthy();
    expect(within(articles[1]!).getByText('This service has expired')).toBeTruthy();
    expect(within(articles[2]!).getByText('Expires on 20 November 2027.')).toBeTruthy();
    expect(within(articles[3]!).getByText('In progress')).toBeTruthy();
    // The region shows auto-renewal: no expiry alert.
    expect(screen.queryByText('Subscription expires soon')).toBeNull();
  });

  it('when the region does not show auto-renewal and the service is expiring, then the alert with Renew now', async () => {
    stubApi([SESSION_STUB, SITE, list('expiringNoAutoRenewal')]);
    renderApp('/fr-FR/account/my-services');
    const card = await screen.findByRole('article');
    await waitFor(() => expect(within(card).getByText("L'abonnement expire bientôt")).toBeTruthy());
    expect(within(card).getByText('Votre forfait se termine le 12 décembre 2026')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Renouveler maintenant' }).getAttribute('href')).toBe(
      '/fr-FR/service/cn-connected-navigation?carvin=ZAAAA1000AA000004',
    );
  });

  it('when there are none, then the empty state in the words of §2', async () => {
    stubApi([SESSION_STUB, SITE, list('noSubscriptions')]);
    renderApp('/en-GB/account/my-subscriptions');
    expect(await screen.findByRole('heading', { name: 'No subscriptions' })).toBeTruthy();
    expect(screen.getByText('All active subscriptions purchased on this website will appear here.')).toBeTruthy();
  });

  it('when the customer is not enabled, then neither cards nor the empty state render', async () => {
    stubApi([SESSION_STUB, SITE, list('customerNotEnabled')]);
    renderApp('/en-GB/account/my-subscriptions');
    const page = await screen.findByRole('region', { name: 'My subscriptions' });
    // The answer arrived (no loading state) and the page holds its heading only.
    await waitFor(() => expect(within(page).queryByText('Loading…')).toBeNull());
    expect(page.children).toHaveLength(1);
    expect(screen.queryByRole('article')).toBeNull();
    expect(screen.queryByText('No subscriptions')).toBeNull();
  });

  it('when the session is a guest, then the login starts and returns to this page', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign, origin: 'http://localhost' });
    const stub = stubApi([
      SESSION_STUB,
      SITE,
      [
        'GET',
        /\/api\/account\/subscriptions$/,
        {
          status: 401,
          body: {
            type: 'https://shop.example/problems/login-required',
            title: 'Login required',
            status: 401,
            detail: 'Please log in to see your account.',
          },
        },
      ],
      ['GET', /\/api\/session\/login$/, { body: { authorizeUrl: 'http://idp.example/authorize?x=1' } }],
    ]);
    renderApp('/en-GB/account/my-subscriptions');
    expect(await screen.findByText('Please log in to see your account.')).toBeTruthy();
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://idp.example/authorize?x=1'));
    const login = stub.calls.find((c) => c.path.startsWith('/api/session/login'))!;
    expect(new URL(login.path, 'http://localhost').searchParams.get('returnTo')).toBe(
      '/en-GB/account/my-subscriptions',
    );
  });

  it('when alex’s sign-in ended without a logout (tokens refused, session lost), then the page says so and the login starts, never Try again', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign, origin: 'http://localhost' });
    stubApi([
      SESSION_STUB,
      SITE,
      [
        'GET',
        /\/api\/account\/subscriptions$/,
        {
          status: 401,
          body: {
            type: 'https://shop.example/problems/login-required',
            title: 'Login required',
            status: 401,
            detail: 'Your session has ended. Please sign in again.',
            code: 'session-ended',
            redirectUrl: '/api/session/login?returnTo=%2Fde-DE%2Faccount%2Fmy-subscriptions',
          },
        },
      ],
      ['GET', /\/api\/session\/login$/, { body: { authorizeUrl: 'http://idp.example/authorize?x=2' } }],
    ]);
    renderApp('/de-DE/account/my-subscriptions');
    expect(await screen.findByText('Ihre Sitzung wurde beendet. Bitte melden Sie sich erneut an.')).toBeTruthy();
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://idp.example/authorize?x=2'));
    expect(screen.queryByRole('button', { name: 'Erneut versuchen' })).toBeNull();
  });
});

describe('the manage modal', () => {
  it('when alex requests a refund with Other, then the text is held to 150 characters, the request carries the reason and the toast confirms', async () => {
    const user = userEvent.setup();
    const stub = stubApi([
      SESSION_STUB,
      SITE,
      list('subscriptions'),
      [
        'POST',
        /\/refund$/,
        {
          body: {
            result: 'Success',
            subscriptionId: 'a1S000000000003AAA',
            message: 'You have cancelled your subscription and we are processing your refund.',
          },
        },
      ],
    ]);
    renderApp('/en-GB/account/my-subscriptions');
    await screen.findAllByRole('article');
    await user.click(within(cardOf('ZAAAA1000AA000003')).getByRole('button', { name: 'Manage Online Pack' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('You are eligible for a full refund until 4 December 2026.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Request refund' }));
    expect(within(dialog).getByText('visa')).toBeTruthy();
    expect(within(dialog).getByText('ending in 4242')).toBeTruthy();
    expect(within(dialog).getByText('alex.owner@example.com')).toBeTruthy();
    await user.selectOptions(within(dialog).getByLabelText('Reason (optional)'), 'Other');
    const text = within(dialog).getByLabelText('Additional information');
    await user.click(text);
    const pasted = performance.now();
    await user.paste('x'.repeat(151));
    expect(within(dialog).getByText('The entered text is too long')).toBeTruthy();
    // The text reaches the form 200 ms after the last keystroke (account §5), then the action is held back:
    // never sooner (a timer does not fire early), and not seconds later.
    let heldBackAt = 0;
    await waitFor(
      () => {
        expect(within(dialog).getByRole('button', { name: 'Request refund' }).hasAttribute('disabled')).toBe(true);
        heldBackAt ||= performance.now();
      },
      { interval: 10 },
    );
    expect(heldBackAt - pasted).toBeGreaterThanOrEqual(195);
    expect(heldBackAt - pasted).toBeLessThan(2000);
    await user.clear(text);
    await user.type(text, 'Sold the car');
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Request refund' }).hasAttribute('disabled')).toBe(false),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Request refund' }));
    expect(
      await screen.findByText('You have cancelled your subscription and we are processing your refund.'),
    ).toBeTruthy();
    const refund = stub.calls.find((c) => c.method === 'POST')!;
    expect(refund.path).toBe('/api/account/subscriptions/a1S000000000003AAA/refund');
    expect(refund.body).toEqual({ reason: 'Other', additionalInfo: 'Sold the car' });
    // account §2: the refunded item is hidden until the list no longer has it.
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Manage Online Pack' })).toBeNull());
  });

  it('when alex turns auto-renewal off, then the reason of the auto-renewal list is sent and the toast names the service', async () => {
    const user = userEvent.setup();
    const stub = stubApi([
      SESSION_STUB,
      SITE,
      list('subscriptions'),
      ['POST', /\/auto-renewal\/cancel$/, { body: { result: 'Success', subscriptionId: 'a1S000000000001AAA' } }],
    ]);
    renderApp('/en-GB/account/my-subscriptions');
    await screen.findAllByRole('article');
    await user.click(within(cardOf('ZAAAA1000AA000001')).getByRole('button', { name: /^Manage/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Your service will auto-renew on 22 December 2026.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Turn off auto-renewal' }));
    await user.selectOptions(
      within(dialog).getByLabelText('Reason (optional)'),
      'More control over the renewal process',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Turn off auto-renewal' }));
    expect(await screen.findByText('Auto-renewal turned off for Connected Navigation')).toBeTruthy();
    expect(stub.calls.find((c) => c.method === 'POST')!.body).toEqual({
      reason: 'More control over the renewal process',
    });
  });

  it('when alex manages a subscription outside the cooling-off period that is not expiring, then step one shows "name · plan", the no-refund text and the contact-us link (account §2 Manage modal, step one)', async () => {
    const user = userEvent.setup();
    const subscriptions = operationExample<object>('/account/subscriptions', 'get', 200, 'subscriptions');
    stubApi([
      SESSION_STUB,
      SITE,
      [
        'GET',
        /\/api\/account\/subscriptions$/,
        { body: { ...subscriptions, contactUsUrl: 'https://shop.example/en-GB/contact-us' } },
      ],
    ]);
    renderApp('/en-GB/account/my-subscriptions');
    await screen.findAllByRole('article');
    // ZAAAA1000AA000002: expired (so not expiring), no cooling-off period.
    await user.click(within(cardOf('ZAAAA1000AA000002')).getByRole('button', { name: /^Manage/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Connected Navigation' });
    // "Shows the service name and plan."
    expect(within(dialog).getByText('Connected Navigation · one-year plan')).toBeTruthy();
    // "Outside the cooling-off period and not expiring: text that a full refund is not an active option, plus a contact-us link."
    const noRefund = within(dialog).getByText(/A full refund is not an active option/);
    expect(noRefund.textContent).toBe('A full refund is not an active option for this subscription. Contact us');
    expect(within(noRefund).getByRole('link', { name: 'Contact us' }).getAttribute('href')).toBe(
      'https://shop.example/en-GB/contact-us',
    );
    expect(within(dialog).queryByRole('button', { name: 'Request refund' })).toBeNull();
    expect(within(dialog).queryByRole('link', { name: 'Renew now' })).toBeNull();
  });

  it('when the subscription is in progress, then only the processing notice', async () => {
    const user = userEvent.setup();
    stubApi([SESSION_STUB, SITE, list('subscriptions')]);
    renderApp('/en-GB/account/my-subscriptions');
    const articles = await screen.findAllByRole('article');
    await user.click(within(articles[3]!).getByRole('button', { name: /^Manage/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('We are currently processing your order. Please check again later.')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Request refund' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Turn off auto-renewal' })).toBeNull();
  });
});

describe('the manage modal’s toasts (account §2 Manage modal step two)', () => {
  it('when shown in English, then the catalogue’s words are the proxy’s message (SUBSCRIPTION_TOASTS); the client shows the catalogue’s, in the shopper’s language', () => {
    const toast = en.account.manage.toast;
    expect(toast.refunded).toBe(SUBSCRIPTION_TOASTS.refunded);
    expect(toast.autoRenewalOff.replace('{{service}}', 'Online Pack')).toBe(
      SUBSCRIPTION_TOASTS.autoRenewalOff('Online Pack'),
    );
    expect(toast.autoRenewalOn.replace('{{service}}', 'Online Pack')).toBe(
      SUBSCRIPTION_TOASTS.autoRenewalOn('Online Pack'),
    );
  });
});
