/**
 * The layout and brand constants of storefront §9 ("Business constants and limits") as the style
 * sheets hold them: tokens.css declares them, themes.css gives both brands the dark brand colour,
 * base.css applies the body size, the upper-case headings and the page widths.
 *
 * §9: "Layout: page max widths 103.75rem, 83.75rem, 60rem; mini-cart width 23.4375rem; layers sticky
 * 1100, modal 1400, toast 1700; breakpoints base 0, sm 23.4375rem, md 48rem, lg 80rem, xl 91.25rem,
 * xxl 120rem; […] dropdown height 2.75rem" and "Brand constants: […] dark brand colour #0C121C. Body
 * text 0.875rem, headings upper case."
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const sheet = (name: string) =>
  readFileSync(path.resolve(process.cwd(), 'client/src/styles', name), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');

/** The declarations of the rule whose selector list is exactly `selector` (whitespace ignored). */
function declarations(css: string, selector: string): Record<string, string> {
  const squash = (text: string) => text.replace(/\s+/g, '');
  const rule = [...css.matchAll(/([^{}]+)\{([^}]*)\}/g)].find(
    ([, selectors]) => squash(selectors!) === squash(selector),
  );
  if (!rule) throw new Error(`no rule for ${selector}`);
  return Object.fromEntries(
    rule[2]!
      .split(';')
      .map((decl) => decl.trim())
      .filter(Boolean)
      .map((decl) => {
        const colon = decl.indexOf(':');
        return [decl.slice(0, colon).trim(), decl.slice(colon + 1).trim()];
      }),
  );
}

const tokens = declarations(sheet('tokens.css'), ':root');
const base = sheet('base.css');

describe('layout constants in tokens.css (storefront §9 Layout)', () => {
  it.each([
    ['--max-width-wide', '103.75rem'],
    ['--max-width-page', '83.75rem'],
    ['--max-width-narrow', '60rem'],
    ['--mini-cart-width', '23.4375rem'],
    ['--z-sticky', '1100'],
    ['--z-modal', '1400'],
    ['--z-toast', '1700'],
    ['--breakpoint-sm', '23.4375rem'],
    ['--breakpoint-md', '48rem'],
    ['--breakpoint-lg', '80rem'],
    ['--breakpoint-xl', '91.25rem'],
    ['--breakpoint-xxl', '120rem'],
    ['--dropdown-height', '2.75rem'],
  ])('%s is %s', (token, value) => {
    expect(tokens[token]).toBe(value);
  });

  it('then the three page widths are the ones base.css lays the container, the page and the narrow page out with', () => {
    expect(declarations(base, '.container')['max-width']).toBe('var(--max-width-wide)');
    expect(declarations(base, '.page')['max-width']).toBe('var(--max-width-page)');
    expect(declarations(base, '.page--narrow')['max-width']).toBe('var(--max-width-narrow)');
  });
});

describe('brand constants (storefront §9: "dark brand colour #0C121C. Body text 0.875rem, headings upper case.")', () => {
  it('the dark colour token is #0C121C', () => {
    expect(tokens['--color-dark']?.toUpperCase()).toBe('#0C121C');
  });

  it.each([":root,\n[data-site='aurora']", "[data-site='borealis']"])(
    'the brand colour of the theme %s is #0C121C',
    (selector) => {
      expect(declarations(sheet('themes.css'), selector)['--color-brand']?.toUpperCase()).toBe('#0C121C');
    },
  );

  it('body text is 0.875rem: the token, and the body set in it', () => {
    expect(tokens['--font-size-body']).toBe('0.875rem');
    expect(declarations(base, 'body')['font-size']).toBe('var(--font-size-body)');
  });

  it('headings are upper case: the token, and every heading level base.css styles transformed by it', () => {
    expect(tokens['--heading-transform']).toBe('uppercase');
    expect(declarations(base, 'h1,h2,h3,h4')['text-transform']).toBe('var(--heading-transform)');
  });
});
