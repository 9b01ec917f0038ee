import type { NextFunction, Request, Response } from 'express';

/** The upstreams the sandbox stands in for, each mounted under its own prefix. */
export const UPSTREAMS = ['commerce', 'som', 'vehicles', 'identity', 'adyen', 'stripe', 'loqate'] as const;
export type Upstream = (typeof UPSTREAMS)[number];

export function isUpstream(value: string): value is Upstream {
  return (UPSTREAMS as readonly string[]).includes(value);
}

/** A fault injected into one upstream until it is cleared (or `remaining` requests have met it). */
export interface Fault {
  /** Milliseconds added before the request is handled. */
  latencyMs?: number;
  /** Answer with this status (and the upstream's own error shape) instead of handling the request. */
  status?: number;
  /** Destroy the connection without an answer. */
  drop?: boolean;
  /** How many requests meet the fault; unlimited when absent. */
  remaining?: number;
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

  /** Takes the fault for one request, counting it down. */
  take(upstream: Upstream): Fault | undefined {
    const fault = this.#faults.get(upstream);
    if (!fault) return undefined;
    if (fault.remaining !== undefined) {
      fault.remaining -= 1;
      if (fault.remaining <= 0) this.#faults.delete(upstream);
    }
    return fault;
  }
}

/** Builds an upstream's own error body for an injected status. */
export type ErrorBody = (status: number) => unknown;

/**
 * Middleware applying the upstream's fault, if any: latency first, then a dropped connection or
 * an error status answered in the upstream's own error shape.
 */
export function faultMiddleware(faults: Faults, upstream: Upstream, errorBody: ErrorBody) {
  return async (req: Request, res: Response, next: NextFunction): Promise<void> => {
    const fault = faults.take(upstream);
    if (!fault) return next();
    if (fault.latencyMs) await new Promise((resolve) => setTimeout(resolve, fault.latencyMs));
    if (fault.drop) {
      req.socket.destroy();
      return;
    }
    if (fault.status) {
      res.status(fault.status).json(errorBody(fault.status));
      return;
    }
    next();
  };
}
