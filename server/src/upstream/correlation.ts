/**
 * Request correlation (issue 16): every upstream call made for a proxy request carries the
 * request's id (`x-request-id`, the id logger.ts honours or generates and echoes) and a W3C Trace
 * Context `traceparent` (https://www.w3.org/TR/trace-context/#traceparent-header): the trace id of
 * a valid incoming `traceparent`, else a new one for the request, and a new span id per upstream
 * call. Every log line written inside the request, through `req.log`, a shopper's `log` or
 * `ctx.logger`, carries the request's id.
 *
 * The request's correlation lives in an AsyncLocalStorage entered right after pino-http, so the
 * services need no extra parameter. Node 24 propagates it through the body parsers' stream events
 * (AsyncContextFrame is its default; package.json's engines asks for Node 24).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';
import type { RequestHandler } from 'express';
import type { Logger } from 'pino';
import type { UpstreamFetch } from './transport.ts';

export interface Correlation {
  requestId: string;
  /** 32 lowercase hex digits, never all zero. */
  traceId: string;
  /** The incoming trace flags, kept as W3C asks of a participant that does not sample; `01` for a new trace. */
  traceFlags: string;
  /** The request's child logger (pino-http's `req.log`, its bindings name the request id). */
  log?: Logger;
}

const current = new AsyncLocalStorage<Correlation>();

/** The correlation of the request being handled, if any (none at start-up or in a timer of no request). */
export const currentCorrelation = (): Correlation | undefined => current.getStore();

/** Runs `work` as part of the request `correlation` (tests and code outside Express). */
export function runCorrelated<T>(correlation: Correlation, work: () => T): T {
  return current.run(correlation, work);
}

const TRACEPARENT = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})(-.*)?$/;
const ZEROS = /^0+$/;

/**
 * The trace id and flags of a `traceparent` header, or undefined when it is not a valid one:
 * version `ff` is invalid, version 00 has exactly four fields, a later version may have more
 * (W3C Trace Context §3.2.4), and neither the trace id nor the parent id may be all zeros.
 */
export function parseTraceparent(header: string | undefined): { traceId: string; traceFlags: string } | undefined {
  const match = TRACEPARENT.exec(header?.trim() ?? '');
  if (!match) return undefined;
  const [, version, traceId, parentId, traceFlags, rest] = match as unknown as string[];
  if (version === 'ff' || (version === '00' && rest)) return undefined;
  if (ZEROS.test(traceId!) || ZEROS.test(parentId!)) return undefined;
  return { traceId: traceId!, traceFlags: traceFlags! };
}

/**
 * Random bytes for trace and span ids, drawn from a pool filled 4 KiB at a time: a request makes
 * three or more ids, and asking the system for each 8 or 16 bytes cost more than the rest of the
 * correlation together (profiled under the renewal call's load).
 */
const POOL_SIZE = 4096;
let pool = Buffer.alloc(0);
let offset = 0;

function randomHex(bytes: number): string {
  for (;;) {
    if (offset + bytes > pool.length) {
      pool = randomBytes(POOL_SIZE);
      offset = 0;
    }
    const hex = pool.toString('hex', offset, offset + bytes);
    offset += bytes;
    if (!ZEROS.test(hex)) return hex;
  }
}

/** A `traceparent` for one upstream call of `correlation`: its trace, a new span id. */
export function traceparentFor(correlation: Pick<Correlation, 'traceId' | 'traceFlags'>): string {
  return `00-${correlation.traceId}-${randomHex(8)}-${correlation.traceFlags}`;
}

/** Enters the request's correlation for the rest of the request; mount it right after requestLogger. */
export function correlateRequests(): RequestHandler {
  return (req, _res, next) => {
    const incoming = parseTraceparent(req.get('traceparent'));
    const correlation: Correlation = {
      requestId: String(req.id),
      traceId: incoming?.traceId ?? randomHex(16),
      traceFlags: incoming?.traceFlags ?? '01',
      ...(req.log ? { log: req.log } : {}),
    };
    current.run(correlation, next);
  };
}

/**
 * An upstream fetch that names the request it serves: `x-request-id` and a fresh `traceparent` on
 * each attempt (a retry is another call with its own span). Outside a request nothing is added.
 */
export function withCorrelation(fetch: UpstreamFetch): UpstreamFetch {
  return (input, init) => {
    const correlation = current.getStore();
    if (correlation) {
      input.headers.set('x-request-id', correlation.requestId);
      input.headers.set('traceparent', traceparentFor(correlation));
    }
    return fetch(input, init);
  };
}

/**
 * `ctx.logger` as the services see it: inside a request it writes through the request's child
 * logger (so the line names the request id, in JSON and in the pretty format alike); outside a
 * request, through `base`.
 */
export function requestScopedLogger(base: Logger): Logger {
  return new Proxy(base, {
    get(target, property) {
      const logger = current.getStore()?.log ?? target;
      const value: unknown = Reflect.get(logger, property, logger);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(logger) : value;
    },
  });
}
