/** The help centre at /faqs (storefront §2 Other screens: hero, search, results with show-more, categories, top FAQs, need-help, breadcrumb). */
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SESSION_STUB, stubApi } from '../../../testing/api-stub.ts';
import { renderApp } from '../../../testing/render-app.tsx';

const faq = (n: number, category = 'service-renewals') => ({
  question: `<p>Question ${n}</p>`,
  answer: `<p>Answer ${n}</p>`,
  category,
});

function stubHelpCentre() {
  return stubApi([
    SESSION_STUB,
    [
      'GET',
      /\/api\/faqs$/,
      (request) => {
        const query = new URL(request.url).searchParams;
        if (query.get('context') === 'renewals') {
          return { body: { total: 2, offset: 0, limit: 5, unavailable: false, items: [faq(100), faq(101)] } };
        }
        const q = query.get('q');
        const limit = Number(query.get('limit'));
        const all = q ? [faq(7)] : Array.from({ length: 30 }, (_, i) => faq(i + 1));
        return { body: { total: all.length, offset: 0, limit, unavailable: false, items: all.slice(0, limit) } };
      },
    ],
    [
      'GET',
      /\/api\/content\/Need_any_Help$/,
      {
        body: {
          id: 'Need_any_Help',
          c_body: '<h3>Need any help?</h3><p>Call 0800 123 456, Monday to Friday 9:00–17:00.</p>',
        },
      },
    ],
  ]);
}

describe('help centre', () => {
  it('when opened, then the hero, the breadcrumb, the top questions, 25 results with show more and the need-help block', async () => {
    stubHelpCentre();
    renderApp('/en-GB/faqs');
    expect(await screen.findByRole('heading', { level: 1, name: 'Help centre' })).toBeTruthy();
    const breadcrumb = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(breadcrumb).getByRole('link', { name: 'Home' })).toBeTruthy();
    const top = (await screen.findByRole('heading', { level: 2, name: 'Top questions' })).closest('section')!;
    expect(await within(top).findByText('Question 100')).toBeTruthy();
    await screen.findByText('Question 25');
    expect(screen.queryByText('Question 26')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await screen.findByText('Question 30')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
    expect(screen.getByRole('heading', { level: 2, name: 'Need any help?' })).toBeTruthy();
    expect(await screen.findByText(/Call 0800 123 456/)).toBeTruthy();
  });

  it('when linked with ?from=, then "Back to the previous page" leads there, and a search sent without the app keeps it', async () => {
    stubHelpCentre();
    const from = '/en-GB/service/cn-connected-navigation?carvin=ZAAAA1000AA000001';
    renderApp(`/en-GB/faqs?${new URLSearchParams({ from }).toString()}`);
    const back = await screen.findByRole('link', { name: 'Back to the previous page' });
    expect(back.getAttribute('href')).toBe(from);
    const form = screen.getByRole('search');
    expect(new FormData(form as HTMLFormElement).get('from')).toBe(from);
  });

  it('when ?from= names another site (//host or a full address), then there is no way back to it', async () => {
    for (const from of ['//evil.example/x', 'https://evil.example/x', '/\\evil.example']) {
      stubHelpCentre();
      const { unmount } = renderApp(`/en-GB/faqs?${new URLSearchParams({ from }).toString()}`);
      expect(await screen.findByRole('heading', { level: 1, name: 'Help centre' })).toBeTruthy();
      expect(screen.queryByRole('link', { name: 'Back to the previous page' })).toBeNull();
      unmount();
    }
  });

  it('when a search is made, then the results are titled with it and the top questions give way', async () => {
    const stub = stubHelpCentre();
    renderApp('/en-GB/faqs');
    await userEvent.type(await screen.findByRole('searchbox', { name: 'Search the FAQs' }), 'refund');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Results for “refund”' })).toBeTruthy();
    expect(await screen.findByText('Question 7')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Top questions' })).toBeNull());
    expect(stub.calls.some((c) => c.path.includes('q=refund'))).toBe(true);
  });

  it('when a topic is chosen, then it is pressed and the results carry its name', async () => {
    const stub = stubHelpCentre();
    renderApp('/en-GB/faqs');
    const topic = await screen.findByRole('button', { name: 'Payment' });
    await userEvent.click(topic);
    expect(topic.getAttribute('aria-pressed')).toBe('true');
    expect(await screen.findByRole('heading', { level: 2, name: 'Payment' })).toBeTruthy();
    expect(stub.calls.some((c) => c.path.includes('category=payment'))).toBe(true);
  });
});
