/**
 * The address lookup list (storefront §9 Business constants and limits: "Lookup: minimum 3
 * characters, limit 10, 5 visible rows (3 below md), scrolling beyond 2 items"; md is 48rem and
 * the dropdown height 2.75rem).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { contractExample, SESSION_STUB, stubApi } from '../../../testing/api-stub.ts';
import { renderApp } from '../../../testing/render-app.tsx';

const css = readFileSync(
  path.resolve(process.cwd(), 'client/src/features/address/components/address-lookup.css'),
  'utf8',
)
  .replace(/\/\*[\s\S]*?\*\//g, '')
  .trim();

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The declarations of `selector`: a top-level rule (after a closing brace), or the one inside `@media media`. */
function declarations(selector: string, media?: string) {
  const before = media ? `@media ${escape(media)}\\s*\\{\\s*` : '(?:^|\\})\\s*';
  const body = new RegExp(`${before}${escape(selector)}\\s*\\{([^}]*)\\}`).exec(css)?.[1] ?? '';
  return Object.fromEntries(
    body
      .split(';')
      .map((decl) => decl.split(':').map((part) => part.trim()))
      .filter(([prop]) => prop)
      .map(([prop, ...value]) => [prop, value.join(':')]),
  ) as Record<string, string | undefined>;
}

describe('the lookup list rule (§9)', () => {
  it.each([
    ['below md', 'calc(3 * 2.75rem)', undefined],
    ['from md (48rem)', 'calc(5 * 2.75rem)', '(min-width: 48rem)'],
  ])('%s, then the list is %s high', (_, height, media) => {
    expect(declarations('.suggestions', media)['max-height']).toBe(height);
  });

  it('then only the list of more than 2 items is a scroll container', () => {
    expect(declarations('.suggestions')['overflow-y']).toBeUndefined();
    expect(declarations('.suggestions')['overflow']).toBeUndefined();
    expect(declarations('.suggestions--scroll')['overflow-y']).toBe('auto');
  });
});

function basketAtAddressStep() {
  const basket = contractExample<Record<string, unknown>>('basketWithItem');
  Object.assign(basket, { customerEmail: 'gus@example.com', shippingAddress: null, billingAddress: null });
  return { step: 1, stepName: 'shippingAddress', guestCheckout: true, provider: 'stripe', basket };
}

const item = (n: number) => ({ Id: `GB|${n}`, Text: `${n} High Street`, Description: 'London', Type: 'Address' });

describe('the lookup list in the address form (§9)', () => {
  it.each([
    [2, false],
    [3, true],
  ])('when %i suggestions arrive, then the scroll class is %s', async (count, scrolls) => {
    stubApi([
      SESSION_STUB,
      ['GET', /\/api\/checkout$/, { body: basketAtAddressStep() }],
      ['GET', /\/api\/address\/status$/, { body: { available: true } }],
      ['GET', /\/api\/address\/find$/, { body: { items: Array.from({ length: count }, (_, i) => item(i + 1)) } }],
    ]);
    renderApp('/en-GB/checkout');
    await userEvent.type(await screen.findByLabelText('Find your address'), 'Hig');
    const list = (await screen.findByRole('button', { name: /1 High Street/ })).closest('ul');
    expect(list?.classList.contains('suggestions')).toBe(true);
    expect(list?.classList.contains('suggestions--scroll')).toBe(scrolls);
  });
});
