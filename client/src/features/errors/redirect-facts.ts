/**
 * The facts a page that sent the shopper here named (the vehicle of a VIN error, the error value of
 * "Unable to Load Page"): in navigation state when the browser navigated, in the query when the
 * server redirected before any JavaScript ran.
 */
import { useLocation } from 'react-router';

/** The path and query of the page that redirected to the generic error page (server redirects only). */
export const REDIRECT_SOURCE_FACT = 'from';

const FACTS = ['vin', 'model', 'site', 'locale', 'error', REDIRECT_SOURCE_FACT] as const;
export type RedirectFacts = Partial<Record<(typeof FACTS)[number], string>>;

export function useRedirectFacts(): RedirectFacts {
  const { state, search } = useLocation();
  if (state && typeof state === 'object') return state as RedirectFacts;
  const query = new URLSearchParams(search);
  const facts: RedirectFacts = {};
  for (const name of FACTS) {
    const value = query.get(name);
    if (value) facts[name] = value;
  }
  return facts;
}
