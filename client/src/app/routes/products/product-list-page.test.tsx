/** The product list page (storefront §2 Other screens): title, feature image, vehicle bar, grid. */
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SESSION_STUB, stubApi, type StubHandler } from '../../../testing/api-stub.ts';
import { renderApp } from '../../../testing/render-app.tsx';

const lookup = (imageUrl: string | null): StubHandler => [
  'GET',
  /\/api\/vehicles\/lookup$/,
  {
    body: {
      outcome: 'success',
      vehicle: {
        vin: 'ZAAAA1000AA000001',
        model: 'Aurora Sport Tourer',
        brand: 'aurora',
        make: 'Aurora',
        market: 'GB',
        imageUrl,
        services: [
          {
            productId: 'cn-connected-navigation',
            name: 'Connected Navigation',
            imageUrl: null,
            expiryDate: '2026-12-22',
            expiryState: 'expiring',
          },
        ],
      },
    },
  },
];

describe('product list page', () => {
  it('when the vehicle has a picture, then it is the feature image above the vehicle bar and the grid', async () => {
    stubApi([SESSION_STUB, lookup('https://img.example/sport-tourer.jpg')]);
    const { container } = renderApp('/en-GB/service?carvin=ZAAAA1000AA000001');
    expect(await screen.findByText('Aurora Sport Tourer')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Services for your vehicle' })).toBeTruthy();
    expect(container.querySelector('img.product-list__image')?.getAttribute('src')).toBe(
      'https://img.example/sport-tourer.jpg',
    );
    expect(screen.getByRole('link', { name: 'Renew Connected Navigation' }).getAttribute('href')).toBe(
      '/en-GB/service/cn-connected-navigation?carvin=ZAAAA1000AA000001',
    );
  });

  it('when the vehicle has no picture, then the page shows without one', async () => {
    stubApi([SESSION_STUB, lookup(null)]);
    const { container } = renderApp('/en-GB/service?carvin=ZAAAA1000AA000001');
    expect(await screen.findByText('Aurora Sport Tourer')).toBeTruthy();
    expect(container.querySelector('img.product-list__image')).toBeNull();
  });
});
