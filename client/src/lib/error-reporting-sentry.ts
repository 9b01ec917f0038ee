/**
 * The browser's Sentry SDK (issue 15), a chunk of its own that error-reporting.ts loads only when the
 * site's configuration names a DSN. As the storefront document says (§9 "error-reporting session sample
 * 100, replay 20"): every session is tracked (release health), every error is sent, and one session in
 * five is recorded as a replay that masks all text and inputs and blocks media. Events, breadcrumbs and
 * replay frames go through the shared scrubber (domain/error-report.ts); the SDK collects no user,
 * cookies, headers, bodies or query strings; and everything goes through the shop's own tunnel
 * (POST /api/monitoring), which scrubs again, so the CSP's connect-src stays 'self'. The replay records
 * uncompressed: no compression worker (nothing for the CSP to allow) and a recording the tunnel can read.
 *
 * An error that came from a failing API answer (lib/api/client.ts's ApiError) carries that answer's
 * request id (X-Request-Id, also the problem's `instance`) as the `request_id` tag, as the proxy's
 * events do; failing API calls' breadcrumbs carry it too.
 */
import {
  captureConsoleIntegration,
  captureException,
  init,
  replayIntegration,
  type Breadcrumb,
  type BreadcrumbHint,
  type ErrorEvent,
  type EventHint,
} from '@sentry/browser';
import type { components } from '../../../generated/proxy/types.ts';
import { scrubBreadcrumb, scrubEvent, scrubValue, SENTRY_DATA_COLLECTION } from '../../../domain/error-report.ts';
import type { EarlyErrors } from './error-reporting.ts';

type ErrorReportingConfig = components['schemas']['ErrorReportingConfig'];

/** The proxy's tunnel (openapi/proxy.yaml sendMonitoringEnvelope) and the media type it takes. */
export const TUNNEL = '/api/monitoring';
const ENVELOPE_TYPE = 'application/x-sentry-envelope';

/** Storefront §9: error-reporting session sample 100 (every session), replay 20. */
export const SAMPLING = { errors: 1, replaysSession: 0.2, replaysOnError: 0 } as const;

const pathOf = (url: string): string => {
  try {
    return new URL(url, window.location.origin).pathname;
  } catch {
    return url;
  }
};

/** The last failing API answer: its status and request id. */
let lastFailure: { status: number; requestId: string } | undefined;

/**
 * A breadcrumb as it may be kept: none for the SDK's own posts to the tunnel; a failing API call's with
 * its request id (remembered for requestIdOf); then scrubbed.
 */
export function beforeBreadcrumb(breadcrumb: Breadcrumb, hint?: BreadcrumbHint): Breadcrumb | null {
  const url = typeof breadcrumb.data?.url === 'string' ? breadcrumb.data.url : '';
  if (breadcrumb.category === 'fetch' || breadcrumb.category === 'xhr') {
    const path = pathOf(url);
    if (path === TUNNEL) return null;
    const status = breadcrumb.data?.status_code;
    const response = hint?.response as Response | undefined;
    const requestId = response?.headers?.get?.('x-request-id');
    if (path.startsWith('/api/') && typeof status === 'number' && status >= 400 && requestId) {
      lastFailure = { status, requestId };
      breadcrumb = { ...breadcrumb, data: { ...breadcrumb.data, request_id: requestId } };
    }
  }
  return scrubBreadcrumb(breadcrumb);
}

/**
 * The request id of the API answer an error came from: a failed proxy call (ApiError, told by its name
 * so this chunk does not import the client) names it as its problem's `instance`; an answer without a
 * problem body by the last failing answer of the same status.
 */
export function requestIdOf(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || (error as { name?: unknown }).name !== 'ApiError') {
    return undefined;
  }
  const { status, problem } = error as { status?: unknown; problem?: { instance?: unknown } };
  if (typeof problem?.instance === 'string') return problem.instance;
  return lastFailure && lastFailure.status === status ? lastFailure.requestId : undefined;
}

export function beforeSend(event: ErrorEvent, hint: EventHint): ErrorEvent {
  const requestId = requestIdOf(hint.originalException);
  return scrubEvent(requestId ? { ...event, tags: { ...event.tags, request_id: requestId } } : event);
}

/** Reports the errors main.tsx held before the SDK ran: onerror's and onunhandledrejection's arguments. */
function reportEarly(early: EarlyErrors): void {
  for (const args of early) {
    const [first] = args;
    if (typeof PromiseRejectionEvent !== 'undefined' && first instanceof PromiseRejectionEvent) {
      captureException(first.reason, {
        mechanism: { type: 'auto.browser.early.onunhandledrejection', handled: false },
      });
    } else {
      // window.onerror(message, source, line, column, error)
      captureException(args[4] ?? new Error(String(first)), {
        mechanism: { type: 'auto.browser.early.onerror', handled: false },
      });
    }
  }
}

export function startSentry(config: ErrorReportingConfig, early: EarlyErrors = []): void {
  init({
    dsn: config.dsn,
    release: config.release,
    environment: config.environment,
    tunnel: TUNNEL,
    transportOptions: { headers: { 'Content-Type': ENVELOPE_TYPE } },
    sampleRate: SAMPLING.errors,
    replaysSessionSampleRate: SAMPLING.replaysSession,
    replaysOnErrorSampleRate: SAMPLING.replaysOnError,
    dataCollection: SENTRY_DATA_COLLECTION,
    integrations: [
      replayIntegration({
        maskAllText: true,
        maskAllInputs: true,
        blockAllMedia: true,
        useCompression: false,
        networkDetailAllowUrls: [],
        beforeAddRecordingEvent: (event) => scrubValue(event) as typeof event,
      }),
      // The route error boundary logs a page's rendering error (components/layout/route-error.tsx).
      captureConsoleIntegration({ levels: ['error'] }),
    ],
    beforeSend,
    beforeBreadcrumb,
  });
  reportEarly(early);
  // For the end-to-end test and a person at the console: the SDK runs on this page.
  document.documentElement.dataset.errorReporting = 'on';
}
