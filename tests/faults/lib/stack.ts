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
}

export function useFaultStack(env: Record<string, string> = {}, options: SandboxServerOptions = {}): FaultStack {
  const stack = useSandboxServer(
    {
      UPSTREAM_TIMEOUT_MS: String(UPSTREAM_TIMEOUT_MS),
      RATE_LIMIT_LOGIN: '10000',
      RATE_LIMIT_PAYMENT: '10000',
      RATE_LIMIT_ADDRESS: '10000',
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
  };
}
