/**
 * The Express proxy: middlewares (request id and logging, security headers), then /api (body
 * limit, CSRF, the contract's routes), then the 404 and the ONE error handler, in that order.
 * `createServer(config)` builds it; `start(port)` listens (port 0 in tests), `stop()` closes.
 */
import compression from 'compression';
import express, { type Express } from 'express';
import type { Logger } from 'pino';
import type { Config } from './config.ts';
import type { AppContext } from './context.ts';
import { createErrorHandler, notFoundHandler, problemType } from './errors.ts';
import { MemoryKeyedLock, type KeyedLock } from './locks.ts';
import { chooseLogFormat, createLogger, requestLogger } from './logger.ts';
import { correlateRequests, requestScopedLogger } from './upstream/correlation.ts';
import { Drainer } from './graceful-shutdown.ts';
import { lifecycle } from './lifecycle.ts';
import { httpMetrics } from './metrics/http.ts';
import { createMetrics } from './metrics/registry.ts';
import { mockScenarios } from './upstream/mock-scenario.ts';
import { mountRoutes, type MountedRoute } from './routes/route-table.ts';
import { imageOrigins, rateLimits, securityHeaders } from './security.ts';
import { DEFAULT_LOCALE, marketOfLocale } from '../../domain/locales.ts';
import { isSiteId, resolveSite } from './site.ts';
import { messagesFor } from './routes/site/get-translations.ts';
import { loadRenderer, renderRequest, SERVER_ENTRY } from './render/pages.ts';
import { checkoutEmailForm } from './render/checkout-email-form.ts';
import { paymentReturnForm } from './render/payment-return-form.ts';
import { renewForm } from './render/renew-form.ts';
import { TtlCache } from './services/platform/ttl-cache.ts';
import { clientApp } from './static.ts';
import type { PageRenderer } from '../../domain/page-render.ts';
import { csrfProtection } from './http/csrf.ts';
import { SESSION_COOKIE, Sessions, type SessionStore } from './session.ts';
import { sameOriginProtection } from './http/same-origin.ts';
import { isWebhook, keepWebhookBody } from './http/webhooks.ts';
import { MemorySessionStore } from './state/memory-session-store.ts';
import { createSharedState } from './state/shared-state.ts';
import { createUpstreams, type Upstreams } from './upstream/clients.ts';
import { operations } from '../../generated/proxy/operations.ts';
import { createErrorReporter } from './monitoring/reporter.ts';
import { NOT_FORWARDED } from './services/platform/monitoring-tunnel.ts';
import { AttemptOwner } from './services/attempts/attempts.ts';
import { DiskJournalStore } from './services/attempts/disk-journal.ts';
import { RedisJournalStore } from './services/attempts/redis-journal.ts';

export interface ServerOptions {
  logger?: Logger;
  sessionStore?: SessionStore;
  upstreams?: Upstreams;
  locks?: KeyedLock;
  /** The order attempts' owner (tests); by default one on the configured journal. */
  attempts?: AttemptOwner;
  /** Serve dist/client when it exists (default true). */
  serveClient?: boolean;
}

export interface ProxyServer {
  app: Express;
  context: AppContext;
  /** The method and Express path of every mounted operation (under /api). */
  mounted: MountedRoute[];
  start(port?: number): Promise<number>;
  /** Graceful: drains requests in flight within SHUTDOWN_TIMEOUT_MS, then closes (lifecycle.ts, issue 16). */
  stop(): Promise<void>;
  /** The metrics listener's port once started (METRICS_PORT); undefined without one. */
  metricsPort(): number | undefined;
}

/** How long start() waits for Redis before it listens anyway (requests needing it then answer 503). */
const REDIS_START_WAIT_MS = 5000;

