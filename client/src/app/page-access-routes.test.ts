/**
 * The server paints the §6 redirects before the client's route table runs (server/src/render/pages.ts
 * with domain/page-access.ts guardedPageTypeOf, decision 016): its reading of a path must agree with
 * the page type this route table gives the same path (storefront §2).
 */
import { describe, expect, it } from 'vitest';
import type { RouteObject } from 'react-router';
import { guardedPageTypeOf } from '../../../domain/page-access.ts';
import type { RouteHandle } from '../components/layout/page-type.ts';
import { pageRoutes } from './routes.tsx';

const GUARDED = new Set(['checkout', 'payment-confirmation']);

const typed = (routes: RouteObject[]) =>
  routes.flatMap((route) => {
    const type = (route.handle as RouteHandle | undefined)?.pageType;
    return route.path && type ? [[route.path, type] as const] : [];
  });

describe('the route table and the §6 page types', () => {
  it.each(typed(pageRoutes({ production: false })))(
    'when the path is /%s (%s), then the server reads the same guarded type',
    (path, type) => {
      const expected = GUARDED.has(type) ? type : undefined;
      const concrete = `/${path.replace(/:[^/]+/g, 'x').replace(/\*$/, 'x')}`;
      expect(guardedPageTypeOf(concrete)).toBe(expected);
    },
  );

  it('when the table is read, then it still has a checkout and a payment confirmation page', () => {
    const types = typed(pageRoutes({ production: true })).map(([, type]) => type);
    expect(types).toEqual(expect.arrayContaining(['checkout', 'payment-confirmation']));
  });
});
