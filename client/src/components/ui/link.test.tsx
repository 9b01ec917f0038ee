import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { Link } from './link.tsx';

function Where() {
  const location = useLocation();
  return (
    <output aria-label="where">{`${location.pathname}${location.search} ${JSON.stringify(location.state)}`}</output>
  );
}

function renderAt(link: React.ReactNode) {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <>
            {link}
            <Where />
          </>
        ),
      },
    ],
    { initialEntries: ['/en-GB/home'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('Link', () => {
  it('is a real link to the resolved path, and a click moves the router there with its state', () => {
    const router = renderAt(
      <Link to="/en-GB/faqs?q=1" state={{ from: 'home' }}>
        FAQ
      </Link>,
    );
    const link = screen.getByRole('link', { name: 'FAQ' });
    expect(link.getAttribute('href')).toBe('/en-GB/faqs?q=1');
    fireEvent.click(link);
    expect(screen.getByLabelText('where').textContent).toBe('/en-GB/faqs?q=1 {"from":"home"}');
    expect(router.state.historyAction).toBe('PUSH');
  });

  it('replace replaces the entry', () => {
    const router = renderAt(
      <Link to="/en-GB/faqs" replace>
        FAQ
      </Link>,
    );
    expect(screen.getByRole('link', { name: 'FAQ' }).getAttribute('href')).toBe('/en-GB/faqs');
    fireEvent.click(screen.getByRole('link', { name: 'FAQ' }));
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it.each([
    ['a modified click (new tab)', {}, { ctrlKey: true }],
    ['a link to a new window', { target: '_blank' }, {}],
    ['a link that reloads the document', { reloadDocument: true }, {}],
  ])('leaves %s to the browser', (_name, props, click) => {
    renderAt(
      <Link to="/en-GB/faqs" {...props}>
        FAQ
      </Link>,
    );
    fireEvent.click(screen.getByRole('link', { name: 'FAQ' }), click);
    expect(screen.getByLabelText('where').textContent).toBe('/en-GB/home null');
  });

  it("runs the caller's onClick first, which may keep the router from following", () => {
    const onClick = vi.fn((event: React.MouseEvent) => event.preventDefault());
    renderAt(
      <Link to="/en-GB/faqs" onClick={onClick}>
        FAQ
      </Link>,
    );
    fireEvent.click(screen.getByRole('link', { name: 'FAQ' }));
    expect(onClick).toHaveBeenCalledOnce();
    expect(screen.getByLabelText('where').textContent).toBe('/en-GB/home null');
  });
});
