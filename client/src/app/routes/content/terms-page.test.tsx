/**
 * The terms page (storefront §2 /terms-conditions, §8 "Generic page message: 'Page currently
 * unavailable. Try again!'"): the content asset's body, or the generic message when it cannot be read.
 */
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TERMS_ASSET_ID } from '../../../features/content/content-assets.ts';
import { SESSION_STUB, stubApi } from '../../../testing/api-stub.ts';
import { renderApp } from '../../../testing/render-app.tsx';

afterEach(() => vi.unstubAllGlobals());

const asset = new RegExp(`/api/content/${TERMS_ASSET_ID}$`);

describe('the terms page', () => {
  it('when the terms cannot be read, then "Page currently unavailable. Try again!"', async () => {
    stubApi([SESSION_STUB, ['GET', asset, { status: 502, body: { title: 'Service unavailable', status: 502 } }]]);
    renderApp('/en-GB/terms-conditions');
    expect((await screen.findByRole('alert')).textContent).toBe('Page currently unavailable. Try again!');
  });

  it('when the terms are read, then their body, and no message', async () => {
    stubApi([SESSION_STUB, ['GET', asset, { body: { id: TERMS_ASSET_ID, c_body: '<p>Our purchase terms.</p>' } }]]);
    renderApp('/en-GB/terms-conditions');
    expect(await screen.findByText('Our purchase terms.')).toBeTruthy();
    expect(screen.queryByText('Page currently unavailable. Try again!')).toBeNull();
  });
});
