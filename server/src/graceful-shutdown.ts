/**
 * Graceful shutdown of the public HTTP server (issue 16: "on SIGTERM an instance reports not
 * ready, stops accepting connections, finishes requests in flight … and exits within a bounded
 * time"). Draining:
 *
 * 1. the listener closes (`server.close()`): a new connection is refused, so the load balancer
 *    sends it to another instance, and `/api/readyz` answers 503 on connections still open;
 * 2. idle keep-alive connections close at once; a request in flight runs to its end, and its
 *    answer (like every answer given while draining) says `Connection: close`, so its connection
 *    closes after it instead of waiting for a next request that would find no one;
 * 3. after `timeoutMs` whatever is still open is closed by force, with a log line.
 */
import type { Server, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import type { Logger } from 'pino';

export interface DrainResult {
  /** Requests cut off by the timeout. */
  forced: number;
}

export class Drainer {
  #draining = false;
  readonly #inFlight = new Set<ServerResponse>();

  get draining(): boolean {
    return this.#draining;
  }

  /** Tracks the answers in flight and marks those given while draining; mount it first. */
  readonly middleware: RequestHandler = (_req, res, next) => {
    this.#inFlight.add(res);
    const done = () => this.#inFlight.delete(res);
    res.once('finish', done);
    res.once('close', done);
    if (this.#draining) res.setHeader('Connection', 'close');
    next();
  };

  /** Drains `server` (see above); resolves once every connection is closed, by the timeout at the latest. */
  async drain(server: Server, { timeoutMs, logger }: { timeoutMs: number; logger: Logger }): Promise<DrainResult> {
    this.#draining = true;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    const pending = [...this.#inFlight];
    for (const res of pending) {
      // Not yet answered: its answer will end the connection. Answered already (a stream still
      // sending): its connection is closed once idle, below.
      if (!res.headersSent) res.setHeader('Connection', 'close');
      res.once('finish', () => setImmediate(() => server.closeIdleConnections()));
    }
    server.closeIdleConnections();
    if (pending.length > 0) logger.info({ inFlight: pending.length }, 'draining: waiting for requests in flight');

    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), timeoutMs);
      timer.unref();
    });
    const result = await Promise.race([closed, timedOut]);
    clearTimeout(timer);
    if (result !== 'timeout') return { forced: 0 };
    const forced = this.#inFlight.size;
    logger.warn({ forced, timeoutMs }, `draining: SHUTDOWN_TIMEOUT_MS passed, closing ${forced} request(s) by force`);
    server.closeAllConnections();
    await closed;
    return { forced };
  }
}

/** Runs `work` for at most `ms`; resolves `false` when the time ran out first (the work is left running). */
export async function within(ms: number, work: Promise<unknown>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const outcome = await Promise.race([
    work.then(
      () => true,
      () => true,
    ),
    new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), Math.max(0, ms));
      timer.unref();
    }),
  ]);
  clearTimeout(timer);
  return outcome;
}
