import type { components } from '../../../../generated/proxy/types.ts';
import type { Handler } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { readiness } from '../../services/readiness.ts';

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
