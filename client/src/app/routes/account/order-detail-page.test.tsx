/**
 * Order detail (account §2 Order detail, §4 Order-status timeline and Help text per item status, §3
 * Timeline step, §8 error catalogue) against the contract's examples of getOrder: the credit note's
 * 'Unavailable' modal and its 'ready to view shortly' line, the help text's links, the terms and FAQ
 * links, and the timeline's markers and short labels.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { operationExample, SESSION_STUB, stubApi, type StubHandler } from '../../../testing/api-stub.ts';
import { renderApp } from '../../../testing/render-app.tsx';

const SITE: StubHandler = ['GET', /\/api\/site$/, { body: { customPreferences: {} } }];

type OrderExample = { id: string; orderNo: string; items: Array<Record<string, unknown>> };
const example = (name: string) => operationExample<OrderExample>('/account/orders/{id}/{orderNo}', 'get', 200, name);

/** Opens the order (a contract example, perhaps changed) and waits until it shows. */
async function openOrder(order: OrderExample, extra: StubHandler[] = []) {
  const stub = stubApi([
    SESSION_STUB,
    SITE,
    ['GET', new RegExp(`/api/account/orders/${order.id}/${order.orderNo}$`), { body: order }],
    ...extra,
  ]);
  renderApp(`/en-GB/account/my-orders/${order.id}/${order.orderNo}`);
  await screen.findByRole('heading', { level: 1, name: `Order ${order.orderNo}` });
  // The heading shows while the order loads; the order's date once it has come.
  await screen.findByText(/^Ordered on /);
  return stub;
}

/** The item's section (one per order item, account §2), named by the item's name. */
const itemSection = (name = 'Connected Navigation') => screen.getByRole('region', { name });

afterEach(() => vi.unstubAllGlobals());

