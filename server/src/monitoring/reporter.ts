/**
 * The proxy's error reports (issue 15): every answer of 500 and above that the one error handler sends
 * (errors.ts) goes to Sentry with the request's id as a tag, the release and the environment, and no
 * personal data: the data-collection options collect no user, cookies, headers, bodies, query strings
 * or local variables (SDK 11's `dataCollection`, which replaced `sendDefaultPii`), and beforeSend and
 * beforeBreadcrumb run the shared scrubber (domain/error-report.ts) on what is left.
 *
 * Nothing of Sentry loads without SENTRY_DSN. With one, @sentry/node is imported beside the server's
 * start (about half a second), not before it: a report made meanwhile waits for it. Only the
 * integrations an error report needs are set up (no tracing, no automatic instrumentation of HTTP,
 * fetch or the console, no local variables); the process's uncaught exceptions and unhandled rejections
 * are reported and still end the process, as they do without Sentry.
 */
import type { Logger } from 'pino';
import type { ErrorEvent, NodeClient } from '@sentry/node';
import { scrubBreadcrumb, scrubEvent, SENTRY_DATA_COLLECTION } from '../../../domain/error-report.ts';
import type { ErrorReportingSettings } from './settings.ts';

/** Where a reported error happened: the answer's request. */
export interface ServerErrorContext {
  requestId: string | undefined;
  method: string;
  /** The path without its query (which may carry a VIN or a mail token). */
  path: string;
  /** The operation's path template under /api (`/vehicles/lookup`), when a route answered. */
  route: string | undefined;
  status: number;
  problemType: string;
}

export interface ErrorReporter {
  report(error: unknown, where: ServerErrorContext): void;
  /** Sends what is queued (up to `timeoutMs`); the server's stop calls it. */
  flush(timeoutMs?: number): Promise<void>;
}

type SentryNode = typeof import('@sentry/node');

/** One Sentry client per process and DSN: the SDK's integrations are process-wide. */
const clients = new Map<string, Promise<{ sentry: SentryNode; client: NodeClient | undefined }>>();

function startSentry(settings: ErrorReportingSettings) {
  let started = clients.get(settings.dsn.value);
  if (!started) {
    started = import('@sentry/node').then((sentry) => ({
      sentry,
      client: sentry.init({
        dsn: settings.dsn.value,
        release: settings.release,
        environment: settings.environment,
        // Every error event; no tracing (no tracesSampleRate), so no spans and no performance integrations.
        sampleRate: 1,
        dataCollection: SENTRY_DATA_COLLECTION,
        defaultIntegrations: false,
        integrations: [
          sentry.eventFiltersIntegration(),
          sentry.functionToStringIntegration(),
          sentry.linkedErrorsIntegration(),
          sentry.dedupeIntegration(),
          sentry.contextLinesIntegration(),
          sentry.nodeContextIntegration(),
          sentry.onUncaughtExceptionIntegration(),
          // 'strict' reports the rejection and then exits as Node does without a handler.
          sentry.onUnhandledRejectionIntegration({ mode: 'strict' }),
        ],
        beforeSend: (event) => scrubEvent(event) as ErrorEvent,
        beforeBreadcrumb: (breadcrumb) => scrubBreadcrumb(breadcrumb),
      }),
    }));
    clients.set(settings.dsn.value, started);
  }
  return started;
}

/** Starts loading the SDK now; reports queue behind it. */
export function createErrorReporter(settings: ErrorReportingSettings, logger: Logger): ErrorReporter {
  const ready = startSentry(settings).catch((error: unknown) => {
    logger.error({ err: error }, 'error reporting could not start');
    return undefined;
  });
  const pending = new Set<Promise<unknown>>();
  return {
    report(error, where) {
      const sent = ready.then((started) => {
        if (!started?.client) return;
        const scope = new started.sentry.Scope();
        if (where.requestId) scope.setTag('request_id', where.requestId);
        scope.setTag('status', where.status);
        scope.setTag('problem_type', where.problemType);
        scope.setTransactionName(`${where.method} ${where.route ? `/api${where.route}` : where.path}`);
        scope.setContext('answer', { method: where.method, path: where.path, status: where.status });
        started.client.captureException(error, { mechanism: { type: 'express', handled: false } }, scope);
      });
      pending.add(sent);
      void sent.finally(() => pending.delete(sent));
    },
    async flush(timeoutMs = 2000) {
      await Promise.all(pending);
      const started = await ready;
      await started?.client?.flush(timeoutMs);
    },
  };
}
