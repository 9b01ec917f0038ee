import { describe, expect, it } from 'vitest';
import { isProduction } from './environment.ts';

describe('environment (storefront §2: test pages only outside production)', () => {
  it.each([
    ['production', true],
    ['development', false],
    [undefined, false],
  ])('when <html data-env> is %s, then production is %s', (env, expected) => {
    const root = document.createElement('html');
    if (env) root.dataset.env = env;
    expect(isProduction(root)).toBe(expected);
  });
});
