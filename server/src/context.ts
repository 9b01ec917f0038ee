/** What every handler receives besides the request: configuration, upstream clients, sessions. */
import type { Request, Response } from 'express';
import type { Logger } from 'pino';
import type { Config } from './config.ts';
import type { KeyedLock } from './locks.ts';
import type { ProxyMetrics } from './metrics/registry.ts';
import type { Sessions } from './session.ts';
import type { SharedState } from './state/shared-state.ts';
import type { Upstreams } from './upstream/clients.ts';
import type { OrderAttempts } from './services/attempts/port.ts';

export interface AppContext {
  config: Config;
  upstreams: Upstreams;
  sessions: Sessions;
  logger: Logger;
  /** Serialises the checkout's writes per session (services/checkout/idempotency.ts). */
  locks: KeyedLock;
  startedAt: number;
  /** This instance's Prometheus metrics (metrics/, issue 16); absent in contexts tests build by hand. */
  metrics?: ProxyMetrics;
  /** True once stop() began: readyz answers 503 `shutting-down` (graceful-shutdown.ts, issue 16). */
  draining?: boolean;
  /**
   * Closers stop() runs after the last request in flight finished, each within the shutdown
   * timeout: the shared store's Redis client, an upstream connection pool (issue 16).
   */
  onStop?: Array<() => Promise<void> | void>;
  /** The Redis-backed sessions, lock and rate limits shared by every instance (REDIS_URL, state/, issue 16). */
  sharedState?: SharedState;
  /**
   * The order attempts' owner (issue 29): the durable journal of every place-order attempt, its
   * reconciler, and the providers' verified webhook events (services/attempts/).
   */
  attempts: OrderAttempts;
}

/** One operation's entry point. Express 5 forwards a rejected promise to the error handler. */
export type Handler = (req: Request, res: Response, ctx: AppContext) => void | Promise<void>;
