/**
 * The settings of running instances behind a load balancer (issue 16), read by config.ts:
 *
 * - METRICS_PORT: the port of GET /metrics (metrics/metrics-server.ts), apart from the public
 *   PORT. Unset, there is no metrics listener, so `make start`, the tests and several instances on
 *   one machine never compete for a port; a deployment sets it (9464 is the usual Prometheus
 *   exporter port). 0 picks a free port (tests).
 * - METRICS_HOST: the address it listens on; every interface when unset (Prometheus scrapes it
 *   from another host), `127.0.0.1` to keep it on the machine.
 * - SHUTDOWN_TIMEOUT_MS (20000): how long a stopping instance lets requests in flight finish before
 *   it closes them (graceful-shutdown.ts); a place-order waits for its provider, up to
 *   UPSTREAM_TIMEOUT_MS per call, hence well above it.
 */
import { z } from 'zod';

export interface OpsSettings {
  /** The metrics listener; none when METRICS_PORT is unset. */
  metrics?: { host?: string; port: number };
  shutdownTimeoutMs: number;
}

/** An empty variable counts as unset (z.coerce would read '' as 0, an ephemeral port). */
const unsetIfEmpty = (value: unknown) => (value === '' ? undefined : value);

export const OPS_ENV = {
  METRICS_PORT: z.preprocess(unsetIfEmpty, z.coerce.number().int().min(0).max(65535).optional()),
  METRICS_HOST: z.preprocess(unsetIfEmpty, z.string().trim().min(1).optional()),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(20_000),
};

export function opsSettings(
  e: { PORT: number; METRICS_PORT?: number; METRICS_HOST?: string; SHUTDOWN_TIMEOUT_MS: number },
  problems: string[],
): OpsSettings {
  if (e.METRICS_PORT !== undefined && e.METRICS_PORT !== 0 && e.METRICS_PORT === e.PORT)
    problems.push('METRICS_PORT: must differ from PORT (the metrics are never served on the public port)');
  return {
    ...(e.METRICS_PORT !== undefined
      ? { metrics: { port: e.METRICS_PORT, ...(e.METRICS_HOST ? { host: e.METRICS_HOST } : {}) } }
      : {}),
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
  };
}
