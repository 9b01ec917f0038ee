/**
 * A page in the en-XB pseudo-locale (storefront §9; issue 14): its words are the English
 * catalogue's, pseudo-localised (accented, lengthened, bracketed), not a copy of English.
 */
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import en from '../../../catalogues/en.json' with { type: 'json' };
import { pseudoLocalise } from '../../pseudo-locale.ts';
import { languageOf } from '../lib/locales.ts';
import { renderApp } from '../testing/render-app.tsx';

describe('the en-XB pseudo-locale', () => {
  it('when a page is opened under /en-XB, then it shows the pseudo-localised text, not English', async () => {
    renderApp('/en-XB/page-not-found');
    const heading = await screen.findByRole('heading', {
      level: 1,
      name: pseudoLocalise(en.errors.pageNotFound.title),
    });
    expect(heading.textContent).toBe('[Þáĝé ñöţ ƒöûñð ~~~~~]');
    expect(screen.queryByText(en.errors.pageNotFound.title)).toBeNull();
  });

  it('when its catalogue language is asked, then it is its own, not English', () => {
    expect(languageOf('en-XB')).toBe('en-XB');
    expect(languageOf('en-GB')).toBe('en');
  });
});
