import type { components } from '../../../../generated/proxy/types.ts';
import { httpOperation } from '../../http/operation.ts';

/**
 * GET /api/healthz: the process is up (text/plain `ok` when asked for, JSON otherwise). It stays
 * 200 while the instance drains (issue 16): only readiness turns, so an orchestrator does not kill
 * the process before its requests in flight have finished.
 */
export const healthz = httpOperation((req, res, ctx) => {
  res.setHeader('Cache-Control', 'no-store');
  if (req.accepts(['application/json', 'text/plain']) === 'text/plain') {
    res.type('text/plain').send('ok');
    return;
  }
  const body: components['schemas']['Health'] = {
    status: 'ok',
    uptimeSeconds: Math.floor((Date.now() - ctx.startedAt) / 1000),
  };
  res.json(body);
});
