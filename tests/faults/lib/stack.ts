/**
 * The fault suite's stack (issue 17): the in-process sandbox and the proxy against it, started once
 * per file with a short upstream timeout (a latency fault costs little time), the sandbox reset
 * before each row. Unlike server/src/testing/sandbox-server.ts it hands out the sandbox itself: the
 * rows set faults on its context and read the providers' and the commerce platform's state in-process.
 */
import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { Sandbox } from '../../../mocks/sandbox/src/app.ts';
import type { Fault, Upstream } from '../../../mocks/sandbox/src/core/faults.ts';
import { buildSandbox } from '../../../mocks/sandbox/src/sandbox.ts';
import type { ProxyServer } from '../../../server/src/server.ts';
import type { ShopUnderTest } from '../../../server/src/testing/shop-browser.ts';
import { startTestServer, testConfig } from '../../../server/src/test-helpers.ts';

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
  shop: ShopUnderTest;
  sandbox: () => Sandbox;
  /** Injects a fault into one upstream (the sandbox's PUT /__sandbox/faults/{upstream}). */
  fault: (upstream: Upstream, fault: Fault) => void;
  clearFaults: () => void;
  /** The upstream calls since the last reset (or `mark()`). */
  calls: () => UpstreamCall[];
  mark: () => void;
}

export function useFaultStack(env: Record<string, string> = {}): FaultStack {
  let sandbox: Sandbox | undefined;
  let server: ProxyServer | undefined;
  let proxyUrl: ((path: string) => string) | undefined;
  let recorded: UpstreamCall[] = [];
  beforeAll(async () => {
    sandbox = buildSandbox();
    // Every upstream request passes the fault check first: it is where the calls are seen.
    const faults = sandbox.context.faults;
    const take = faults.take.bind(faults);
    faults.take = (upstream, target) => {
      if (target) recorded.push({ upstream, method: target.method, path: target.path });
      return take(upstream, target);
    };
    const port = await sandbox.start(0);
    ({ server, url: proxyUrl } = await startTestServer(
      testConfig({
        SANDBOX_URL: `http://localhost:${port}`,
        UPSTREAM_TIMEOUT_MS: String(UPSTREAM_TIMEOUT_MS),
        RATE_LIMIT_LOGIN: '10000',
        RATE_LIMIT_PAYMENT: '10000',
        RATE_LIMIT_ADDRESS: '10000',
        ...env,
      }),
    ));
  });
  afterAll(async () => {
    await server?.stop();
    await sandbox?.stop();
  });
  beforeEach(async () => {
    await fetch(`${sandbox!.context.baseUrl()}/__sandbox/reset`, { method: 'POST' });
    recorded = [];
  });
  return {
    url: (path) => proxyUrl!(path),
    shop: {
      get server() {
        return server!;
      },
      url: (path) => proxyUrl!(path),
      get root() {
        return sandbox!.context.baseUrl();
      },
    },
    sandbox: () => sandbox!,
    fault: (upstream, fault) => sandbox!.context.faults.set(upstream, fault),
    clearFaults: () => sandbox!.context.faults.clear(),
    calls: () => recorded,
    mark: () => {
      recorded = [];
    },
  };
}
