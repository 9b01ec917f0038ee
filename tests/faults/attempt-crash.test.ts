/**
 * A proxy killed in the middle of an order (issue 29 path 3): the proxy runs as a child process
 * (`node server/src/main.ts`, the embedded disk journal under a DATA_DIR of its own), a sandbox
 * fault holds the attempt at a recovery point (a latency before the upstream acts, or a slow body
 * after it acted), the proxy is killed with SIGKILL, then started again on the same DATA_DIR. Within the
 * reconciler's horizon the money invariant holds: every Adyen charge not reversed belongs to a
 * placed order, no order of the attempt is left in created, and the journal's attempt ended. For a
 * Stripe market (GB) and an Adyen market (FR).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../mocks/sandbox/src/app.ts';
import type { Fault, Upstream } from '../../mocks/sandbox/src/core/faults.ts';
import { buildSandbox } from '../../mocks/sandbox/src/sandbox.ts';
import { adyenLedger } from '../../mocks/sandbox/src/upstreams/adyen/index.ts';
import { state as commerce } from '../../mocks/sandbox/src/upstreams/commerce/state.ts';
import { isEndState } from '../../domain/order-attempt.ts';
import { DiskJournalStore } from '../../server/src/services/attempts/disk-journal.ts';
import type { AttemptRecord } from '../../server/src/services/attempts/journal.ts';
import { newKey } from '../../server/src/testing/payments.ts';
import { proxyChild, proxyEnvironment } from '../scale/lib/cluster.ts';
import { answersOk, freePort, waitUntil, type Child } from '../scale/lib/processes.ts';
import { pay, readyGuest } from './lib/journeys.ts';
import type { FaultStack } from './lib/stack.ts';

const HORIZON_MS = 800;
/** How long the fault holds the attempt: well past the kill. */
const HOLD_MS = 4000;

let sandbox: Sandbox;
let proxy: Child;
let port = 0;
let dataDir = '';

beforeAll(async () => {
  sandbox = buildSandbox();
  const sandboxPort = await sandbox.start(0);
  dataDir = mkdtempSync(path.join(tmpdir(), 'attempt-crash-'));
  port = await freePort();
  const env = proxyEnvironment({
    port,
    metricsPort: await freePort(),
    sandboxUrl: `http://127.0.0.1:${sandboxPort}`,
    secret: 'attempt-crash-test-session-secret-0123456789',
    extra: {
      DATA_DIR: dataDir,
      ORDER_ATTEMPT_HORIZON_MS: String(HORIZON_MS),
      RECONCILE_INTERVAL_MS: '200',
      RECONCILE_RETRY_MS: '200',
      RECONCILE_RETRY_MAX_MS: '1000',
      UPSTREAM_TIMEOUT_MS: String(HOLD_MS * 2),
      LOG_LEVEL: 'warn',
    },
  });
  // The providers' webhooks reach the proxy (a reversal is done when Adyen says so), across its restarts.
  sandbox.context.webhooks.setDefaultUrl(`http://127.0.0.1:${port}/api/webhooks`);
  proxy = proxyChild('proxy', env);
  await startProxy();
}, 60_000);

