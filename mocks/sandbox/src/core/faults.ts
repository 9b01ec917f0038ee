import type { NextFunction, Request, Response } from 'express';

/** The upstreams the sandbox stands in for, each mounted under its own prefix. */
export const UPSTREAMS = ['commerce', 'som', 'vehicles', 'identity', 'adyen', 'stripe', 'loqate'] as const;
export type Upstream = (typeof UPSTREAMS)[number];

export function isUpstream(value: string): value is Upstream {
  return (UPSTREAMS as readonly string[]).includes(value);
}

/** How a malformed answer is broken: its JSON cut in half, or its fields given the wrong JSON types. */
export const MALFORMED = ['truncated', 'wrong-type'] as const;
export type Malformed = (typeof MALFORMED)[number];

/** A fault injected into one upstream until it is cleared (or `remaining` requests have met it). */
export interface Fault {
  /** Milliseconds added before the request is handled; a request whose client left meanwhile is not handled. */
  latencyMs?: number;
  /** Answer with this status (and the upstream's own error shape) instead of handling the request. */
  status?: number;
  /** Destroy the connection without an answer. */
  drop?: boolean;
  /**
   * Handle the request (its effects happen), then destroy the connection instead of answering: the
   * answer is lost after the upstream acted (a payment made, an order written).
   */
  dropAfter?: boolean;
  /**
   * Handle the request (its effects happen), then break the answer's body: `truncated` cuts it in
   * half (unparseable JSON), `wrong-type` keeps it JSON with every top-level field of another type.
   */
  malformed?: Malformed;
  /** Handle the request, send the headers at once, then trickle the body so the whole answer takes this long. */
  slowBodyMs?: number;
  /** Only requests with this method meet the fault (any method when absent). */
  method?: string;
  /**
   * Only requests whose path below the upstream's prefix matches: a regular expression when it
   * starts with `^`, a prefix otherwise (any path when absent).
   */
  path?: string;
  /** How many requests meet the fault; unlimited when absent. */
  remaining?: number;
}

/** The request facts a fault is aimed at. */
export interface FaultTarget {
  method: string;
  path: string;
}

function aimedAt(fault: Fault, target: FaultTarget): boolean {
  if (fault.method && fault.method.toUpperCase() !== target.method.toUpperCase()) return false;
  if (!fault.path) return true;
  return fault.path.startsWith('^') ? new RegExp(fault.path).test(target.path) : target.path.startsWith(fault.path);
}

export class Faults {
  #faults = new Map<Upstream, Fault>();

  set(upstream: Upstream, fault: Fault): void {
    this.#faults.set(upstream, { ...fault });
  }

  clear(upstream?: Upstream): void {
    if (upstream) this.#faults.delete(upstream);
    else this.#faults.clear();
  }

