/**
 * The FAQ accordion (storefront §2 Other screens: items expand individually; "View All" expands
 * every item and becomes "Collapse all", which closes them again).
 */
import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Accordion } from './accordion.tsx';

const ITEMS = [
  { question: '<p>When does my renewed plan start?</p>', answer: '<p>On the day the current one ends.</p>' },
  { question: '<p>How do I request a refund?</p>', answer: '<p>From My Subscriptions.</p>' },
  { question: '<p>Which payment methods can I use?</p>', answer: '<p>Cards and local methods.</p>' },
];

function renderAccordion() {
  const router = createMemoryRouter([{ path: '/en-GB/faqs', element: <Accordion items={ITEMS} /> }], {
    initialEntries: ['/en-GB/faqs'],
  });
  const { container } = render(<RouterProvider router={router} />);
  const items = () => Array.from(container.querySelectorAll('details'));
  return { items, openCount: () => items().filter((d) => d.open).length };
}

describe('accordion', () => {
  it('when View All is pressed, then every answer opens and the button says Collapse all; pressed again, all close', () => {
    const { openCount } = renderAccordion();
    expect(openCount()).toBe(0);
    fireEvent.click(screen.getByRole('button', { name: 'View All' }));
    expect(openCount()).toBe(3);
    fireEvent.click(screen.getByRole('button', { name: 'Collapse all' }));
    expect(openCount()).toBe(0);
    expect(screen.getByRole('button', { name: 'View All' })).toBeTruthy();
  });

  it('when every item is opened one by one, then the button turns to Collapse all; one closed, back to View All', () => {
    const { items } = renderAccordion();
    for (const item of items()) {
      item.open = true;
      fireEvent(item, new Event('toggle'));
    }
    expect(screen.getByRole('button', { name: 'Collapse all' })).toBeTruthy();
    const first = items()[0]!;
    first.open = false;
    fireEvent(first, new Event('toggle'));
    expect(screen.getByRole('button', { name: 'View All' })).toBeTruthy();
    expect(items().filter((d) => d.open)).toHaveLength(2);
  });

  it('when the questions are headings, then they carry no block tags inside (valid phrasing content)', () => {
    const { items } = renderAccordion();
    const heading = items()[0]!.querySelector('h3')!;
    expect(heading.innerHTML).not.toMatch(/<p/);
    expect(heading.textContent).toBe('When does my renewed plan start?');
  });
});
