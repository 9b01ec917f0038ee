/**
 * Readiness of the upstreams (GET /api/readyz in sandbox mode): each answers at all. Reachable
 * means any HTTP answer (even 404): the socket and the server are there.
 */
import type { components } from '../../../../generated/proxy/types.ts';
import type { UpstreamName } from '../../config.ts';
import type { AppContext } from '../../context.ts';

/** A check's value in the contract's Health. */
export type Check = NonNullable<components['schemas']['Health']['checks']>[string];

/** The contract's check names and the upstreams behind each. */
const CHECKS: Record<string, UpstreamName[]> = {
  commerce: ['commerce'],
  som: ['som'],
  vehicles: ['vehicles'],
  identity: ['identity'],
  payments: ['adyen', 'stripe'],
  loqate: ['loqate'],
};

const PROBE_TIMEOUT_MS = 1500;

/** Reachable means any HTTP answer at all (even 404): the socket and the server are there. */
async function reachable(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { method: 'GET', signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) });
    await response.body?.cancel();
    return true;
  } catch {
    return false;
  }
}

export async function readiness(ctx: AppContext): Promise<Record<string, Check>> {
  const entries = await Promise.all(
    Object.entries(CHECKS).map(async ([check, names]) => {
      const results = await Promise.all(names.map((n) => reachable(ctx.config.baseUrls[n])));
      return [check, results.every(Boolean) ? 'ok' : 'failing'] as const;
    }),
  );
  return Object.fromEntries(entries);
}
