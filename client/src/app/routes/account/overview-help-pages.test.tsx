/**
 * My Overview and Help & Support's empty branches (account §2, §8), against the contract's examples:
 * a vehicle without an expiring service says 'No expiring services'; FAQs that cannot be read say
 * so, and the page keeps its contact link.
 */
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import en from '../../../../../catalogues/en.json' with { type: 'json' };
import { operationExample, SESSION_STUB, stubApi, type StubHandler } from '../../../testing/api-stub.ts';
import { renderApp } from '../../../testing/render-app.tsx';

const SITE: StubHandler = ['GET', /\/api\/site$/, { body: { customPreferences: {} } }];

afterEach(() => vi.unstubAllGlobals());

describe('My Overview', () => {
  it.each([
    ['noExpiringServices', true],
    ['withExpiringServices', false],
  ] as const)('with the example %s, then "No expiring services" shows: %s', async (example, empty) => {
    stubApi([
      SESSION_STUB,
      SITE,
      ['GET', /\/api\/account\/overview$/, { body: operationExample('/account/overview', 'get', 200, example) }],
    ]);
    renderApp('/en-GB/account/my-overview');
    expect(await screen.findByRole('heading', { level: 2, name: en.account.overview.expiringTitle })).toBeTruthy();
    expect(Boolean(screen.queryByText(en.account.overview.noExpiring))).toBe(empty);
  });
});

describe('Help & Support', () => {
  it('when the FAQs cannot be read, then the page says so and keeps its contact link (account §8)', async () => {
    stubApi([
      SESSION_STUB,
      SITE,
      ['GET', /\/api\/account\/help$/, { body: operationExample('/account/help', 'get', 200, 'faqsUnavailable') }],
    ]);
    renderApp('/en-GB/account/need-help');
    expect(await screen.findByText(en.account.helpPage.faqsUnavailable)).toBeTruthy();
    expect(screen.getByRole('link', { name: en.account.contactUs }).getAttribute('href')).toBe(
      'https://shop.example/en-GB/contact-us',
    );
  });
});

describe('the footer (storefront §2)', () => {
  const links: StubHandler = [
    'GET',
    /\/api\/content\/Footer_Links$/,
    { body: { id: 'Footer_Links', c_body: '<ul><li><a href="/en-GB/faqs">FAQs</a></li></ul>' } },
  ];

  it.each([
    ['/en-GB/terms-conditions', true],
    ['/en-GB/subscriptions-redirect', false],
  ] as const)('on %s, then the footer links show: %s; Cookie settings always', async (path, shown) => {
    const stub = stubApi([SESSION_STUB, SITE, links]);
    renderApp(path);
    expect(await screen.findByRole('button', { name: 'Cookie settings' })).toBeTruthy();
    if (shown) expect(await screen.findByRole('navigation', { name: 'Footer' })).toBeTruthy();
    else {
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(screen.queryByRole('navigation', { name: 'Footer' })).toBeNull();
      // Not even asked for: the links are left out, not loaded late.
      expect(stub.calls.filter((call) => call.path.includes('Footer_Links'))).toEqual([]);
    }
  });
});