afterAll(async () => {
  await proxy?.stop('SIGTERM');
  await sandbox?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function startProxy(): Promise<void> {
  proxy.start();
  await waitUntil('the proxy answers', () => answersOk(`http://127.0.0.1:${port}/api/healthz`), {
    timeoutMs: 20_000,
    child: proxy,
  });
}

const stack = { url: (p: string) => `http://127.0.0.1:${port}${p}` } as FaultStack;

interface Point {
  upstream: Upstream;
  aim: Pick<Fault, 'method' | 'path'>;
  /**
   * How the fault holds the attempt: `before` the upstream acts (a latency: the write lands after
   * the kill, or never), or `after` (a slow body: the write is done, its answer trickles and is lost).
   */
  hold: 'before' | 'after';
  /**
   * What the attempt ends as once reconciled: a payment the provider made before the kill ends placed
   * when its webhook reaches the restarted proxy before the reconciler acts, else failed and reversed.
   */
  ends: 'placed' | 'not placed' | 'either';
}

const POINTS: Record<string, (market: 'GB' | 'FR') => Point> = {
  // Recovery point creatingOrder: the order made, its answer lost with the process.
  'createOrder sent': () => ({
    upstream: 'commerce',
    aim: { method: 'POST', path: '^/checkout/shopper-orders/v1/organizations/[^/]+/orders$' },
    hold: 'after',
    ends: 'not placed',
  }),
  // Recovery point paymentSent: Adyen authorised (Stripe saved the card), the answer lost with the process.
  'payment sent': (market) => ({
    ...(market === 'FR'
      ? { upstream: 'adyen' as const, aim: { method: 'POST', path: '^/v71/payments$' } }
      : { upstream: 'stripe' as const, aim: { method: 'POST', path: '^/v1/setup_intents$' } }),
    hold: 'after',
    ends: 'either',
  }),
  // Recovery point paid: the update that places the order held before the platform acts.
  'paid, placing the order': () => ({
    upstream: 'commerce',
    aim: { method: 'PATCH', path: '^/s/[^/]+/dw/shop/v24_5/orders/' },
    hold: 'before',
    ends: 'placed',
  }),
};

/** The attempts of the journal on disk, as the restarted proxy keeps them (read beside it). */
async function journalAttempts(): Promise<AttemptRecord[]> {
  const journal = new DiskJournalStore(dataDir);
  try {
    return [...(await journal.unfinished())];
  } finally {
    await journal.close();
  }
}

const rows = (['GB', 'FR'] as const).flatMap((market) =>
  Object.entries(POINTS).map(([name, point]) => [`${market}: killed at "${name}"`, market, point(market)] as const),
);

describe('a proxy killed with SIGKILL at each recovery point, started again on the same DATA_DIR', () => {
  it.each(rows)(
    '%s: the money invariant holds within the horizon',
    async (_name, market, point) => {
      await fetch(`${sandbox.context.baseUrl()}/__sandbox/reset`, { method: 'POST' });
      const shopper = await readyGuest(stack, market);
      const seed = new Set(commerce.orders.keys());
      const from = adyenLedger().length;
      const rowStart = Date.now();
      const ours = async () => (await journalAttempts()).filter((a) => a.startedAtMs >= rowStart);
      const hold = point.hold === 'before' ? { latencyMs: HOLD_MS } : { slowBodyMs: HOLD_MS };
      sandbox.context.faults.set(point.upstream, { ...point.aim, ...hold, remaining: 1 });
      const answer = pay(shopper, market, '4242424242424242', newKey()).catch(() => undefined);
      await waitUntil(
        'the fault holds the attempt',
        async () => (sandbox.context.faults.list()[point.upstream]?.remaining ?? 0) === 0,
        {
          timeoutMs: 15_000,
        },
      );
      const struck = Date.now();
      const exit = await proxy.stop('SIGKILL');
      expect(exit.signal).toBe('SIGKILL');
      sandbox.context.faults.clear();
      await answer;
      const unfinished = (await ours()).filter((a) => !isEndState(a.state));
      expect(unfinished.length, 'the journal kept the attempt in flight').toBe(1);
      console.log(`${market} ${point.upstream} ${point.aim.path}: killed in ${unfinished[0]!.state}`);
      await startProxy();
      // The held request lands at the sandbox (its effects happen, nobody reads its answer), then the
      // reconciler acts on the attempt once it rested past its horizon.
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, struck + HOLD_MS + 300 - Date.now())));
      const mine = () => [...commerce.orders.values()].filter((o) => !seed.has(o.orderNo));
      await waitUntil(
        'the invariant holds',
        async () => {
          const created = mine().filter((o) => o.status === 'created');
          const live = adyenLedger()
            .slice(from)
            .filter((c) => !c.reversed && c.amount.value > 0)
            .filter((c) => !/^(new|completed)$/.test(commerce.orders.get(c.merchantReference)?.status ?? ''));
          // The attempt ended; one whose createOrder made nothing waits out the late-order window in creatingOrder.
          const open = (await ours()).filter((a) => !(a.state === 'creatingOrder' && !mine().length));
          return created.length === 0 && live.length === 0 && open.length === 0;
        },
        { timeoutMs: HOLD_MS + HORIZON_MS * 4 + 10_000, child: proxy, intervalMs: 200 },
      );
      const placed = mine().filter((o) => o.status === 'new');
      if (point.ends === 'placed') expect(placed.length, 'the paid order placed').toBe(1);
      if (point.ends === 'not placed') expect(placed, 'nothing placed').toEqual([]);
      // What the upstream did before the kill was undone, or honoured: the order made unpaid is failed;
      // Adyen's charge is reversed unless its order was placed.
      if (point.hold === 'after' && point.upstream === 'commerce')
        expect(mine().map((o) => o.status)).toEqual(['failed']);
      if (point.hold === 'after' && point.upstream === 'adyen') {
        const charges = adyenLedger().slice(from);
        expect(charges.length, 'Adyen authorised before the kill').toBe(1);
        expect(Boolean(charges[0]!.reversed), 'reversed unless its order was placed').toBe(placed.length === 0);
      }
      console.log(`${market} ${_name}: ${placed.length ? 'placed' : 'not placed'}`);
      expect((await ours()).map((a) => a.state)).not.toContain('reversalSent');
    },
    60_000,
  );
});
