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
  | { kind: 'redirect'; path: string; facts: Record<string, string> }
  | { kind: 'unavailable'; detail: string | undefined };

/**
 * The error value "Unable to Load Page" shows beside its translated message when the renewal's
 * product load fails: the problem's stable code or the slug of its type (language-neutral), not
 * the upstream's English detail (issue 14).
 */
export function errorValue(problem: Problem | undefined): string | undefined {
  // A failure without a problem body (a network error, a proxy in front answering HTML) has neither.
  if (problem?.code) return problem.code;
  return typeof problem?.type === 'string' ? problem.type.split('/').pop() || undefined : undefined;
}

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
  // 400: no vehicle in the link or storage sends the customer to the main page (§6).
  if ((status === 400 || status === 404 || status === 403) && problem?.redirectUrl) {
    return { kind: 'redirect', path: problem.redirectUrl, facts: {} };
  }
  // No answer at all (status 0: offline, a dropped connection) is a load that failed, not a guard:
  // the page stays where it is, so that a reload back online shows it (storefront §2 Shell
  // behaviour). Sent to /generic-error, the shopper lost the page's address, the VIN with it.
  if (status === 0 || status >= 500) return { kind: 'unavailable', detail: errorValue(problem) };
  // §5 Renewal page guards: the pushed state carries the spec's own error value ("No product
  // variations available", "Product mismatch", ...), which the server sends as the detail.
  const error = problem?.detail ?? errorValue(problem);
  return { kind: 'redirect', path: '/generic-error', facts: error ? { error } : {} };
}
