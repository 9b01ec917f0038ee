/** The breadcrumb (storefront §2 Shell behaviour: "a breadcrumb that always starts with Home and may use a previous-page state"). */
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SESSION_STUB, stubApi } from '../../testing/api-stub.ts';
import { renderApp } from '../../testing/render-app.tsx';

async function crumbs() {
  const nav = await screen.findByRole('navigation', { name: 'Breadcrumb' });
  return within(nav)
    .getAllByRole('listitem')
    .map((item) => item.textContent);
}

describe('Breadcrumb', () => {
  it('when the page was opened from a link carrying a previous page, then Home, that page (a link) and the current page show', async () => {
    stubApi([SESSION_STUB]);
    renderApp('/terms-conditions', {
      state: {
        previousPage: { label: 'Renew Your Connected Navigation', to: '/service/cn-connected-navigation?carvin=X' },
      },
    });
    const nav = await screen.findByRole('navigation', { name: 'Breadcrumb' });
    const previous = await within(nav).findByRole('link', { name: 'Renew Your Connected Navigation' });
    expect(previous.getAttribute('href')).toBe('/service/cn-connected-navigation?carvin=X');
    expect(await crumbs()).toEqual(['Home', 'Renew Your Connected Navigation', 'Terms and conditions']);
  });

  it('when there is no previous-page state, then it starts with Home and ends with the current page', async () => {
    stubApi([SESSION_STUB]);
    renderApp('/terms-conditions');
    const list = await crumbs();
    expect(list[0]).toBe('Home');
    expect(list).toHaveLength(2);
  });
});
