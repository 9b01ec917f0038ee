/**
 * Starting and stopping one proxy instance (issue 16). start() listens on the public port and,
 * with METRICS_PORT, starts the metrics listener. stop() is the graceful shutdown SIGTERM asks for
 * (main.ts): readyz turns to 503 `shutting-down`, the public listener drains (graceful-shutdown.ts),
 * then the context's closers run (the shared store's Redis client…), then the metrics listener
 * and the error reporter close, all within about SHUTDOWN_TIMEOUT_MS.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Express } from 'express';
import type { Logger } from 'pino';
import type { AppContext } from './context.ts';
import { within, type Drainer } from './graceful-shutdown.ts';
import { startMetricsServer, type MetricsServer } from './metrics/metrics-server.ts';
import type { ProxyMetrics } from './metrics/registry.ts';

/** A closer that has not finished when the drain used the whole timeout still gets this long. */
const LAST_CLOSER_GRACE_MS = 1000;

export interface Lifecycle {
  start(port?: number): Promise<number>;
  stop(): Promise<void>;
  /** The metrics listener's port once started; undefined without METRICS_PORT. */
  metricsPort(): number | undefined;
}

interface LifecycleParts {
  app: Express;
  context: AppContext;
  metrics: ProxyMetrics;
  drainer: Drainer;
  /** The logger outside any request (start-up and shutdown lines). */
  logger: Logger;
  /** Last of all: flush what the error reporter still holds. */
  afterStop?: () => Promise<unknown> | unknown;
}

function listen(app: Express, port: number): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = app.listen(port, (error?: Error) => (error ? reject(error) : resolve(server)));
  });
}

export function lifecycle({ app, context, metrics, drainer, logger, afterStop }: LifecycleParts): Lifecycle {
  const { config } = context;
  let server: Server | undefined;
  let metricsServer: MetricsServer | undefined;
  let stopping: Promise<void> | undefined;

  const shutdown = async (listening: Server) => {
    const deadline = Date.now() + config.shutdownTimeoutMs;
    context.draining = true;
    logger.info({ timeoutMs: config.shutdownTimeoutMs }, 'shutting down: not ready, draining requests in flight');
    await drainer.drain(listening, { timeoutMs: config.shutdownTimeoutMs, logger });
    // After the last request: the closers may take the shared store away from under no one.
    for (const close of context.onStop ?? []) {
      const closing = Promise.resolve()
        .then(close)
        .catch((error: unknown) => logger.error({ err: error }, 'shutting down: a closer failed'));
      if (!(await within(Math.max(LAST_CLOSER_GRACE_MS, deadline - Date.now()), closing)))
        logger.warn('shutting down: a closer did not finish in time; going on without it');
    }
    await metricsServer?.close();
    metricsServer = undefined;
    await afterStop?.();
    logger.info('shut down');
  };

  return {
    start: async (port = config.port) => {
      const listening = await listen(app, port);
      if (config.metrics) {
        try {
          metricsServer = await startMetricsServer(metrics, config.metrics, logger);
        } catch (error) {
          listening.close();
          throw error;
        }
      }
      server = listening;
      context.draining = false;
      return (listening.address() as AddressInfo).port;
    },
    stop: () => {
      if (stopping) return stopping;
      if (!server) return Promise.resolve();
      const listening = server;
      server = undefined;
      stopping = shutdown(listening).finally(() => (stopping = undefined));
      return stopping;
    },
    metricsPort: () => metricsServer?.port,
  };
}
