/**
 * Structured logs (pino) and request logging (pino-http) with request ids: an incoming
 * X-Request-Id is honoured when it looks sane, otherwise one is generated; either way it is
 * echoed back. Cookies, authorization and CSRF headers are redacted. The id follows the request
 * (issue 16, upstream/correlation.ts): every line written during it, through `req.log` or `ctx.logger`,
 * names it, and every upstream call carries it as `x-request-id` with a `traceparent`.
 *
 * Two formats (issue 15, readable logs for a person): JSON, one object a line, in production and
 * whenever the output is not a terminal (files, pipes, log collectors); pino-pretty at a terminal
 * outside production (`make start`, `make dev`), one short line per request and errors with their
 * stack. LOG_FORMAT (config.ts) can force either outside production.
 */
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import type { Writable } from 'node:stream';
import { pino, type DestinationStream, type Logger } from 'pino';
import { pinoHttp } from 'pino-http';
import type { PrettyOptions } from 'pino-pretty';
import type { RequestHandler } from 'express';
import type { LogFormatSetting } from './config.ts';

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export const REDACT_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-csrf-token"]',
  'res.headers["set-cookie"]',
  'headers.authorization',
];

export type LogFormat = Exclude<LogFormatSetting, 'auto'>;

/**
 * JSON in production whatever the setting (config.ts refuses LOG_FORMAT=pretty there); otherwise
 * the setting, and for `auto` pretty only when stdout is a terminal. scripts/start.ts gives the
 * proxy its own stdout (stdio inherit), so under `make start` and `make dev` that is the terminal.
 */
export function chooseLogFormat(
  setting: LogFormatSetting,
  { production, terminal }: { production: boolean; terminal: boolean },
): LogFormat {
  if (production) return 'json';
  if (setting !== 'auto') return setting;
  return terminal ? 'pretty' : 'json';
}

/** Where the logs go: stdout by default; the tests pass a stream to read what was written. */
export function createLogger(level: string, format: LogFormat = 'json', destination?: Writable): Logger {
  const options = { level, redact: { paths: REDACT_PATHS, censor: '[redacted]' } };
  if (format === 'pretty') return pino(options, prettyStream(destination));
  return destination ? pino(options, destination as DestinationStream) : pino(options);
}

interface LoggedRequest {
  req?: { id?: unknown; method?: unknown; url?: unknown };
  res?: { statusCode?: unknown };
  responseTime?: unknown;
}

/** pino-http's "request completed / errored / aborted" entry: it has the request, the response and the time. */
function isRequestEntry(log: LoggedRequest): boolean {
  return typeof log.req === 'object' && typeof log.res === 'object' && typeof log.responseTime === 'number';
}

/**
 * One line per request: method, path, status, duration, request id. The path stops before the
 * query, which may carry a VIN or a mail token; the request's headers and query are not printed.
 */
export function requestLine(log: LoggedRequest, message: string): string {
  const { req = {}, res = {} } = log;
  const path = String(req.url ?? '').split('?')[0];
  const line = `${String(req.method)} ${path} ${String(res.statusCode)} ${String(log.responseTime)} ms ${String(req.id)}`;
  return message === 'request completed' || message === 'request errored' ? line : `${line} (${message})`;
}

function prettyOptions(destination: Writable | undefined): PrettyOptions {
  return {
    // Synchronous to stdout, so the last lines before an exit are not lost (pino-pretty's README).
    ...(destination ? { destination } : { destination: 1, sync: true }),
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'pid,hostname,req,res,responseTime',
    messageFormat: (log, messageKey) => {
      const entry = log as LoggedRequest;
      const message = String(log[messageKey] ?? '');
      if (isRequestEntry(entry)) return requestLine(entry, message);
      return typeof entry.req?.id === 'string' ? `${message} ${entry.req.id}` : message;
    },
    customPrettifiers: {
      // An error as its stack (which starts with the message). pino-http's stand-in error for a 5xx
      // answer ("failed with status code 500") is left out: the status is on the request's line and
      // the error itself on the error handler's "unhandled error" line just before it.
      // (The prettifier sees the entry without its ignored keys, so the request is told by its message.)
      err: (value, _key, log) => {
        const err = value as { type?: string; message?: string; stack?: string };
        const message = (log as { msg?: unknown }).msg;
        if (message === 'request errored' && /^failed with status code \d{3}$/.test(err.message ?? ''))
          return undefined as unknown as string; // pino-pretty prints nothing for undefined
        return err.stack ?? `${err.type ?? 'Error'}: ${err.message ?? ''}`;
      },
    },
  };
}

