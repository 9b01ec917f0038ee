/**
 * The sandbox: one Express app on port 4010 that stands in for every upstream, each under its own
 * prefix (DESIGN.md), with shared state, a movable clock and per-upstream faults, plus the
 * `/__sandbox/*` controls. It is never part of a live configuration.
 */
import express, { type ErrorRequestHandler, type Express, type Router } from 'express';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Clock } from './core/clock.ts';
import {
  faultMiddleware,
  Faults,
  isUpstream,
  MALFORMED,
  UPSTREAMS,
  type ErrorBody,
  type Fault,
  type Upstream,
} from './core/faults.ts';
import { DEFAULT_SHOP_ORIGINS } from './core/shop-origins.ts';
import { webhookControls, Webhooks } from './core/webhooks.ts';

export interface SandboxContext {
  clock: Clock;
  faults: Faults;
  /** Called by `/__sandbox/reset`: every upstream puts its state back to the seed. */
  resetHooks: Array<() => void>;
  /** The sandbox's own base URL, for links it hands out (challenge pages, bank pages). */
  baseUrl: () => string;
  /** The signed webhooks the provider stand-ins send to the shop (core/webhooks.ts, issue 29). */
  webhooks: Webhooks;
  /** The shop's origins the OAuth clients register as redirect targets (core/shop-origins.ts, issue 32). */
  shopOrigins: readonly string[];
}

export interface UpstreamModule {
  upstream: Upstream;
  /** The upstream's own error body for an injected fault status. */
  errorBody: ErrorBody;
  router: (context: SandboxContext) => Router;
}

export interface Sandbox {
  app: Express;
  context: SandboxContext;
  /** What `/__sandbox/reset` does: the clock, the faults and every upstream's state back to the seed. */
  reset(): void;
  start(port?: number): Promise<number>;
  stop(): Promise<void>;
}

export interface SandboxOptions {
  /** Where the providers' webhooks go (SANDBOX_WEBHOOK_URL, a base to which /stripe and /adyen are appended); none by default. */
  webhookUrl?: string;
  /** The shop's origins (SANDBOX_SHOP_ORIGINS, core/shop-origins.ts); http://localhost:3000 by default. */
  shopOrigins?: readonly string[];
}

