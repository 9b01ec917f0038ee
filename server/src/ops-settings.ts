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
 * - DATA_DIR (`.data`, git-ignored): where the order-attempt journal lives on disk when there is no
 *   REDIS_URL (services/attempts/disk-journal.ts, issue 29); `:memory:` keeps it in the process (the
 *   default under NODE_ENV=test, where many servers run side by side).
 * - ORDER_ATTEMPT_HORIZON_MS (60000): how long an order attempt may rest before the reconciler drives
 *   it to an end state; ORDER_ATTEMPT_AWAY_MS (1800000): the same for a shopper on a 3-D Secure or
 *   bank page; RECONCILE_INTERVAL_MS (15000; 0 under NODE_ENV=test): how often the reconciler looks (0:
 *   only at start-up and shutdown); RECONCILE_RETRY_MS (5000, doubling up to RECONCILE_RETRY_MAX_MS 300000): the
 *   backoff of a failed step; RECONCILE_ALERT_AFTER (5): failed tries before a person is alerted.
 */
import { z } from 'zod';

export interface OpsSettings {
  /** The metrics listener; none when METRICS_PORT is unset. */
  metrics?: { host?: string; port: number };
  shutdownTimeoutMs: number;
  /** The order-attempt journal's folder, or `:memory:`; unused with REDIS_URL. */
  dataDir: string;
  orderAttempts: {
    /** How long an attempt may rest in a state before the reconciler drives it on. */
    horizonMs: number;
    /** The same for a shopper on a 3-D Secure or bank page. */
    awayMs: number;
    /** How often the reconciler looks; 0: only at start-up and shutdown. */
    intervalMs: number;
    /** The first retry's delay after a failed step, doubled each time up to `retryMaxMs`. */
    retryBaseMs: number;
    retryMaxMs: number;
    /** After this many failed tries of one step a person is alerted. */
    alertAfterTries: number;
  };
}

/** An empty variable counts as unset (z.coerce would read '' as 0, an ephemeral port). */
const unsetIfEmpty = (value: unknown) => (value === '' ? undefined : value);

export const OPS_ENV = {
  METRICS_PORT: z.preprocess(unsetIfEmpty, z.coerce.number().int().min(0).max(65535).optional()),
  METRICS_HOST: z.preprocess(unsetIfEmpty, z.string().trim().min(1).optional()),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(20_000),
  DATA_DIR: z.preprocess(unsetIfEmpty, z.string().trim().min(1).optional()),
  ORDER_ATTEMPT_HORIZON_MS: z.coerce.number().int().min(100).max(86_400_000).default(60_000),
  ORDER_ATTEMPT_AWAY_MS: z.coerce
    .number()
    .int()
    .min(100)
    .max(86_400_000)
    .default(30 * 60_000),
  RECONCILE_INTERVAL_MS: z.preprocess(unsetIfEmpty, z.coerce.number().int().min(0).max(3_600_000).optional()),
  RECONCILE_RETRY_MS: z.coerce.number().int().min(10).max(3_600_000).default(5000),
  RECONCILE_RETRY_MAX_MS: z.coerce.number().int().min(10).max(86_400_000).default(300_000),
  RECONCILE_ALERT_AFTER: z.coerce.number().int().min(1).max(1000).default(5),
};

export function opsSettings(
  e: {
    PORT: number;
    NODE_ENV?: string;
    METRICS_PORT?: number | undefined;
    METRICS_HOST?: string | undefined;
    SHUTDOWN_TIMEOUT_MS: number;
    DATA_DIR?: string | undefined;
    ORDER_ATTEMPT_HORIZON_MS: number;
    ORDER_ATTEMPT_AWAY_MS: number;
    RECONCILE_INTERVAL_MS?: number | undefined;
    RECONCILE_RETRY_MS: number;
    RECONCILE_RETRY_MAX_MS: number;
    RECONCILE_ALERT_AFTER: number;
  },
  problems: string[],
): OpsSettings {
  if (e.METRICS_PORT !== undefined && e.METRICS_PORT !== 0 && e.METRICS_PORT === e.PORT)
    problems.push('METRICS_PORT: must differ from PORT (the metrics are never served on the public port)');
  return {
    ...(e.METRICS_PORT !== undefined
      ? { metrics: { port: e.METRICS_PORT, ...(e.METRICS_HOST ? { host: e.METRICS_HOST } : {}) } }
      : {}),
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    dataDir: e.DATA_DIR ?? (e.NODE_ENV === 'test' ? ':memory:' : '.data'),
    orderAttempts: {
      horizonMs: e.ORDER_ATTEMPT_HORIZON_MS,
      awayMs: e.ORDER_ATTEMPT_AWAY_MS,
      // Tests run many servers against sandboxes they reset: a reconciler acting in the background there
      // would meet the faults a row aims at its own request. They pass RECONCILE_INTERVAL_MS to have one.
      intervalMs: e.RECONCILE_INTERVAL_MS ?? (e.NODE_ENV === 'test' ? 0 : 15_000),
      retryBaseMs: e.RECONCILE_RETRY_MS,
      retryMaxMs: Math.max(e.RECONCILE_RETRY_MS, e.RECONCILE_RETRY_MAX_MS),
      alertAfterTries: e.RECONCILE_ALERT_AFTER,
    },
  };
}