/**
 * pino-pretty as a stream (its README, "Usage as a stream"). It is a development dependency,
 * loaded only when the pretty format is chosen, so a production install can leave it out.
 */
function prettyStream(destination: Writable | undefined): DestinationStream {
  const require = createRequire(import.meta.url);
  const pretty = require('pino-pretty') as typeof import('pino-pretty');
  return pretty(prettyOptions(destination));
}

/** pino-http's serialized request without its query: the path stays, the query's values go. */
export function withoutQuery(req: { url?: unknown; query?: unknown }): Record<string, unknown> {
  const { query: _query, ...rest } = req;
  return { ...rest, url: String(req.url ?? '').split('?')[0] };
}

/** pino's level methods: on a request's logger, one of a level that is off writes nothing and costs nothing. */
const LEVEL_METHODS = new Set(['fatal', 'error', 'warn', 'info', 'debug', 'trace']);

/**
 * A request's logger (`req.log`) that makes its pino child, whose bindings serialise the request
 * (redacting its headers), only when something is written through it or asked of it: a level that is
 * off answers pino's own no-op. A request answered without a line to write (every success at `warn`)
 * builds no child (issue 35: the child cost more than the session read).
 */
export function lazyRequestLogger(base: Logger, makeChild: () => Logger): Logger {
  let child: Logger | undefined;
  const real = () => (child ??= makeChild());
  return new Proxy(base, {
    get(target, property) {
      if (!child && typeof property === 'string' && LEVEL_METHODS.has(property) && !target.isLevelEnabled(property))
        return Reflect.get(target, property, target);
      const logger = real();
      const value: unknown = Reflect.get(logger, property, logger);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(logger) : value;
    },
    set: (_target, property, value) => Reflect.set(real(), property, value),
    has: (_target, property) => Reflect.has(real(), property),
  });
}

/** The level of a request's entry: pino-http's customLogLevel as this proxy sets it. */
const entryLevel = (statusCode: number, err: unknown) =>
  err || statusCode >= 500 ? 'error' : statusCode >= 400 ? 'warn' : 'info';

/**
 * pino-http's request logging (its logger, serializers and entries: "request completed", "request
 * aborted", "request errored" with the response, the time and the error), with its per-request child
 * made only when a line is written (lazyRequestLogger): pino-http's middleware made it, serialising the
 * request, for every request, even when the level writes nothing.
 */
export function requestLogger(logger: Logger): RequestHandler {
  // pino-http's own logger: a child of `logger` whose serializers wrap req, res and err as its entries have them.
  const base = pinoHttp({
    logger,
    // The query may carry a VIN, an encrypted VIN or an e-mail link's token (storefront §2): every
    // entry, JSON or pretty, keeps the path only and no query object.
    serializers: { req: withoutQuery },
  }).logger;
  return (req, res, next) => {
    const incoming = req.headers['x-request-id'];
    const id = typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    res.setHeader('X-Request-Id', id);
    req.id = id;
    const startedAt = Date.now();
    // The request as pino-http's child saw it on arrival (the routes change its params, a closed socket has no address).
    const { socket } = req;
    const arrived = {
      id,
      method: req.method,
      originalUrl: req.originalUrl,
      params: req.params,
      headers: req.headers,
      socket: { remoteAddress: socket.remoteAddress, remotePort: socket.remotePort },
      raw: req,
    };
    const log = lazyRequestLogger(base, () => base.child({ req: arrived }));
    req.log = log;
    res.log = log;
    const finished = (err?: Error) => {
      res.removeListener('close', finished);
      res.removeListener('finish', finished);
      res.removeListener('error', finished);
      const level = entryLevel(res.statusCode, err);
      if (!base.isLevelEnabled(level)) return;
      const responseTime = Date.now() - startedAt;
      const failure = err ?? res.err;
      if (failure || res.statusCode >= 500) {
        const error = failure ?? new Error(`failed with status code ${res.statusCode}`);
        log[level]({ res, err: error, responseTime }, 'request errored');
        return;
      }
      const message = !req.readableAborted && res.writableEnded ? 'request completed' : 'request aborted';
      log[level]({ res, responseTime }, message);
    };
    res.on('close', finished);
    res.on('finish', finished);
    res.on('error', finished);
    next();
  };
}
