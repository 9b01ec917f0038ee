import { describe, expect, it } from 'vitest';
import { catalogueAt } from '../lib/lazy.ts';
import { createRoutes } from './routes.tsx';

describe('route table', () => {
  it('renders the renewal and ADAS pages with the core part, every other page with the whole', () => {
    const routes = createRoutes();
    expect(catalogueAt(routes, '/en-GB/service/cn-connected-navigation')).toBe('core');
    expect(catalogueAt(routes, '/fr-FR/product')).toBe('core');
    for (const path of ['/en-GB/checkout', '/en-GB/home', '/en-GB/faqs', '/en-GB/confirmation/1', '/en-GB/nope', '/']) {
      expect(catalogueAt(routes, path), path).toBe('whole');
    }
  });
});
