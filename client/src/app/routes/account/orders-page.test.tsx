/**
 * My Orders and Order detail (account §2, §8, §9) against the contract's examples of listOrders and
 * getOrder: 5 at first, 5 more per Load more with 'Showing X of Y orders', the empty state; the
 * timeline by key, and the 'Unavailable' modal of a document that cannot be had.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { operationExample, SESSION_STUB, stubApi, type StubHandler } from '../../../testing/api-stub.ts';
import { renderApp } from '../../../testing/render-app.tsx';

const SITE: StubHandler = ['GET', /\/api\/site$/, { body: { customPreferences: {} } }];
const orders = (name: string) => operationExample('/account/orders', 'get', 200, name);

afterEach(() => vi.unstubAllGlobals());

describe('My Orders', () => {
  it('when alex has 7 orders, then 5 with the count, Load more adds the last 2 and goes', async () => {
    const user = userEvent.setup();
    stubApi([
      SESSION_STUB,
      SITE,
      [
        'GET',
        /\/api\/account\/orders$/,
        (request) => ({
          body: orders(new URL(request.url).searchParams.get('offset') === '5' ? 'lastPage' : 'orders'),
        }),
      ],
    ]);
    renderApp('/en-GB/account/my-orders');
    expect(await screen.findByText('Showing 5 of 7 orders')).toBeTruthy();
    expect(screen.getAllByRole('article')).toHaveLength(5);
    const cancelled = screen.getByRole('article', { name: 'Order 00012002' });
    expect(within(cancelled).getByText('Order Cancelled')).toBeTruthy();
    expect(within(cancelled).getByText('0 items')).toBeTruthy();
    expect(within(screen.getByRole('article', { name: 'Order 00012001' })).getByText('1 item')).toBeTruthy();
    const five = screen.getByRole('article', { name: 'Order 00012003' });
    expect(within(five).getByText('6 items')).toBeTruthy();
    // Five thumbnails: four and '+1' on a phone, all five on a tablet (account §2, §9; CSS shows one set).
    const thumbnails = [...five.querySelectorAll('.order-card__thumbnails li')];
    expect(five.querySelectorAll('.order-card__thumbnails img')).toHaveLength(5);
    expect(thumbnails.filter((li) => li.classList.contains('order-card__thumbnail--tablet'))).toHaveLength(1);
    expect(five.querySelector('.order-card__more--phone')?.textContent).toBe('+1');
    expect(five.querySelector('.order-card__more--tablet')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Showing 7 of 7 orders')).toBeTruthy();
    expect(screen.getAllByRole('article')).toHaveLength(7);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(
      within(screen.getByRole('article', { name: 'Order 00012001' }))
        .getByRole('link', { name: 'View order 00012001' })
        .getAttribute('href'),
    ).toBe('/en-GB/account/my-orders/1Os000000000001AAA/00012001');
  });

  it('when there are none, then the empty state in the words of §2', async () => {
    stubApi([SESSION_STUB, SITE, ['GET', /\/api\/account\/orders$/, { body: orders('noOrders') }]]);
    renderApp('/en-GB/account/my-orders');
    expect(await screen.findByRole('heading', { name: 'No orders' })).toBeTruthy();
    expect(screen.getByText('All orders placed on this website will appear here.')).toBeTruthy();
  });
});

describe('Order detail', () => {
  it('when the invoice cannot be retrieved, then the Invoice Unavailable modal, and the timeline reads by key', async () => {
    const user = userEvent.setup();
    const tab = { close: vi.fn(), location: { href: '' } };
    vi.stubGlobal(
      'open',
      vi.fn(() => tab),
    );
    stubApi([
      SESSION_STUB,
      SITE,
      [
        'GET',
        /\/api\/account\/orders\/1Os000000000100AAA\/00012100$/,
        { body: operationExample('/account/orders/{id}/{orderNo}', 'get', 200, 'renewalActive') },
      ],
      [
        'GET',
        /\/invoice$/,
        {
          status: 502,
          body: {
            type: 'https://shop.example/problems/invoice-unavailable',
            title: 'Invoice Unavailable',
            status: 502,
            detail: 'There was a problem retrieving your invoice document. Please try again shortly.',
          },
        },
      ],
    ]);
    renderApp('/en-GB/account/my-orders/1Os000000000100AAA/00012100');
    expect(await screen.findByRole('heading', { level: 1, name: 'Order 00012100' })).toBeTruthy();
    // Help & Support's Contact us: the localised contact-us page (account §2), not the help page.
    expect(screen.getByRole('link', { name: 'Contact us' }).getAttribute('href')).toBe(
      'https://shop.example/en-GB/contact-us',
    );
    const timeline = screen.getByRole('list', { name: 'Order status' });
    expect(
      within(timeline)
        .getAllByRole('listitem')
        .map((step) => step.textContent),
    ).toEqual(['✓Order placed (done)', '✓Renewed (done)']);
    await user.click(screen.getByRole('button', { name: 'View invoice' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invoice Unavailable' });
    expect(
      within(dialog).getByText('There was a problem retrieving your invoice document. Please try again shortly.'),
    ).toBeTruthy();
    await waitFor(() => expect(tab.close).toHaveBeenCalled());
  });
});
