/**
 * Where a renewal page that cannot be shown goes (storefront §4 Vehicle lookup redirects, §5
 * Renewal page guards, §8 renewal loader): the lookup's and the guards' problems name a page to go
 * to; a failed product load fails the page itself ("Unable to Load Page", HTTP 500 on the server).
 * The browser navigates with the facts in navigation state; the server redirects with them in the
 * query, where the error pages read them too.
 */
import type { Problem } from '../../lib/api/client.ts';
import { LOCALES } from '../../lib/locales.ts';

export type RenewalFailure =
  { kind: 'redirect'; path: string; facts: Record<string, string> } | { kind: 'unavailable'; detail: string };

const UNAVAILABLE = 'Page currently unavailable. Try again!';

export function renewalFailure(status: number, problem: Problem | undefined): RenewalFailure {
  if (status === 409 && problem?.redirectUrl) {
    // The error pages name the vehicle: VIN, model, its site and a locale of its market.
    const vehicle = problem.vehicle;
    const locale = vehicle ? LOCALES.find((l) => l.endsWith(`-${vehicle.market}`)) : undefined;
    return {
      kind: 'redirect',
      path: problem.redirectUrl,
      facts: vehicle
        ? {
            vin: vehicle.vin,
            model: vehicle.model,
            ...(vehicle.brand ? { site: vehicle.brand } : {}),
            ...(locale ? { locale } : {}),
          }
        : {},
    };
  }
  if ((status === 404 || status === 403) && problem?.redirectUrl) {
    return { kind: 'redirect', path: problem.redirectUrl, facts: {} };
  }
  if (status >= 500) return { kind: 'unavailable', detail: problem?.detail ?? UNAVAILABLE };
  return { kind: 'redirect', path: '/generic-error', facts: { error: problem?.detail ?? UNAVAILABLE } };
}