export function createServer(config: Config, options: ServerOptions = {}): ProxyServer {
  const logger =
    options.logger ??
    createLogger(
      config.logLevel,
      chooseLogFormat(config.logFormat, { production: config.production, terminal: process.stdout.isTTY === true }),
    );
  // One registry per instance (issue 16); the session store counts its failures in metrics.sessionStoreErrors.
  const metrics = createMetrics();
  // REDIS_URL: sessions, the checkout's lock and the rate-limit counters shared by every instance
  // through one Redis client (state/, issue 16); otherwise each lives in this process's memory.
  const shared =
    config.redisUrl === undefined
      ? undefined
      : createSharedState(config.redisUrl, {
          log: requestScopedLogger(logger),
          failed: () => metrics.sessionStoreErrors.inc(),
        });
  const sessions = new Sessions({
    store: options.sessionStore ?? shared?.sessions ?? new MemorySessionStore(),
    secret: config.sessionSecret,
    previousSecrets: config.sessionPreviousSecrets,
    ttlSeconds: config.sessionTtlSeconds,
    secure: config.production,
  });
  // Issue 29: every place-order attempt in a durable journal (Redis with REDIS_URL, else a SQLite file
  // under DATA_DIR), driven to an end state by the reconciler when its request could not finish it.
  const attempts =
    options.attempts ??
    new AttemptOwner(
      shared
        ? new RedisJournalStore(shared.client, { log: logger, failed: () => metrics.sessionStoreErrors.inc() })
        : new DiskJournalStore(config.dataDir),
      config.orderAttempts,
      logger.child({ component: 'order-attempts' }),
    );
  const context: AppContext = {
    config,
    upstreams: options.upstreams ?? createUpstreams(config, undefined, metrics),
    sessions,
    // Inside a request, ctx.logger writes through the request's logger: its lines carry the request id.
    logger: requestScopedLogger(logger),
    locks: options.locks ?? shared?.locks ?? new MemoryKeyedLock(),
    startedAt: Date.now(),
    metrics,
    onStop: [],
    ...(shared ? { sharedState: shared } : {}),
    attempts,
  };
  // Before the shared store's closer: the reconciler's last pass runs while Redis is still there.
  context.onStop?.push(() => attempts.stop(Math.max(1000, config.shutdownTimeoutMs / 2)));
  if (shared) context.onStop?.push(() => shared.close());

  // The client's server renderer (dist/server), loaded with the first page asked for.
  let renderer: Promise<PageRenderer | undefined> | undefined;
  const maintenance = new TtlCache<boolean>(config.maintenanceCheckMs);

  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);
  app.set('query parser', 'simple');

  // Issue 16: answers in flight tracked for a graceful stop, timed per operation, and every upstream
  // call and log line of a request named by its request id (upstream/correlation.ts).
  const drainer = new Drainer();
  app.use(drainer.middleware);
  app.use(httpMetrics(metrics));
  app.use(requestLogger(logger));
  app.use(correlateRequests());
  app.use(securityHeaders(config));
  app.use(compression());

  // Prism mode only: the request's mock scenario for its upstream calls (upstream/mock-scenario.ts); entered
  // again after the JSON body parser, whose stream events leave the request's async context.
  const scenarios = mockScenarios(config);
  app.use(scenarios);

  const api = express.Router();
  // A webhook's raw bytes are kept beside the parse for its signature (http/webhooks.ts, issue 29).
  api.use(
    express.json({
      limit: config.bodyLimit,
      type: ['application/json', 'application/*+json'],
      verify: keepWebhookBody,
    }),
  );
  api.use(scenarios);
  // The error-reporting tunnel is posted by the Sentry SDK, which has no CSRF token; it takes only a
  // media type no cross-site page can send without a preflight (routes/ops/send-monitoring-envelope.ts).
  const csrf = csrfProtection(sessions);
  // Defence in depth (issue 17): a state-changing call from another origin is refused even with a
  // valid token, the tunnel included (the SDK posts it from the shop's own pages).
  // The providers' webhooks (issue 29) are neither: they come from Stripe's and Adyen's servers, with no
  // session and no Origin of the shop, and their signature authenticates them (routes/webhooks/).
  const sameOrigin = sameOriginProtection(config.publicOrigin);
  api.use((req, res, next) => (isWebhook(req) ? next() : sameOrigin(req, res, next)));
  const tunnel = operations.sendMonitoringEnvelope;
  api.use((req, res, next) =>
    (req.method.toLowerCase() === tunnel.method && req.path === tunnel.path) || isWebhook(req)
      ? next()
      : csrf(req, res, next),
  );
  const { router, mounted } = mountRoutes(context, rateLimits(config, shared?.rateLimitStore));
  api.use(router);
  app.use('/api', api);

  // The renewal page's renew form, posted before the page's JavaScript runs (render/renew-form.ts).
  app.use(renewForm(context));
  // The checkout's guest e-mail form, posted before the page's JavaScript runs (render/checkout-email-form.ts).
  app.use(checkoutEmailForm(context));
  // A payment redirect's return made by POST (Adyen's POST redirects), as the page's GET (render/payment-return-form.ts).
  app.use(paymentReturnForm(context));

  // The built client, when there is one (make start builds it); API-only in tests.
  const client =
    options.serveClient === false
      ? undefined
      : clientApp(undefined, {
          siteOf: (req) => {
            const site = typeof req.query.site === 'string' ? req.query.site : undefined;
            return resolveSite(req, config, site) ?? config.sites.defaultSite;
          },
          imageOrigins: imageOrigins(config),
          idleDelayMs: config.idleDelayMs,
          production: config.production,
          messagesFor,
          renderPage: async (req, res, where, template) => {
            renderer ??= loadRenderer(SERVER_ENTRY);
            const loaded = await renderer;
            return loaded
              ? renderRequest(req, res, where, template, { ctx: context, renderer: loaded, maintenance })
              : undefined;
          },
          startSession: async (req, res, site, locale) => {
            // A session the server render started already (render/pages.ts) is the page's.
            if (String(res.getHeader('Set-Cookie') ?? '').includes(`${SESSION_COOKIE}=`)) return;
            if (await sessions.current(req)) return;
            // A cookie whose id a login or logout just rotated: this page is sent without a new
            // session, so a stale page load cannot replace the new cookie (issue 30).
            if (sessions.cookieRotated(req)) return;
            const session = sessions.fresh(req, {
              site: isSiteId(site) ? site : config.sites.defaultSite,
              locale: locale && marketOfLocale(locale) ? locale : DEFAULT_LOCALE,
            });
            await sessions.save(res, session);
          },
          ...(config.production
            ? {
                redirectLocale: (locale: string) =>
                  config.localesNotInProduction.includes(locale) ? DEFAULT_LOCALE : undefined,
              }
            : {}),
        });
  if (client) app.use(client);

  // Error reporting (SENTRY_DSN, monitoring/reporter.ts): every 5xx answer, with its request id; none without a DSN.
  const reporter = config.errorReporting && createErrorReporter(config.errorReporting, logger);
  app.use(notFoundHandler);
  app.use(
    createErrorHandler(
      reporter &&
        ((error, req, problem) => {
          if (problem.type === problemType(NOT_FORWARDED)) return;
          reporter.report(error, {
            requestId: problem.instance,
            method: req.method,
            path: req.originalUrl.split('?')[0]!,
            route: req.route ? String(req.route.path) : undefined,
            status: problem.status,
            problemType: problem.type,
          });
        }),
    ),
  );

  const { start, stop, metricsPort } = lifecycle({
    app,
    context,
    metrics,
    drainer,
    logger,
    afterStop: () => reporter?.flush(),
  });
  // With Redis, listening waits (bounded) for its first connection; readyz says when it is away.
  const startAfterRedis = async (port?: number) => {
    if (shared && !(await shared.connected(REDIS_START_WAIT_MS)))
      logger.error({ waitedMs: REDIS_START_WAIT_MS }, 'Redis unreachable at start-up; listening, not ready');
    const listening = await start(port);
    // The reconciler's first pass at start-up: what a killed process left in flight.
    attempts.start(context, (reason, record) => {
      metrics.attemptAlerts.inc({ reason });
      // A state to look at, not a place in the code: the event carries no stack.
      const error = new Error(`order attempt needs a person: ${reason}`);
      error.stack = `${error.name}: ${error.message}`;
      logger.error(
        {
          attempt: record.id,
          orderNo: record.orderNo,
          provider: record.provider,
          state: record.state,
          reason,
          lastError: record.lastError,
        },
        'order attempt not reconciled after its retries: reconcile the payment by hand',
      );
      reporter?.report(error, {
        requestId: undefined,
        method: 'RECONCILE',
        path: '/order-attempts',
        route: undefined,
        status: 500,
        problemType: `order-attempt-${reason}`,
      });
    });
    return listening;
  };
  return { app, context, mounted, start: startAfterRedis, stop, metricsPort };
}
