/**
 * The account paths of account §2 (domain/pages.ts ACCOUNT_PATHS) as the router matches them. The
 * storefront's route table holds one entry for the whole area (`account/*`); the account chunk routes
 * within it, and the server (entry-server.tsx) resolves the same paths to read the page's data.
 */
import { matchPath } from 'react-router';
import { ACCOUNT_PATHS } from '../../../../domain/pages.ts';

/**
 * The account page at `rest` (the path below /account): its route pattern (`account/…`, or `account`
 * for /account itself) and parameters; undefined when no account page has that path.
 */
export function matchAccountPath(
  rest: string,
): { route: string; params: Record<string, string | undefined> } | undefined {
  const path = `/${rest.replace(/^\/+|\/+$/g, '')}`;
  if (path === '/') return { route: 'account', params: {} };
  for (const pattern of Object.keys(ACCOUNT_PATHS)) {
    const match = matchPath({ path: pattern, end: true }, path);
    if (match) return { route: `account/${pattern}`, params: match.params };
  }
  return undefined;
}