export function createSandbox(modules: UpstreamModule[], options: SandboxOptions = {}): Sandbox {
  let port = 0;
  const context: SandboxContext = {
    clock: new Clock(),
    faults: new Faults(),
    resetHooks: [],
    baseUrl: () => `http://localhost:${port}`,
    webhooks: new Webhooks(options.webhookUrl),
    shopOrigins: options.shopOrigins ?? DEFAULT_SHOP_ORIGINS,
  };
  context.resetHooks.push(() => context.webhooks.reset());
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);

  app.get('/', (_req, res) => {
    res.json({ sandbox: true, upstreams: modules.map((m) => `/${m.upstream}`), controls: '/__sandbox' });
  });
  const reset = () => {
    context.clock.reset();
    context.faults.clear();
    for (const hook of context.resetHooks) hook();
  };
  app.use('/__sandbox/webhooks', webhookControls(context.webhooks));
  app.use('/__sandbox', controls(context, reset));
  app.use('/__sandbox', notJsonBody);
  for (const module of modules) {
    app.use(
      `/${module.upstream}`,
      faultMiddleware(context.faults, module.upstream, module.errorBody),
      module.router(context),
    );
  }

  let server: Server | undefined;
  return {
    app,
    context,
    reset,
    start: (wanted = 4010) =>
      new Promise((resolve, reject) => {
        server = app.listen(wanted, () => {
          port = (server!.address() as AddressInfo).port;
          resolve(port);
        });
        server.once('error', reject);
      }),
    stop: () =>
      new Promise((resolve, reject) => {
        context.webhooks.stop();
        if (!server) return resolve();
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/**
 * A control's body that is not JSON (the controls parse every `/__sandbox` body first): 400 with a
 * JSON error, as every control answers a bad body, not Express's HTML page.
 */
const notJsonBody: ErrorRequestHandler = (error, _req, res, next) => {
  if ((error as { type?: unknown } | null)?.type !== 'entity.parse.failed') return next(error);
  res.status(400).json({ error: 'The body must be a JSON object.' });
};

function controls(context: SandboxContext, reset: () => void): Router {
  const router = express.Router();
  router.use(express.json());

  router.get('/', (_req, res) => {
    res.json({
      now: context.clock.now().toISOString(),
      clockOffsetMs: context.clock.offsetMs,
      faults: context.faults.list(),
      upstreams: UPSTREAMS,
      shopOrigins: context.shopOrigins,
    });
  });

  router.post('/reset', (_req, res) => {
    reset();
    res.json({ reset: true, now: context.clock.now().toISOString() });
  });

  // Move the clock: {"advanceDays": 30} or {"advanceMs": 1000} or {"set": "2027-01-01T00:00:00Z"}; {"reset": true} goes back.
  router.post('/clock', (req, res) => {
    const body = (req.body ?? {}) as { advanceDays?: unknown; advanceMs?: unknown; set?: unknown; reset?: unknown };
    if (body.reset === true) context.clock.reset();
    else if (typeof body.set === 'string' && !Number.isNaN(Date.parse(body.set))) context.clock.set(new Date(body.set));
    else if (typeof body.advanceDays === 'number' && Number.isFinite(body.advanceDays))
      context.clock.advance(body.advanceDays * 86_400_000);
    else if (typeof body.advanceMs === 'number' && Number.isFinite(body.advanceMs))
      context.clock.advance(body.advanceMs);
    else {
      res
        .status(400)
        .json({ error: 'Give one of advanceDays (number), advanceMs (number), set (ISO date-time) or reset (true).' });
      return;
    }
    res.json({ now: context.clock.now().toISOString(), clockOffsetMs: context.clock.offsetMs });
  });

  // Inject a fault into one upstream: {"latencyMs": 2000} or {"status": 503} or {"drop": true} or
  // {"dropAfter": true} (handled, answer lost) or {"malformed": "truncated" | "wrong-type"} or
  // {"slowBodyMs": 2000}; optional "method", "path" and "remaining".
  router.put('/faults/:upstream', (req, res) => {
    const upstream = req.params.upstream;
    if (!isUpstream(upstream)) {
      res.status(404).json({ error: `Unknown upstream "${upstream}"; one of ${UPSTREAMS.join(', ')}.` });
      return;
    }
    const fault = parseFault(req.body);
    if (typeof fault === 'string') {
      res.status(400).json({ error: fault });
      return;
    }
    context.faults.set(upstream, fault);
    res.json({ upstream, fault });
  });

  router.delete('/faults/:upstream', (req, res) => {
    const upstream = req.params.upstream;
    if (!isUpstream(upstream)) {
      res.status(404).json({ error: `Unknown upstream "${upstream}"; one of ${UPSTREAMS.join(', ')}.` });
      return;
    }
    context.faults.clear(upstream);
    res.status(204).end();
  });

  router.delete('/faults', (_req, res) => {
    context.faults.clear();
    res.status(204).end();
  });

  return router;
}

function parseFault(body: unknown): Fault | string {
  if (body === null || typeof body !== 'object') return 'The body must be a JSON object.';
  const { latencyMs, status, drop, dropAfter, malformed, slowBodyMs, method, path, remaining } = body as Record<
    string,
    unknown
  >;
  const fault: Fault = {};
  if (latencyMs !== undefined) {
    if (typeof latencyMs !== 'number' || latencyMs < 0 || latencyMs > 120_000)
      return 'latencyMs must be a number from 0 to 120000.';
    fault.latencyMs = latencyMs;
  }
  if (status !== undefined) {
    if (typeof status !== 'number' || !Number.isInteger(status) || status < 400 || status > 599)
      return 'status must be an integer from 400 to 599.';
    fault.status = status;
  }
  if (drop !== undefined) {
    if (typeof drop !== 'boolean') return 'drop must be a boolean.';
    fault.drop = drop;
  }
  if (dropAfter !== undefined) {
    if (typeof dropAfter !== 'boolean') return 'dropAfter must be a boolean.';
    fault.dropAfter = dropAfter;
  }
  if (malformed !== undefined) {
    if (!(MALFORMED as readonly unknown[]).includes(malformed))
      return `malformed must be one of ${MALFORMED.join(', ')}.`;
    fault.malformed = malformed as Fault['malformed'];
  }
  if (slowBodyMs !== undefined) {
    if (typeof slowBodyMs !== 'number' || slowBodyMs <= 0 || slowBodyMs > 120_000)
      return 'slowBodyMs must be a number above 0 and up to 120000.';
    fault.slowBodyMs = slowBodyMs;
  }
  if (method !== undefined) {
    if (typeof method !== 'string' || !/^[A-Za-z]+$/.test(method)) return 'method must be an HTTP method name.';
    fault.method = method.toUpperCase();
  }
  if (path !== undefined) {
    if (typeof path !== 'string' || !path) return 'path must be a non-empty string.';
    if (path.startsWith('^')) {
      try {
        new RegExp(path);
      } catch {
        return 'path starting with ^ must be a valid regular expression.';
      }
    }
    fault.path = path;
  }
  if (remaining !== undefined) {
    if (typeof remaining !== 'number' || !Number.isInteger(remaining) || remaining < 1)
      return 'remaining must be a positive integer.';
    fault.remaining = remaining;
  }
  if (
    fault.latencyMs === undefined &&
    fault.status === undefined &&
    !fault.drop &&
    !fault.dropAfter &&
    !fault.malformed &&
    !fault.slowBodyMs
  )
    return 'Give at least one of latencyMs, status, drop, dropAfter, malformed or slowBodyMs.';
  return fault;
}
