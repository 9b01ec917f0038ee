/**
 * Route tests' stack: the in-process sandbox and the proxy against it, started once per file,
 * with the sandbox reset before each test. Call at the top of a test file.
 */
import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { Sandbox } from '../../../mocks/sandbox/src/app.ts';
import { buildSandbox } from '../../../mocks/sandbox/src/sandbox.ts';
import type { ProxyServer } from '../server.ts';
import { startTestServer, testConfig } from '../test-helpers.ts';
import type { ShopUnderTest } from './shop-browser.ts';

export interface SandboxServer {
  /** A proxy URL for a path. */
  url: (path: string) => string;
  /** The sandbox's own base URL (its /__sandbox controls). */
  sandboxUrl: () => string;
  /** The same stack for a ShopBrowser (testing/shop-browser.ts). */
  shop: ShopUnderTest;
  /** The sandbox itself, for tests that read or change its state in-process (tests/faults). */
  sandbox: () => Sandbox;
}

export interface SandboxServerOptions {
  /** The sandbox's providers send their signed webhooks to this proxy (issue 29); none by default. */
  webhooks?: boolean;
  /** The proxy serves the built client and renders its pages (dist/, render/pages.ts); not by default. */
  serveClient?: boolean;
}

export function useSandboxServer(env: Record<string, string> = {}, options: SandboxServerOptions = {}): SandboxServer {
  let sandbox: Sandbox | undefined;
  let server: ProxyServer | undefined;
  let proxyUrl: ((path: string) => string) | undefined;
  beforeAll(async () => {
    sandbox = buildSandbox();
    const port = await sandbox.start(0);
    ({ server, url: proxyUrl } = await startTestServer(
      testConfig({ SANDBOX_URL: `http://localhost:${port}`, ...env }),
      { serveClient: options.serveClient ?? false },
    ));
    if (options.webhooks) sandbox.context.webhooks.setDefaultUrl(proxyUrl('/api/webhooks'));
  });
  afterAll(async () => {
    await server?.stop();
    await sandbox?.stop();
  });
  beforeEach(async () => {
    await fetch(`${sandbox!.context.baseUrl()}/__sandbox/reset`, { method: 'POST' });
  });
  return {
    url: (path) => proxyUrl!(path),
    sandboxUrl: () => sandbox!.context.baseUrl(),
    sandbox: () => sandbox!,
    shop: {
      get server() {
        return server!;
      },
      url: (path) => proxyUrl!(path),
      get root() {
        return sandbox!.context.baseUrl();
      },
    },
  };
}
