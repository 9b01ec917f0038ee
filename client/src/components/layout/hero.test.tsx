/**
 * The hero page template (storefront §2 Other screens: "A generic hero page template with title,
 * description, hero image, messages and buttons."), and the two pages that open with it.
 */
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SESSION_STUB, stubApi } from '../../testing/api-stub.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { Hero } from './hero.tsx';

describe('hero page template (§2 Other screens)', () => {
  it('when given a title, description, image, messages and buttons, then it shows each, the title as the level-one heading', () => {
    render(
      <Hero
        title="Renew your services"
        description="Keep your vehicle connected."
        image={{ src: '/images/cn-1.jpg', alt: 'Connected Navigation' }}
        messages={['Offer ends soon', 'Prices include VAT']}
        buttons={<button type="button">Start</button>}
      >
        <p>More</p>
      </Hero>,
    );
    const hero = screen.getByRole('heading', { level: 1, name: 'Renew your services' }).closest('header')!;
    expect(within(hero).getByText('Keep your vehicle connected.').tagName).toBe('P');
    expect(within(hero).getByRole('img', { name: 'Connected Navigation' }).getAttribute('src')).toBe(
      '/images/cn-1.jpg',
    );
    expect(
      within(hero)
        .getAllByText(/Offer ends soon|Prices include VAT/)
        .map((m) => m.className),
    ).toEqual(['hero__message', 'hero__message']);
    expect(within(hero).getByRole('button', { name: 'Start' }).parentElement?.className).toBe('hero__buttons');
    expect(within(hero).getByText('More')).toBeTruthy();
    expect(hero.className).toBe('hero hero--image');
  });

  it('when given only a title, then nothing else is rendered, no empty paragraph, picture or button row', () => {
    render(<Hero title="Help centre" />);
    const hero = screen.getByRole('heading', { level: 1, name: 'Help centre' }).closest('header')!;
    expect(hero.className).toBe('hero');
    expect([...hero.children].map((child) => child.tagName)).toEqual(['H1']);
  });

  it.each([
    ['/en-GB/home', 'Connected vehicle services'],
    ['/en-GB/faqs', 'Help centre'],
  ])('when %s opens, then its title "%s" and description are the hero template’s', async (url, title) => {
    stubApi([SESSION_STUB]);
    renderApp(url);
    const heading = await screen.findByRole('heading', { level: 1, name: title });
    const hero = heading.closest('header')!;
    expect(hero.className).toBe('hero');
    expect(hero.firstElementChild).toBe(heading);
    expect(heading.nextElementSibling?.tagName).toBe('P');
    expect(heading.nextElementSibling?.textContent).not.toBe('');
  });
});