describe('the credit note (account §2 Order detail, §8)', () => {
  it('when the credit note cannot be retrieved, then the Credit Note Unavailable modal with the words of §8 and a Close button', async () => {
    const user = userEvent.setup();
    const tab = { close: vi.fn(), location: { href: '' } };
    vi.stubGlobal(
      'open',
      vi.fn(() => tab),
    );
    await openOrder(example('cancelInstallRefund'), [
      [
        'GET',
        /\/api\/account\/orders\/1Os000000000110AAA\/credit-notes\/CN-00012110$/,
        {
          status: 502,
          body: operationExample(
            '/account/orders/{id}/credit-notes/{creditNoteId}',
            'get',
            502,
            'creditNoteUnavailable',
          ),
        },
      ],
    ]);
    await user.click(screen.getByRole('button', { name: 'View credit note CN-00012110' }));
    const dialog = await screen.findByRole('dialog', { name: 'Credit Note Unavailable' });
    expect(
      within(dialog).getByText('There was a problem retrieving your credit note document. Please try again shortly.'),
    ).toBeTruthy();
    await waitFor(() => expect(tab.close).toHaveBeenCalled());
    // The Close button (§8), beside the dialog's × that is also named Close.
    const close = within(dialog)
      .getAllByRole('button', { name: 'Close' })
      .find((button) => button.textContent === 'Close');
    await user.click(close!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('when the credit note is not ready, then "Your credit note will be ready to view shortly" in place of its link', async () => {
    await openOrder(example('refundRequested'));
    expect(screen.getByText('Your credit note will be ready to view shortly')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^View credit note/ })).toBeNull();
    // The invoice of the same order is ready: its link, not its 'shortly' line.
    expect(screen.getByRole('button', { name: 'View invoice' }).hasAttribute('disabled')).toBe(false);
    expect(screen.queryByText('Your invoice will be ready to view shortly')).toBeNull();
  });
});

describe('the help text per item status (account §4 Help text per item status)', () => {
  it('when a download was triggered and the item has a user manual, then the instructions with "How to install features" to the manual', async () => {
    const order = example('readyToInstall');
    order.items[0]!.userManualUrl = 'https://manuals.example/connected-navigation.pdf';
    await openOrder(order);
    const item = itemSection();
    expect(
      within(item).getByText(/^Go to your vehicle and follow the instructions to complete the installation\./),
    ).toBeTruthy();
    expect(within(item).getByRole('link', { name: 'How to install features' }).getAttribute('href')).toBe(
      'https://manuals.example/connected-navigation.pdf',
    );
  });

  it('when a download was triggered and the item has no user manual, then the instructions without "How to install features"', async () => {
    await openOrder(example('readyToInstall'));
    const item = itemSection();
    expect(
      within(item).getByText('Go to your vehicle and follow the instructions to complete the installation.'),
    ).toBeTruthy();
    expect(within(item).queryByText('How to install features')).toBeNull();
  });

  it('when the installation failed, then "contact the Client Relationship Centre" with a Help & Support link to /account/need-help', async () => {
    await openOrder(example('installationFailed'));
    const item = itemSection();
    expect(within(item).getByText(/Please contact the Client Relationship Centre\./)).toBeTruthy();
    expect(within(item).getByRole('link', { name: 'Help & Support' }).getAttribute('href')).toBe(
      '/en-GB/account/need-help',
    );
  });

  it('when the payment errored, then the payment-method words with an Edit payment method link to /account/my-payment-method', async () => {
    await openOrder(example('paymentError'));
    const item = itemSection();
    expect(
      within(item).getByText(/^We were unable to process this order due to an issue with the chosen payment method\./),
    ).toBeTruthy();
    expect(within(item).getByRole('link', { name: 'Edit payment method' }).getAttribute('href')).toBe(
      '/en-GB/account/my-payment-method',
    );
  });
});

describe('the terms and Help & Support (account §2 Order detail)', () => {
  it('when an order is shown, then the Terms & conditions link to /terms-conditions and the FAQ link to /faqs', async () => {
    await openOrder(example('renewalActive'));
    expect(screen.getByRole('link', { name: 'Terms & conditions' }).getAttribute('href')).toBe(
      '/en-GB/terms-conditions',
    );
    const help = screen.getByRole('region', { name: 'Help & Support' });
    expect(within(help).getByRole('link', { name: 'Read our FAQs' }).getAttribute('href')).toBe('/en-GB/faqs');
  });
});

describe('the timeline markers (account §3 Timeline step, §4 Order-status timeline)', () => {
  /** Each step's marker, label(s) and status words. */
  const steps = () =>
    within(screen.getByRole('list', { name: 'Order status' }))
      .getAllByRole('listitem')
      .map((step) => ({
        marker: step.querySelector('.timeline__marker')?.textContent,
        long: step.querySelector('.timeline__label--long, .timeline__label:not(.timeline__label--short)')?.textContent,
        short: step.querySelector('.timeline__label--short')?.textContent ?? null,
        status: step.querySelector('.visually-hidden')?.textContent,
      }));

  it('when the installation failed (renewed inactive), then a tick for the done step and a cross for the inactive one', async () => {
    await openOrder(example('installationFailed'));
    expect(steps()).toEqual([
      { marker: '✓', long: 'Order placed', short: null, status: ' (done)' },
      { marker: '✕', long: 'Renewed', short: null, status: ' (did not happen)' },
    ]);
  });

  it('when the renewal is exported (renewed current), then the current step shows its number', async () => {
    await openOrder(example('renewalPending'));
    expect(steps()).toEqual([
      { marker: '✓', long: 'Order placed', short: null, status: ' (done)' },
      { marker: '2', long: 'Renewed', short: null, status: ' (in progress)' },
    ]);
  });

  it('when a cancellation is requested, then its steps carry the large label and the base one ("Requested", "Cancelled"), the base one hidden from assistive technology', async () => {
    await openOrder(example('cancellationRequested'));
    expect(steps()).toEqual([
      { marker: '✓', long: 'Cancellation requested', short: 'Requested', status: ' (done)' },
      { marker: '2', long: 'Cancellation completed', short: 'Cancelled', status: ' (in progress)' },
    ]);
    const timeline = screen.getByRole('list', { name: 'Order status' });
    const short = [...timeline.querySelectorAll('.timeline__label--short')];
    expect(short.map((label) => label.getAttribute('aria-hidden'))).toEqual(['true', 'true']);
    // The large label is the one a screen reader reads (the CSS shows the base one below 48rem).
    expect(timeline.querySelectorAll('.timeline__label--long')).toHaveLength(2);
  });
});
