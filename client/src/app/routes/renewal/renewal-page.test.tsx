/**
 * The renewal page (storefront §2 Renewal page, §4 Renew action and Renewal page load, §5 guards),
 * against stubbed proxy answers taken from proxy.yaml's examples.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { contractExample, SESSION_STUB, stubApi, type StubHandler } from '../../../testing/api-stub.ts';
import { renderApp } from '../../../testing/render-app.tsx';

const URL_GB = '/en-GB/service/cn-connected-navigation?carvin=ZAAAA1000AA000001';
const renewal = (body: unknown, status = 200): StubHandler => ['GET', /\/api\/renewal\//, { status, body }];
const expiring = () => contractExample<Record<string, any>>('renewalExpiring');

describe('renewal page', () => {
  it('when the page loads, then the title, vehicle, expiry notice, plans and VAT line show (§2)', async () => {
    stubApi([SESSION_STUB, renewal({ ...expiring(), basketItem: null })]);
    renderApp(URL_GB);
    expect(await screen.findByRole('heading', { level: 1, name: 'Renew Your Connected Navigation' })).toBeTruthy();
    expect(screen.getByText(/expires soon/)).toBeTruthy();
    expect(screen.getByText(/ZAAAA1000AA000001/)).toBeTruthy();
    const plans = within(screen.getByRole('group', { name: 'Choose your plan' })).getAllByRole('radio');
    expect(plans).toHaveLength(3);
    expect(screen.getByText('£149')).toBeTruthy();
    expect(screen.getByText('All prices include VAT')).toBeTruthy();
    expect(document.title).toBe('Renew Your Connected Navigation');
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(
      'Renew your Connected Navigation subscription for your vehicle.',
    );
  });

  it('when "View all" under the FAQs is followed, then the help centre\'s breadcrumb leads back to this page (§2 FAQ section, Shell breadcrumb)', async () => {
    stubApi([
      SESSION_STUB,
      renewal({ ...expiring(), basketItem: null }),
      ['GET', /\/api\/faqs$/, { body: { total: 0, offset: 0, limit: 5, unavailable: false, items: [] } }],
    ]);
    renderApp(URL_GB);
    await screen.findByRole('heading', { level: 1, name: 'Renew Your Connected Navigation' });
    await userEvent.click(screen.getByRole('link', { name: 'View all' }));
    const nav = await screen.findByRole('navigation', { name: 'Breadcrumb' });
    const back = await within(nav).findByRole('link', { name: 'Renew Your Connected Navigation' });
    expect(back.getAttribute('href')).toBe(URL_GB);
  });

  it('when the feature check fails (the product load answers 502), then Unable to Load Page and no account button (§2 Shell)', async () => {
    stubApi([
      SESSION_STUB,
      renewal(
        { type: 'https://shop.example/problems/upstream-error', title: 'x', status: 502, detail: 'Commerce failed.' },
        502,
      ),
    ]);
    renderApp(URL_GB);
    expect(await screen.findByText('Error: upstream-error')).toBeTruthy();
    expect(screen.queryByText(/Commerce failed/)).toBeNull();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'My account' })).toBeNull());
  });

  it('when the feature check passes, then the account button shows (§2 Shell)', async () => {
    stubApi([SESSION_STUB, renewal({ ...expiring(), basketItem: null })]);
    renderApp(URL_GB);
    await screen.findByRole('heading', { level: 1, name: 'Renew Your Connected Navigation' });
    expect(screen.getByRole('button', { name: 'My account' })).toBeTruthy();
  });

  it('when the plan in the basket is known, then it is the default (§4)', async () => {
    stubApi([SESSION_STUB, renewal(expiring())]);
    renderApp(URL_GB);
    const chosen = await screen.findByRole('radio', { name: /1 year/ });
    expect((chosen as HTMLInputElement).checked).toBe(true);
  });

  it('when the service has expired, then "This service has expired"', async () => {
    stubApi([
      SESSION_STUB,
      renewal({
        ...expiring(),
        expiry: { state: 'expired', expiryDate: '2026-11-12', formatted: '12 November 2026', daysLeft: -10 },
      }),
    ]);
    renderApp(URL_GB);
    expect(await screen.findByText('This service has expired')).toBeTruthy();
  });

  it('when the product is a one-time fee without VAT, then "/ one-time fee" and no VAT line', async () => {
    const page = expiring();
    page.product.oneTimeFee = true;
    page.pricesIncludeVat = false;
    stubApi([SESSION_STUB, renewal(page)]);
    renderApp(URL_GB);
    expect((await screen.findAllByText('/ one-time fee')).length).toBeGreaterThan(0);
    expect(screen.queryByText('All prices include VAT')).toBeNull();
  });

  it('when the service is up to date, then the thank-you screen with "View Account"', async () => {
    stubApi([
      SESSION_STUB,
      renewal({
        ...expiring(),
        upToDate: true,
        expiry: { state: 'active', expiryDate: '2027-09-18', formatted: '18 September 2027', daysLeft: 300 },
      }),
    ]);
    renderApp(URL_GB);
    expect(await screen.findByRole('heading', { name: 'Thank you' })).toBeTruthy();
    expect(screen.getByText('Your subscriptions are up to date for this vehicle:')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'View Account' })).toBeTruthy();
  });

  it.each([
    ['registered', '/en-GB/account/my-subscriptions', undefined],
    [
      'guest',
      '/en-GB/service/cn-connected-navigation',
      '/api/session/login?returnTo=%2Fen-GB%2Faccount%2Fmy-subscriptions&locale=en-GB',
    ],
  ] as const)(
    'when a %s shopper presses "View Account", then it goes to %s (registered) or starts the login back to the subscriptions (§2)',
    async (authType, path, login) => {
      const session: StubHandler = [
        'GET',
        /\/api\/session$/,
        {
          body: {
            ...(SESSION_STUB[2] as { body: object }).body,
            authType,
            customer:
              authType === 'registered' ? { customerId: 'c1', firstName: 'Alex', email: 'alex@example.com' } : null,
          },
        },
      ];
      const assign = vi.fn();
      const original = window.location;
      Object.defineProperty(window, 'location', { configurable: true, value: { ...original, assign } });
      try {
        const stub = stubApi([
          session,
          renewal({ ...expiring(), upToDate: true }),
          ['GET', /\/api\/session\/login$/, { body: { authorizeUrl: 'https://login.example/authorize' } }],
        ]);
        const { router } = renderApp(URL_GB);
        await userEvent.click(await screen.findByRole('button', { name: 'View Account' }));
        await waitFor(() => expect(router.state.location.pathname).toBe(path));
        if (login) {
          await waitFor(() => expect(assign).toHaveBeenCalledWith('https://login.example/authorize'));
          expect(stub.calls.some((call) => call.path === login)).toBe(true);
        } else expect(assign).not.toHaveBeenCalled();
      } finally {
        Object.defineProperty(window, 'location', { configurable: true, value: original });
      }
    },
  );

  it('while the page loads, then the loading animation says so; benefits show only when the product has some (§2)', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    stubApi([SESSION_STUB, renewal({ ...expiring(), product: { ...expiring().product, benefits: [] } })]);
    // The renewal read waits until the loading screen has been seen.
    const answered = globalThis.fetch;
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) =>
      String(input instanceof Request ? input.url : input).includes('/api/renewal/')
        ? held.then(() => answered(input, init))
        : answered(input, init),
    );
    renderApp(URL_GB);
    expect(await screen.findByText("Loading your vehicle's services…")).toBeTruthy();
    release();
    expect(await screen.findByRole('heading', { level: 1, name: 'Renew Your Connected Navigation' })).toBeTruthy();
    expect(screen.queryByText("Loading your vehicle's services…")).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Benefits' })).toBeNull();
  });

  it('when the product has benefits, then they are listed under "Benefits" (§2)', async () => {
    const benefits = [
      { title: 'Live traffic', description: 'Around jams before you reach them.', imageUrl: null },
      { title: 'Map updates', description: 'New roads over the air.', imageUrl: null },
    ];
    stubApi([SESSION_STUB, renewal({ ...expiring(), product: { ...expiring().product, benefits } })]);
    renderApp(URL_GB);
    const heading = await screen.findByRole('heading', { name: 'Benefits' });
    const list = within(heading.closest('section')!).getByRole('list');
    expect(
      within(list)
        .getAllByRole('heading', { level: 3 })
        .map((title) => title.textContent),
    ).toEqual(['Live traffic', 'Map updates']);
  });

  it('when renew is pressed without a plan, then the plan selector error and no basket call (§4)', async () => {
    const stub = stubApi([SESSION_STUB, renewal({ ...expiring(), basketItem: null })]);
    renderApp(URL_GB);
    await screen.findByRole('group', { name: 'Choose your plan' });
    await userEvent.click(screen.getAllByRole('button', { name: 'Renew now' })[0]!);
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      expect.stringContaining('Plan selector error'),
    );
    expect(stub.calls.some((c) => c.path.startsWith('/api/basket'))).toBe(false);
  });

  it('when a plan is chosen and renewed, then the item is added, add_to_cart is pushed and checkout opens', async () => {
    const stub = stubApi([
      SESSION_STUB,
      renewal({ ...expiring(), basketItem: null }),
      ['POST', /\/api\/basket\/items$/, { body: contractExample('basketWithItem') }],
    ]);
    const { router } = renderApp(URL_GB);
    await userEvent.click(await screen.findByRole('radio', { name: /2 years/ }));
    await userEvent.click(screen.getAllByRole('button', { name: 'Renew now' })[0]!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/en-GB/checkout'));
    const post = stub.calls.find((c) => c.method === 'POST');
    expect(post?.body).toEqual({
      productId: 'cn-connected-navigation',
      variantId: 'cn-connected-navigation-24m',
      vin: 'ZAAAA1000AA000001',
    });
    expect(window.dataLayer).toContainEqual(
      expect.objectContaining({ event: 'add_to_cart', item_id: 'cn-connected-navigation-24m' }),
    );
  });

  it('when the page loads, then at most 2 API calls precede the plan selector (issue 4 figure)', async () => {
    const stub = stubApi([SESSION_STUB, renewal(expiring())]);
    // The number of calls made at the moment the plan selector enters the page.
    let callsBeforeSelector: number | undefined;
    const observer = new MutationObserver(() => {
      if (callsBeforeSelector === undefined && document.querySelector('.plan-selector')) {
        callsBeforeSelector = stub.calls.length;
      }
    });
    observer.observe(document.body, { childList: true, subtree: true });
    renderApp(URL_GB);
    await screen.findByRole('group', { name: 'Choose your plan' });
    observer.disconnect();
    expect(callsBeforeSelector).toBeLessThanOrEqual(2);
    expect(
      stub.calls
        .slice(0, 2)
        .map((c) => c.path.split('?')[0])
        .sort(),
    ).toEqual(['/api/renewal/cn-connected-navigation', '/api/session']);
  });

  it('when "View countries included" is pressed, then a dialog lists the countries', async () => {
    stubApi([SESSION_STUB, renewal(expiring())]);
    renderApp(URL_GB);
    const opener = await screen.findByRole('button', { name: 'View countries included' });
    await userEvent.click(opener);
    // The dialog's chunk loads when it is first asked for (issue 12).
    expect(await screen.findByText('France')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Countries included: Europe' })).toBeTruthy();
    await userEvent.click(screen.getAllByRole('button', { name: 'Close' })[0]!);
    expect(document.activeElement).toBe(opener);
    await userEvent.click(opener);
    expect(screen.getByRole('heading', { name: 'Countries included: Europe' })).toBeTruthy();
  });

  it.each([
    [409, 'problemMarketError', '/en-GB/invalid-market-vin'],
    [409, 'problemBrandError', '/en-GB/invalid-brand-vin'],
    [404, 'problemVinNotFound', '/en-GB/vin-error'],
  ])('when the proxy answers %s (%s), then the page goes to %s (§4)', async (status, example, path) => {
    stubApi([SESSION_STUB, renewal(contractExample(example), status)]);
    const { router } = renderApp(URL_GB);
    await waitFor(() => expect(router.state.location.pathname).toBe(path));
  });

  it('when a guard fails (422), then /generic-error with the error in state (§5)', async () => {
    stubApi([
      SESSION_STUB,
      renewal(
        {
          type: 'https://shop.example/problems/no-product-variations',
          title: 'x',
          status: 422,
          detail: 'No product variations available',
          redirectUrl: '/generic-error',
        },
        422,
      ),
    ]);
    const { router } = renderApp(URL_GB);
    await waitFor(() => expect(router.state.location.pathname).toBe('/en-GB/generic-error'));
    expect(router.state.location.state).toMatchObject({ error: 'No product variations available' });
  });

  it('when the page redirects to /generic-error, then that page sends generic_error_page with the renewal URL as referrer (§2 Error pages)', async () => {
    window.dataLayer = [];
    stubApi([
      SESSION_STUB,
      renewal(
        { type: 'https://shop.example/problems/product-mismatch', title: 'x', status: 422, detail: 'Product mismatch' },
        422,
      ),
    ]);
    const { router } = renderApp(URL_GB);
    await waitFor(() => expect(router.state.location.pathname).toBe('/en-GB/generic-error'));
    await waitFor(() =>
      expect(window.dataLayer).toContainEqual({
        event: 'generic_error_page',
        referrer: window.location.origin + URL_GB,
        error: 'Product mismatch',
      }),
    );
    expect(window.sessionStorage.getItem('redirectSource')).toBeNull();
  });

  it('when an order id is stored from an earlier attempt, then it is sent once and cleared (§4)', async () => {
    window.sessionStorage.setItem('orderCreated', '00012345');
    const stub = stubApi([SESSION_STUB, renewal(expiring())]);
    renderApp(URL_GB);
    await screen.findByRole('group', { name: 'Choose your plan' });
    expect(stub.calls.find((c) => c.path.startsWith('/api/renewal'))?.path).toContain('pendingOrderNo=00012345');
    expect(window.sessionStorage.getItem('orderCreated')).toBeNull();
  });
});
