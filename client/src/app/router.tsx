import { use, useMemo } from 'react';
import {
  BrowserRouter,
  renderMatches,
  UNSAFE_NavigationContext as NavigationContext,
  useLocation,
  type RouteObject,
} from 'react-router';
import { RouteMatchesContext } from '../components/layout/page-type.ts';
import { RouteErrorBoundary } from '../components/layout/route-error.tsx';
import { parseLocalePath, type LocalePath } from '../../../domain/locales.ts';
import { PagePathContext } from '../lib/locales.ts';
import { routeMatches } from '../lib/route-matches.ts';
import { routeTable } from './routes.tsx';

/**
 * The route table at the current location, inside the router the caller chose: the browser's,
 * the server's static one (entry-server.tsx) or a test's memory router. Declarative routing
 * (docs/decisions/006): the data router's loaders and actions are not used (the server reads a
 * page's data, SWR owns it in the browser), and it would add 14 KB (gzip) to the first route.
 */
export function AppRoutes({ routes, where }: { routes: RouteObject[]; where?: LocalePath }) {
  const { pathname } = useLocation();
  const matches = routeMatches(routes, pathname);
  // The page's locale prefix, parsed once per path (the server render hands the request edge's).
  const pagePath = useMemo(() => where ?? parseLocalePath(pathname), [where, pathname]);
  // What useRoutes(routes) renders, from the match the boot made already: useRoutes would flatten
  // and rank the whole table again inside the first render, one long unit of work (issue 35). As
  // useRoutes does at the top level, the matched pathnames are re-encoded the router's way.
  const { navigator } = use(NavigationContext);
  const element = useMemo(() => {
    const encode = (path: string) =>
      navigator.encodeLocation
        ? navigator.encodeLocation(path.replace(/%/g, '%25').replace(/\?/g, '%3F').replace(/#/g, '%23')).pathname
        : path;
    return renderMatches(
      matches.map((match) => ({
        ...match,
        pathname: encode(match.pathname),
        pathnameBase: encode(match.pathnameBase),
      })),
    );
  }, [matches, navigator]);
  return (
    <RouteErrorBoundary>
      <PagePathContext value={pagePath}>
        <RouteMatchesContext value={matches}>{element}</RouteMatchesContext>
      </PagePathContext>
    </RouteErrorBoundary>
  );
}

export function AppRouter() {
  const routes = routeTable();
  return (
    <BrowserRouter>
      <AppRoutes routes={routes} />
    </BrowserRouter>
  );
}
