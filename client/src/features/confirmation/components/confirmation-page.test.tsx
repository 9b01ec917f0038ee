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
