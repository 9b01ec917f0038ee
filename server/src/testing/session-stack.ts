/**
 * Test-only: the in-process sandbox and a proxy against it, with sessions in memory or in a
 * redis-server of the file's own (issue 30: one test body on both stores), and the sandbox's
 * controls the session tests use: reset, the shopper tokens' revocation and the token endpoint's log.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pino } from 'pino';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { parse } from 'yaml';
import type { Sandbox } from '../../../mocks/sandbox/src/app.ts';
import { buildSandbox } from '../../../mocks/sandbox/src/sandbox.ts';
import type { TokenRequest } from '../../../mocks/sandbox/src/upstreams/commerce/token-controls.ts';
import { createServer, type ProxyServer } from '../server.ts';
import { testConfig } from '../test-helpers.ts';
import { startRedisServer, type RedisServer } from './redis-server.ts';
import type { ShopUnderTest } from './shop-browser.ts';

/** Made-up values for the path parameters of the account's reads (ownership answers them 404, never 500). */
const MADE_UP: Record<string, string> = { id: 'a00000000000000001', orderNo: '00000001', creditNoteId: 'cn-1' };

/**
 * Every account read of proxy.yaml (tag `account`, GET), as paths under /api with made-up ids: read
 * from the contract, so a new account read is covered by the session tests without a list to keep.
 */
export const ACCOUNT_READS: readonly string[] = (() => {
  const contract = parse(readFileSync(path.resolve(process.cwd(), 'openapi/proxy.yaml'), 'utf8')) as {
    paths: Record<string, { get?: { tags?: string[] } }>;
  };
  return Object.entries(contract.paths)
    .filter(([, operations]) => operations.get?.tags?.includes('account'))
    .map(([route]) => `/api${route.replace(/\{(\w+)\}/g, (_, name: string) => MADE_UP[name] ?? name)}`);
})();

export interface SessionStack {
  shop: ShopUnderTest;
  /** The in-process sandbox (started before the file's own beforeAll hooks run). */
  sandbox(): Sandbox;
  /** The redis-server of a Redis stack. */
  redis(): RedisServer | undefined;
  /** Stops the proxy and starts a new one with the same configuration (an in-memory store starts empty). */
  restartProxy(): Promise<void>;
  /** `POST /commerce/__sandbox/shoppers/{login}/revoke`. */
  revokeTokens(login: string, which?: { refreshTokens?: boolean; accessTokens?: boolean }): Promise<void>;
  /** The refresh grants the token endpoint answered since the reset. */
  refreshes(): Promise<TokenRequest[]>;
}

/** Registers beforeAll/afterAll/beforeEach for the stack; `redisPath` from redisServerBinary() for a Redis stack. */
export function useSessionStack(store: 'memory' | 'redis', redisPath: string | undefined): SessionStack {
  let sandbox: Sandbox;
  let server: ProxyServer;
  let redisServer: RedisServer | undefined;
  let port = 0;
  const startProxy = async () => {
    server = createServer(
      testConfig({
        SANDBOX_URL: sandbox.context.baseUrl(),
        RATE_LIMIT_LOGIN: '1000',
        ...(redisServer ? { REDIS_URL: redisServer.url } : {}),
      }),
      { logger: pino({ level: 'silent' }), serveClient: false },
    );
    port = await server.start(0);
  };
  beforeAll(async () => {
    sandbox = buildSandbox();
    await sandbox.start(0);
    if (store === 'redis') redisServer = await startRedisServer(redisPath!);
    await startProxy();
  });
  afterAll(async () => {
    await server?.stop();
    await sandbox?.stop();
    await redisServer?.dispose();
  });
  beforeEach(async () => {
    await fetch(`${sandbox.context.baseUrl()}/__sandbox/reset`, { method: 'POST' });
  });
  const commerceControl = (path: string) => `${sandbox.context.baseUrl()}/commerce/__sandbox${path}`;
  return {
    shop: {
      get server() {
        return server;
      },
      url: (path) => `http://127.0.0.1:${port}${path}`,
      get root() {
        return sandbox.context.baseUrl();
      },
    },
    sandbox: () => sandbox,
    redis: () => redisServer,
    restartProxy: async () => {
      await server.stop();
      await startProxy();
    },
    revokeTokens: async (login, which = {}) => {
      const answer = await fetch(commerceControl(`/shoppers/${encodeURIComponent(login)}/revoke`), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(which),
      });
      expect(answer.status).toBe(200);
    },
    refreshes: async () => {
      const { requests } = (await (await fetch(commerceControl('/token-requests'))).json()) as {
        requests: TokenRequest[];
      };
      return requests.filter((r) => r.grantType === 'refresh_token');
    },
  };
}
