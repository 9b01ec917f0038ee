import type { components } from '../../../../generated/proxy/types.ts';
import type { UpstreamName } from '../../config.ts';
import type { AppContext, Handler } from '../../context.ts';
import { AppError } from '../../errors.ts';

type Check = 'ok' | 'failing';

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

/**
 * GET /api/readyz. In sandbox mode it checks cheaply that each upstream answers; in prism and
 * live mode a loaded configuration is enough (probing a paid upstream from every pod is not cheap).
 */
export const readyz: Handler = async (req, res, ctx) => {
  res.setHeader('Cache-Control', 'no-store');
  const checks = ctx.config.mode === 'sandbox' ? await readiness(ctx) : {};
  const failing = Object.entries(checks)
    .filter(([, state]) => state === 'failing')
    .map(([name]) => name);
  if (failing.length > 0) {
    throw new AppError(503, 'not-ready', 'Not ready', `Upstream ${failing.join(', ')} is unreachable.`);
  }
  if (req.accepts(['application/json', 'text/plain']) === 'text/plain') {
    res.type('text/plain').send('ready');
    return;
  }
  const body: components['schemas']['Health'] = { status: 'ready', checks };
  res.json(body);
};
