import type { components } from '../../../../generated/proxy/types.ts';
import { AppError, sendProblem } from '../../errors.ts';
import { readiness } from '../../services/platform/readiness.ts';
import { sharedStateChecks } from '../../state/shared-state.ts';
import { httpOperation } from '../../http/operation.ts';

/**
 * GET /api/readyz. In sandbox mode it checks cheaply that each upstream answers; in prism and
 * live mode a loaded configuration is enough (probing a paid upstream from every pod is not cheap).
 * A draining instance (SIGTERM, issue 16 graceful shutdown) is not ready whatever its upstreams
 * say: the load balancer stops sending it requests while those in flight finish.
 */
export const readyz = httpOperation(async (req, res, ctx) => {
  res.setHeader('Cache-Control', 'no-store');
  if (ctx.draining) {
    // Answered here rather than thrown: a drain is planned, not an error to report (monitoring/).
    const problem = new AppError(503, 'shutting-down', 'Shutting down', 'This instance is draining.');
    sendProblem(res, problem.toProblem(typeof req.id === 'string' ? req.id : undefined));
    return;
  }
  // The shared store (REDIS_URL) in every mode: without it the instance can serve no shopper (issue 16).
  const checks = { ...(ctx.config.mode === 'sandbox' ? await readiness(ctx) : {}), ...(await sharedStateChecks(ctx)) };
  const failing = Object.entries(checks)
    .filter(([, state]) => state === 'failing')
    .map(([name]) => name);
  if (failing.length > 0) {
    throw new AppError(503, 'not-ready', 'Not ready', `${failing.join(', ')} unreachable.`);
  }
  if (req.accepts(['application/json', 'text/plain']) === 'text/plain') {
    res.type('text/plain').send('ready');
    return;
  }
  const body: components['schemas']['Health'] = { status: 'ready', checks };
  res.json(body);
});