  list(): Record<string, Fault> {
    return Object.fromEntries(this.#faults);
  }

  /** Takes the fault for one request, counting it down; a request the fault is not aimed at meets none. */
  take(upstream: Upstream, target?: FaultTarget): Fault | undefined {
    const fault = this.#faults.get(upstream);
    if (!fault) return undefined;
    if (target && !aimedAt(fault, target)) return undefined;
    if (fault.remaining !== undefined) {
      fault.remaining -= 1;
      if (fault.remaining <= 0) this.#faults.delete(upstream);
    }
    return fault;
  }
}

/** Builds an upstream's own error body for an injected status. */
export type ErrorBody = (status: number) => unknown;

/** A JSON value with every top-level field of another type (strings become numbers, the rest strings). */
function retyped(value: unknown): unknown {
  if (Array.isArray(value)) return { wrong: 'type' };
  if (value === null || typeof value !== 'object') return [];
  return Object.fromEntries(
    Object.entries(value).map(([key, field]) => [key, typeof field === 'string' ? 12345 : 'wrong-type']),
  );
}

function broken(body: Buffer, how: Malformed): Buffer {
  if (how === 'truncated') return body.length > 1 ? body.subarray(0, Math.floor(body.length / 2)) : Buffer.from('{');
  try {
    return Buffer.from(JSON.stringify(retyped(JSON.parse(body.toString('utf8')))));
  } catch {
    return Buffer.from('[]');
  }
}

const chunkOf = (chunk: unknown, encoding: unknown): Buffer =>
  Buffer.isBuffer(chunk)
    ? chunk
    : chunk instanceof Uint8Array
      ? Buffer.from(chunk)
      : Buffer.from(String(chunk), typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8');

/**
 * Lets the handler answer, keeps what it writes, then hands the whole body to `deliver` with the
 * response's own write and end (its status and headers are set, not yet sent).
 */
function interceptBody(
  res: Response,
  deliver: (body: Buffer, write: (chunk: Buffer) => void, end: (chunk?: Buffer) => void) => void,
): void {
  const chunks: Buffer[] = [];
  const write = res.write.bind(res) as (chunk: Buffer) => boolean;
  const end = res.end.bind(res) as (chunk?: Buffer) => Response;
  res.write = ((chunk: unknown, encoding?: unknown, callback?: unknown) => {
    if (chunk !== undefined && chunk !== null) chunks.push(chunkOf(chunk, encoding));
    const done = [encoding, callback].find((c) => typeof c === 'function') as (() => void) | undefined;
    done?.();
    return true;
  }) as Response['write'];
  res.end = ((chunk?: unknown, encoding?: unknown, callback?: unknown) => {
    if (chunk !== undefined && chunk !== null && typeof chunk !== 'function') chunks.push(chunkOf(chunk, encoding));
    const done = [chunk, encoding, callback].find((c) => typeof c === 'function') as (() => void) | undefined;
    deliver(
      Buffer.concat(chunks),
      (c) => void write(c),
      (c) => void end(c),
    );
    done?.();
    return res;
  }) as Response['end'];
}

/** Sends a body in ten parts spread over `totalMs`, the headers at once. */
function trickle(res: Response, body: Buffer, totalMs: number, write: (c: Buffer) => void, end: (c?: Buffer) => void) {
  res.flushHeaders();
  const parts = Math.max(1, Math.min(10, body.length));
  const size = Math.ceil(body.length / parts);
  let sent = 0;
  const next = () => {
    if (res.destroyed) return;
    const part = body.subarray(sent * size, (sent + 1) * size);
    sent += 1;
    if (sent >= parts) end(part);
    else {
      write(part);
      setTimeout(next, totalMs / parts);
    }
  };
  setTimeout(next, totalMs / parts);
}

/**
 * Middleware applying the upstream's fault, if any and aimed at this request: latency first, then
 * a dropped connection or an error status answered in the upstream's own error shape; a malformed
 * or slow body lets the request be handled and spoils or slows its answer, and `dropAfter` lets it
 * be handled and loses the answer.
 */
export function faultMiddleware(faults: Faults, upstream: Upstream, errorBody: ErrorBody) {
  return async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    const fault = faults.take(upstream, { method: req.method, path: req.path });
    if (!fault) return next();
    if (fault.latencyMs) {
      await new Promise((resolve) => setTimeout(resolve, fault.latencyMs));
      // The client gave up while the request was held: it is dropped unhandled, as a gateway drops a
      // request whose connection closed (never handled with a body cut short). `dropAfter` and
      // `slowBodyMs` are the faults of a request handled whose answer is lost.
      if (req.socket.destroyed || res.destroyed) return;
    }
    if (fault.drop) {
      req.socket.destroy();
      return;
    }
    if (fault.status) {
      res.status(fault.status).json(errorBody(fault.status));
      return;
    }
    const { malformed, slowBodyMs } = fault;
    if (fault.dropAfter) interceptBody(res, () => req.socket.destroy());
    else if (malformed || slowBodyMs) {
      interceptBody(res, (body, write, end) => {
        const answer = malformed ? broken(body, malformed) : body;
        if (!res.headersSent) res.setHeader('content-length', answer.length);
        if (slowBodyMs) trickle(res, answer, slowBodyMs, write, end);
        else end(answer);
      });
    }
    next();
  };
}
