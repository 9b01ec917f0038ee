/**
 * The fault suite's stack (issue 17): the in-process sandbox and the proxy against it, started once
 * per file with a short upstream timeout (a latency fault costs little time), the sandbox reset
 * before each row (server/src/testing/sandbox-server.ts), and the upstream calls each row made: the
 * rows set faults on the sandbox's context and read the providers' and the platform's state in-process.
 */
import { beforeAll, beforeEach } from 'vitest';
import type { Sandbox } from '../../../mocks/sandbox/src/app.ts';
import type { Fault, Upstream } from '../../../mocks/sandbox/src/core/faults.ts';
import { useSandboxServer, type SandboxServerOptions } from '../../../server/src/testing/sandbox-server.ts';
import type { ShopUnderTest } from '../../../server/src/testing/shop-browser.ts';
import type { AttemptOwner } from '../../../server/src/services/attempts/attempts.ts';
import { expectMoneyInvariant, moneyViolations, readLedger } from '../../../server/src/testing/money-invariant.ts';

/** The proxy's upstream timeout in these tests (config UPSTREAM_TIMEOUT_MS); a latency fault goes past it. */
export const UPSTREAM_TIMEOUT_MS = 500;

/** One upstream call as the sandbox received it (below the upstream's prefix). */
export interface UpstreamCall {
  upstream: Upstream;
  method: string;
  path: string;
}

export interface FaultStack {
  url: (path: string) => string;
  /** The sandbox's own base URL (its /__sandbox controls and ledger). */
  sandboxUrl: () => string;
  shop: ShopUnderTest;
  sandbox: () => Sandbox;
  /** Injects a fault into one upstream (the sandbox's PUT /__sandbox/faults/{upstream}). */
  fault: (upstream: Upstream, fault: Fault) => void;
  clearFaults: () => void;
  /** The upstream calls since the last reset (or `mark()`). */
  calls: () => UpstreamCall[];
  mark: () => void;
  /**
   * The money invariant (issue 29), once the order attempts' reconciler has had its say: a row may
   * leave a reversal to send again (its fault refused it), which the reconciler sends after the
   * stack's short horizon. Passes run only while the invariant does not hold yet.
   */
  expectMoneyKept: () => Promise<void>;
}

/** The fault stack's order-attempt horizon: a row's resting attempts are reconciled soon after it. */
export const ATTEMPT_HORIZON_MS = 200;

export function useFaultStack(env: Record<string, string> = {}, options: SandboxServerOptions = {}): FaultStack {
  const stack = useSandboxServer(
    {
      UPSTREAM_TIMEOUT_MS: String(UPSTREAM_TIMEOUT_MS),
      RATE_LIMIT_LOGIN: '10000',
      RATE_LIMIT_PAYMENT: '10000',
      RATE_LIMIT_ADDRESS: '10000',
      ORDER_ATTEMPT_HORIZON_MS: String(ATTEMPT_HORIZON_MS),
      RECONCILE_RETRY_MS: '50',
      RECONCILE_RETRY_MAX_MS: '200',
      ...env,
    },
    options,
  );
  let recorded: UpstreamCall[] = [];
  // After the stack's own hooks (registered first): every upstream request passes the fault check
  // first, so that is where the calls are seen; each row starts with none.
  beforeAll(() => {
    const faults = stack.sandbox().context.faults;
    const take = faults.take.bind(faults);
    faults.take = (upstream, target) => {
      if (target) recorded.push({ upstream, method: target.method, path: target.path });
      return take(upstream, target);
    };
  });
  beforeEach(() => {
    recorded = [];
  });
  return {
    url: stack.url,
    sandboxUrl: stack.sandboxUrl,
    shop: stack.shop,
    sandbox: stack.sandbox,
    fault: (upstream, fault) => stack.sandbox().context.faults.set(upstream, fault),
    clearFaults: () => stack.sandbox().context.faults.clear(),
    calls: () => recorded,
    mark: () => {
      recorded = [];
    },
    expectMoneyKept: async () => {
      const owner = stack.shop.server.context.attempts as AttemptOwner;
      for (let pass = 0; pass < 6; pass += 1) {
        if (moneyViolations(await readLedger(stack.sandboxUrl())).length === 0) return;
        await new Promise((resolve) => setTimeout(resolve, ATTEMPT_HORIZON_MS + 60));
        await owner.reconcile();
      }
      await expectMoneyInvariant(stack.sandboxUrl());
    },
  };
}
