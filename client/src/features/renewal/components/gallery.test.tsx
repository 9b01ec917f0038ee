/**
 * The renewal page's gallery (storefront §2: "an image and video gallery (next and previous wrap
 * around, video pauses, reset to the first slide when the URL query changes)"; images requested at
 * quality 60, §9).
 */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { RenewalPage } from '../api/get-renewal-page.ts';
import { Gallery } from './gallery.tsx';

const product = {
  name: 'Connected Navigation',
  images: [
    { url: 'https://images.example.com/one.jpg', alt: 'Map view' },
    { url: 'https://images.example.com/two.jpg', alt: 'Traffic view' },
  ],
  videoUrl: 'https://video.example.com/embed/cn',
} as unknown as RenewalPage['product'];

function renderGallery() {
  const router = createMemoryRouter([{ path: '/en-GB/service/cn', element: <Gallery product={product} /> }], {
    initialEntries: ['/en-GB/service/cn?carvin=ZAAAA1000AA000001'],
  });
  render(<RouterProvider router={router} />);
  return router;
}

const position = () => screen.getByText(/^\d of 3$/).textContent;

describe('gallery', () => {
  it('when Next passes the last slide, then the first comes back; Previous from the first shows the last (the video)', () => {
    renderGallery();
    expect(position()).toBe('1 of 3');
    expect(screen.getByRole('img', { name: 'Map view' }).getAttribute('src')).toBe(
      'https://images.example.com/one.jpg?q=60',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(position()).toBe('3 of 3');
    expect(screen.getByTitle('Connected Navigation video')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(position()).toBe('1 of 3');
  });

  it('when the video slide is left, then its frame is gone (the video stops playing)', () => {
    renderGallery();
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(screen.queryByTitle('Connected Navigation video')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(screen.queryByTitle('Connected Navigation video')).toBeNull();
  });

  it('when the URL query changes, then the first slide comes back', async () => {
    const router = renderGallery();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(position()).toBe('2 of 3');
    await act(() => router.navigate('/en-GB/service/cn?carvin=ZAAAA1000AA000003'));
    expect(position()).toBe('1 of 3');
  });
});
