/**
 * Entry point: load and validate the configuration (exit 1 with every problem listed), then serve.
 *
 * SIGTERM (an orchestrator or a load balancer's drain) and SIGINT (Ctrl-C) stop the instance
 * gracefully (issue 16; lifecycle.ts): not ready, no new connections, requests in flight finished,
 * closers run, upstream connections closed, exit 0. Should anything hang past SHUTDOWN_TIMEOUT_MS
 * and a short grace, the process exits 1 with a log line rather than linger. A repeated signal
 * (a terminal and a parent process both passing on Ctrl-C) does not cut the drain short.
 */
import { ConfigError, loadConfig } from './config.ts';
import { createServer } from './server.ts';
import { closeUpstreamConnections } from './upstream/clients.ts';

/** Beyond the drain's own timeout: time for the closers and the last log lines. */
const EXIT_GRACE_MS = 5000;

let config;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

const server = createServer(config);
const port = await server.start();
const { logger } = server.context;
const metricsPort = server.metricsPort();
logger.info({ port, upstream: config.mode }, `proxy listening on http://localhost:${port}`);
if (metricsPort !== undefined) logger.info({ metricsPort }, `metrics on http://localhost:${metricsPort}/metrics`);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) {
      logger.info({ signal }, 'already shutting down');
      return;
    }
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const limitMs = config.shutdownTimeoutMs + EXIT_GRACE_MS;
    setTimeout(() => {
      logger.error({ limitMs }, 'shutdown did not finish in time: exiting by force');
      process.exit(1);
    }, limitMs).unref();
    void server
      .stop()
      .then(() => closeUpstreamConnections())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          logger.error({ err: error }, 'shutdown failed');
          process.exit(1);
        },
      );
  });
}
