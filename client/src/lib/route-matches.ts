import { matchRoutes, type RouteMatch, type RouteObject } from 'react-router';

/**
 * How many paths each route table remembers: a browser visits a few; the server renders every
 * shopper's pages (a VIN is in the query, but an order's id is in the path), the oldest leaving first.
 */
const REMEMBERED_PATHS = 1000;
const tables = new WeakMap<RouteObject[], Map<string, RouteMatch[]>>();

/**
 * The routes matching a path, matched once per table and path. React Router's `matchRoutes` flattens
 * and ranks the whole table on every call (about 50 pages twice, with and without the locale
 * prefix), and the boot, the page preload, the catalogue choice and the route table all ask for the
 * same path: one match instead of four keeps that work out of the page's first tasks (issue 35).
 * The answer is shared: callers read it and do not change it.
 */
export function routeMatches(routes: RouteObject[], pathname: string): RouteMatch[] {
  let paths = tables.get(routes);
  if (!paths) tables.set(routes, (paths = new Map()));
  let matches = paths.get(pathname);
  if (!matches) {
    matches = matchRoutes(routes, pathname) ?? [];
    if (paths.size >= REMEMBERED_PATHS) paths.delete(paths.keys().next().value!);
    paths.set(pathname, matches);
  }
  return matches;
}
