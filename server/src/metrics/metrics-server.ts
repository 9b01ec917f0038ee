/**
 * GET /metrics in Prometheus's text format on a port of its own (METRICS_PORT), never on the
 * public one (issue 16): the load balancer does not route to it, so the shop's visitors cannot
 * read the instance's figures. Nothing else is served there.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import type { ProxyMetrics } from './registry.ts';

export interface MetricsServer {
  /** The port it listens on (the one given, or the one chosen for port 0). */
  port: number;
  close(): Promise<void>;
}

export function metricsListener(metrics: ProxyMetrics, logger: Logger): Server {
  return createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res
        .writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' })
        .end('Not found: the metrics are at GET /metrics.');
      return;
    }
    metrics.registry.metrics().then(
      (text) => {
        res.writeHead(200, { 'Content-Type': metrics.registry.contentType, 'Cache-Control': 'no-store' });
        res.end(req.method === 'HEAD' ? undefined : text);
      },
      (error: unknown) => {
        logger.error({ err: error }, 'metrics could not be collected');
        res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' }).end('metrics could not be collected');
      },
    );
  });
}

/** Starts Node's process metrics and listens on host:port (every interface without a host). */
export function startMetricsServer(
  metrics: ProxyMetrics,
  { host, port }: { host?: string; port: number },
  logger: Logger,
): Promise<MetricsServer> {
  metrics.collectProcessMetrics();
  const server = metricsListener(metrics, logger);
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port, ...(host ? { host } : {}) }, () => {
      server.off('error', reject);
      resolve({
        port: (server.address() as AddressInfo).port,
        close: () =>
          new Promise<void>((done) => {
            // A scrape is short and repeated: cutting one off loses nothing.
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}
