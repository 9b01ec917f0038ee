/**
 * Confirmation (storefront §2: "Basket item lists can be collapsed ('show items' / 'hide items')
 * in order-summary and confirmation contexts") against proxy.yaml's confirmation example.
 */
import { screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { operationExample, SESSION_STUB, stubApi } from '../../../testing/api-stub.ts';
import { renderApp } from '../../../testing/render-app.tsx';

const order = operationExample<{ items: Array<{ name: string }> }>(
  '/checkout/confirmation/{orderNo}',
  'get',
  200,
  'cardWithVat',
);

describe('confirmation items (§2)', () => {
  it('when "hide items" is pressed, then the items are hidden and "show items" brings them back', async () => {
    stubApi([SESSION_STUB, ['GET', /\/api\/checkout\/confirmation\/00012345$/, { body: order }]]);
    renderApp('/en-GB/confirmation/00012345');
    const name = order.items[0]?.name ?? '';
    const hide = await screen.findByRole('button', { name: 'hide items' });
    expect(hide.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText(name).closest('ul')?.hidden).toBe(false);

    await userEvent.click(hide);
    const show = screen.getByRole('button', { name: 'show items' });
    expect(show.getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByText(name).closest('ul')?.hidden).toBe(true);

    await userEvent.click(show);
    expect(screen.getByRole('button', { name: 'hide items' }).getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText(name).closest('ul')?.hidden).toBe(false);
  });
});

describe('confirmation of an order still being paid (issue 17, two tabs)', () => {
  it('when the order answers 409 (paid in another tab), then the page says so and asks again until the thank-you', async () => {
    const pending = operationExample<object>('/checkout/confirmation/{orderNo}', 'get', 409, 'paymentPending');
    let asked = 0;
    stubApi([
      SESSION_STUB,
      [
        'GET',
        /\/api\/checkout\/confirmation\/00012345$/,
        () => ((asked += 1) === 1 ? { status: 409, body: pending } : { body: order }),
      ],
    ]);
    renderApp('/en-GB/confirmation/00012345');
    expect(await screen.findByText('We are confirming your payment with your bank…')).toBeTruthy();
    expect(screen.queryByText('Order not found')).toBeNull();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Thank you for your order' }, { timeout: 5_000 }),
    ).toBeTruthy();
    expect(asked).toBe(2);
  });
});
