/** Content-library HTML keeps the shopper's locale (storefront §2 footer, need-any-help, terms). */
import { render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { localePath } from '../../lib/locales.ts';
import { ContentHtml, localiseLinks } from './content-html.tsx';

const toFr = (path: string) => localePath('fr-FR', path);

describe('localiseLinks', () => {
  it.each([
    ['a shop link gets the locale', '<a href="/faqs">FAQs</a>', '<a href="/fr-FR/faqs">FAQs</a>'],
    ['query and hash are kept', "<a class='x' href='/faqs?q=card#top'>", "<a class='x' href='/fr-FR/faqs?q=card#top'>"],
    ['a link with a locale is left alone', '<a href="/de-DE/faqs">', '<a href="/de-DE/faqs">'],
    [
      'another site is left alone',
      '<a href="https://www.example.com/contact">',
      '<a href="https://www.example.com/contact">',
    ],
    ['a protocol-relative link is left alone', '<a href="//cdn.example.com/x">', '<a href="//cdn.example.com/x">'],
    ['an image source is not a link', '<img src="/images/a.png">', '<img src="/images/a.png">'],
    [
      'every link of a list',
      '<a href="/faqs">a</a><a href="/terms-conditions">b</a>',
      '<a href="/fr-FR/faqs">a</a><a href="/fr-FR/terms-conditions">b</a>',
    ],
  ])('when %s', (_, html, expected) => {
    expect(localiseLinks(html, toFr)).toBe(expected);
  });

  it('when the page has no locale prefix, then the links stay as written', () => {
    expect(localiseLinks('<a href="/faqs">', (path) => localePath(undefined, path))).toBe('<a href="/faqs">');
  });
});

describe('ContentHtml', () => {
  it('when a shop link in the content is clicked on a French page, then the French page opens inside the app', async () => {
    const router = createMemoryRouter(
      [
        { path: '/fr-FR/start', element: <ContentHtml as="nav" aria-label="Liens" html='<a href="/faqs">FAQ</a>' /> },
        { path: '/fr-FR/faqs', element: <h1>Aide</h1> },
      ],
      { initialEntries: ['/fr-FR/start'] },
    );
    render(<RouterProvider router={router} />);
    const link = screen.getByRole('link', { name: 'FAQ' });
    expect(link.getAttribute('href')).toBe('/fr-FR/faqs');
    await userEvent.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/fr-FR/faqs'));
    expect(screen.getByRole('heading', { name: 'Aide' })).toBeTruthy();
  });

  it('when the link is to a file, then the browser fetches it; the app does not route it', async () => {
    const router = createMemoryRouter(
      [{ path: '/fr-FR/start', element: <ContentHtml html='<a href="/docs/manual.pdf">PDF</a>' /> }],
      { initialEntries: ['/fr-FR/start'] },
    );
    render(<RouterProvider router={router} />);
    const link = screen.getByRole('link', { name: 'PDF' });
    // Read on the document, after the app's own (root) listener has had the click.
    let prevented: boolean | undefined;
    const read = (event: Event) => {
      prevented = event.defaultPrevented;
      event.preventDefault(); // jsdom cannot navigate; what matters is that the app did not.
    };
    document.addEventListener('click', read);
    await userEvent.click(link);
    document.removeEventListener('click', read);
    expect(prevented).toBe(false);
    expect(router.state.location.pathname).toBe('/fr-FR/start');
  });
});
