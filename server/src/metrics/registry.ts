/**
 * The Prometheus metrics of one proxy instance (issue 16, "Metrics with prom-client on a separate
 * port"). Each createServer() gets its own Registry, so two servers in one test process never
 * register the same name twice; the metrics server (metrics-server.ts) is the only reader.
 *
 * Labels are bounded on purpose: an operationId of the contract or a small fixed set for what is
 * not an API call (http.ts), an upstream name and its answer's status (upstream.ts), an outcome of
 * the payment answers (place-order.ts). No raw path, id or query ever becomes a label.
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** Proxy answers: most in tens of milliseconds, a payment up to the upstream timeout (8 s by default). */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20];
/** Upstream calls: the same span, ending past UPSTREAM_TIMEOUT_MS's default. */
const UPSTREAM_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export type HttpLabels = 'operation' | 'status_class';
export type UpstreamLabels = 'upstream' | 'status';
export type PaymentOutcomeLabels = 'operation' | 'outcome';

export interface ProxyMetrics {
  registry: Registry;
  /** Every answer of the proxy; its `_count` is the request rate (docs/runbook.md). */
  httpDuration: Histogram<HttpLabels>;
  httpInFlight: Gauge;
  /** Every attempt of an upstream call, by upstream name and status (or timeout, network, aborted). */
  upstreamDuration: Histogram<UpstreamLabels>;
  /** Upstream attempts that failed: 5xx, 429, timeout, network error. */
  upstreamErrors: Counter<UpstreamLabels>;
  /** What placing an order (and its 3-D Secure or bank return) answered. */
  placeOrderOutcomes: Counter<PaymentOutcomeLabels>;
  /** Failed reads and writes of the session store; the shared store calls `.inc()` (issue 16, Redis). */
  sessionStoreErrors: Counter;
  /** Order attempts the reconciler drove to an end state or on, by the step it took and its result (issue 29). */
  attemptsReconciled: Counter<'step' | 'result'>;
  /** Order attempts a person must look at: a reversal the provider did not confirm after the retries (issue 29). */
  attemptAlerts: Counter<'reason'>;
  /** Order attempts not in an end state, by state, as the reconciler last counted them. */
  attemptsOpen: Gauge<'state'>;
  /** Pages rendered on the server, by whether a render kept for the same inputs answered (issue 35). */
  pageRenders: Counter<'kept'>;
  /** Starts Node's process metrics (event-loop lag, heap, GC, handles): only with a metrics server. */
  collectProcessMetrics(): void;
}

export function createMetrics(): ProxyMetrics {
  const registry = new Registry();
  const registers = [registry];
  let processMetrics = false;
  return {
    registry,
    httpDuration: new Histogram({
      name: 'proxy_http_request_duration_seconds',
      help: 'Time to answer a request, by operationId (or page, static, form, not-found, other) and status class.',
      labelNames: ['operation', 'status_class'],
      buckets: HTTP_BUCKETS,
      registers,
    }),
    httpInFlight: new Gauge({
      name: 'proxy_http_requests_in_flight',
      help: 'Requests being answered now (a draining instance counts down to 0).',
      registers,
    }),
    upstreamDuration: new Histogram({
      name: 'proxy_upstream_request_duration_seconds',
      help: 'Time of each upstream call attempt, by upstream and answer status (timeout, network, aborted when none).',
      labelNames: ['upstream', 'status'],
      buckets: UPSTREAM_BUCKETS,
      registers,
    }),
    upstreamErrors: new Counter({
      name: 'proxy_upstream_errors_total',
      help: 'Upstream call attempts that failed (5xx, 429, timeout, network error), by upstream and status.',
      labelNames: ['upstream', 'status'],
      registers,
    }),
    placeOrderOutcomes: new Counter({
      name: 'proxy_place_order_outcomes_total',
      help: 'Answers of placeOrder and of the payment returns (confirmPayment, submitPaymentDetails), by outcome.',
      labelNames: ['operation', 'outcome'],
      registers,
    }),
    sessionStoreErrors: new Counter({
      name: 'proxy_session_store_errors_total',
      help: 'Session store operations that failed (the shared store unreachable or refusing).',
      registers,
    }),
    attemptsReconciled: new Counter({
      name: 'proxy_order_attempts_reconciled_total',
      help: 'Steps the order-attempt reconciler took, by step (findOrder, fail, askProvider, place, reverse) and result.',
      labelNames: ['step', 'result'],
      registers,
    }),
    pageRenders: new Counter({
      name: 'proxy_page_renders_total',
      help: 'Pages rendered on the server, by whether a render kept for the same page and data answered (kept) or React rendered it.',
      labelNames: ['kept'],
      registers,
    }),
    attemptAlerts: new Counter({
      name: 'proxy_order_attempt_alerts_total',
      help: 'Order attempts a person must reconcile by hand (docs/runbook.md), by reason.',
      labelNames: ['reason'],
      registers,
    }),
    attemptsOpen: new Gauge({
      name: 'proxy_order_attempts_open',
      help: "Order attempts not in an end state, by state, at the reconciler's last pass.",
      labelNames: ['state'],
      registers,
    }),
    collectProcessMetrics: () => {
      // prom-client's event-loop monitor is never disabled once enabled: start it once, and only
      // where something scrapes it, so the many servers a test run builds do not each leave one.
      if (processMetrics) return;
      processMetrics = true;
      collectDefaultMetrics({ register: registry });
    },
  };
}

/** `2xx`… from a status; `aborted` when the client left before the answer was sent. */
export function statusClass(status: number | undefined): string {
  return status === undefined ? 'aborted' : `${Math.floor(status / 100)}xx`;
}
