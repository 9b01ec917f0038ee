/** "Need any help?" (storefront §2 Confirmation): the asset's phone, times and links; one FAQ link. */
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { SWRConfig } from 'swr';
import { describe, expect, it } from 'vitest';
import { stubApi, type StubHandler } from '../../testing/api-stub.ts';
import { NeedHelp } from './need-help.tsx';

function renderHelp() {
  const router = createMemoryRouter([{ path: '/fr-FR/confirmation', element: <NeedHelp /> }], {
    initialEntries: ['/fr-FR/confirmation'],
  });
  render(
    <SWRConfig value={{ provider: () => new Map() }}>
      <RouterProvider router={router} />
    </SWRConfig>,
  );
}

const asset = (c_body: string): StubHandler => [
  'GET',
  /\/api\/content\/Need_any_Help$/,
  { body: { id: 'Need_any_Help', c_body } },
];

describe('need any help', () => {
  it("when the asset links to the FAQs itself, then that one link, in the page's locale", async () => {
    stubApi([asset('<h3>Need any help?</h3><p>Call 0800 000 0000.</p><p><a href="/faqs">FAQs</a></p>')]);
    renderHelp();
    expect(await screen.findByText('Call 0800 000 0000.')).toBeTruthy();
    const links = screen.getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/fr-FR/faqs']);
  });

  it('when the asset has no FAQ link, then the section adds one', async () => {
    stubApi([asset('<p>Call 0800 000 0000.</p>')]);
    renderHelp();
    expect(await screen.findByText('Call 0800 000 0000.')).toBeTruthy();
    expect(screen.getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual(['/fr-FR/faqs']);
  });
});
