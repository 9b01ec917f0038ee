/**
 * Test-only: the money invariant of issue 29 ("Order attempts that lose nothing"), checked on what
 * the sandbox's providers and commerce platform hold (`GET /__sandbox/ledger`), never on the shop's
 * own answers or records:
 *
 * 1. every payment that holds money or a card for renewals (`authorised`, `captured`, `saved`)
 *    belongs to an order (its `reference` is the `orderNo`) that is placed: `new`, `open` or
 *    `completed`; never `created`, `failed` or `cancelled`, and never an order the platform lacks;
 * 2. no order stays `created` past the reconciler's horizon (60 s by default) after its creation.
 *
 * Neutral between Vitest and Playwright: `expectMoneyInvariant` throws an Error listing every
 * violation (and the ledger read), so the fault table, the scale suite and the browser journeys end
 * with the same check. It reads the sandbox over HTTP, in-process or not.
 */
import type { Ledger, LedgerOrder, LedgerPayment } from '../../../mocks/sandbox/src/upstreams/ledger.ts';

export type { Ledger, LedgerOrder, LedgerPayment };

/** The order attempts' reconciler horizon (ORDER_ATTEMPT_HORIZON_MS's default): a created order is driven on by then. */
export const DEFAULT_HORIZON_MS = 60_000;

/** Payment states that hold the shopper's money, or a card saved to be charged for the order. */
const HOLDS_MONEY: ReadonlySet<string> = new Set(['authorised', 'captured', 'saved']);
/** Order statuses of a placed order. */
const PLACED: ReadonlySet<string> = new Set(['new', 'open', 'completed']);

export interface MoneyInvariantOptions {
  /** How long an order may stay `created` after its creation date (default 60 000 ms). */
  horizonMs?: number;
  /** The instant the horizon is measured at: by default the sandbox clock (the ledger's `now`), which creation dates are on. */
  now?: Date;
}

/** The sandbox's ledger: the providers' payments and the orders made since its last reset. */
export async function readLedger(sandboxUrl: string): Promise<Ledger> {
  const url = `${sandboxUrl.replace(/\/+$/, '')}/__sandbox/ledger`;
  const response = await fetch(url);
  if (!response.ok) throw new Error(`money invariant: GET ${url} answered ${response.status}`);
  const ledger = (await response.json()) as Partial<Ledger>;
  if (!Array.isArray(ledger.payments) || !Array.isArray(ledger.orders))
    throw new Error(`money invariant: GET ${url} answered no ledger: ${JSON.stringify(ledger)}`);
  return ledger as Ledger;
}

const describePayment = (p: LedgerPayment) =>
  `${p.provider} payment ${p.id} (${p.state}, ${p.amount} ${p.currency}) for ${p.reference}`;

/** Every violation of the invariant in a ledger, one sentence each; none when it holds. */
export function moneyViolations(ledger: Ledger, options: MoneyInvariantOptions = {}): string[] {
  const horizonMs = options.horizonMs ?? DEFAULT_HORIZON_MS;
  const nowMs = (options.now ?? (ledger.now ? new Date(ledger.now) : new Date())).getTime();
  const orders = new Map(ledger.orders.map((order) => [order.orderNo, order]));
  const violations: string[] = [];
  for (const payment of ledger.payments.filter((p) => HOLDS_MONEY.has(p.state))) {
    const order = orders.get(payment.reference);
    if (!order) violations.push(`${describePayment(payment)}: no order ${payment.reference} was made`);
    else if (!PLACED.has(order.status))
      violations.push(`${describePayment(payment)}: its order is ${order.status}, not placed (new, open or completed)`);
  }
  for (const order of ledger.orders.filter((o) => o.status === 'created')) {
    const ageMs = nowMs - Date.parse(order.creationDate);
    if (ageMs > horizonMs)
      violations.push(
        `order ${order.orderNo} still created ${ageMs} ms after its creation (${order.creationDate}), past the horizon of ${horizonMs} ms`,
      );
  }
  return violations;
}

/**
 * Reads the ledger of the sandbox at `sandboxUrl` and throws, listing every violation, unless the
 * money invariant holds: no payment holding money without a placed order, no order left created
 * past the horizon.
 */
export async function expectMoneyInvariant(sandboxUrl: string, options: MoneyInvariantOptions = {}): Promise<void> {
  const ledger = await readLedger(sandboxUrl);
  const violations = moneyViolations(ledger, options);
  if (violations.length === 0) return;
  throw new Error(
    [
      `money invariant broken (issue 29): ${violations.length} violation(s)`,
      ...violations.map((violation) => `  - ${violation}`),
      `ledger of ${sandboxUrl}: ${JSON.stringify(ledger)}`,
    ].join('\n'),
  );
}
