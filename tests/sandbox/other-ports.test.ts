/**
 * Issue 32, "the shop on other ports": the stack as `make start` runs it (scripts/start.ts, the sandbox
 * and the proxy as child processes), moved with PORT and SANDBOX_PORT to ports other than 3000 and
 * 4010, with nothing else set. The start script gives the sandbox the proxy's origin, so its OAuth
 * clients register it as a tenant registers a shop's: a page renders with the guest's data, a guest
 * basket takes the renewal, and alex signs in through the identity provider and back to that origin.
 * The in-process stacks of the other tests name http://localhost:3000 as PUBLIC_ORIGIN from any port
 * (SLAS never sends the browser to it); this one goes the product's way.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SERVER_ENTRY } from '../../server/src/render/pages.ts';
import type { ProxyServer } from '../../server/src/server.ts';
import { logIn, ShopBrowser } from '../../server/src/testing/shop-browser.ts';
import { CLIENT_DIR } from '../../server/src/static.ts';

const root = path.resolve(import.meta.dirname, '../..');
/** The pages need the built client (dist/client, dist/server): `make test` builds it first; in CI it must be there. */
const built = existsSync(path.join(CLIENT_DIR, 'index.html')) && existsSync(SERVER_ENTRY);

/**
 * `count` distinct free ports below the system's ephemeral range (32768 and up on Linux), where no
 * server of the other test files, all listening on port 0, can be handed one between this probe
 * and the stack's start. Every probe is held until all have a port, so none is handed out twice.
 */
async function freePorts(count: number): Promise<number[]> {
  const held: net.Server[] = [];
  const tryPort = (port: number) =>
    new Promise<net.Server | undefined>((resolve) => {
      const probe = net.createServer();
      probe.once('error', () => resolve(undefined));
      probe.listen(port, () => resolve(probe));
    });
  while (held.length < count) {
    const probe = await tryPort(20_000 + Math.floor(Math.random() * 10_000));
    if (probe) held.push(probe);
  }
  const ports = held.map((probe) => (probe.address() as net.AddressInfo).port);
  await Promise.all(held.map((probe) => new Promise((resolve) => probe.close(resolve))));
  return ports;
}

let child: ChildProcess | undefined;
let output = '';
let shop = '';
let sandbox = '';
let shopPort = 0;

beforeAll(async () => {
  const [first, sandboxPort] = await freePorts(2);
  shopPort = first!;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(shopPort),
    SANDBOX_PORT: String(sandboxPort),
    LOG_FORMAT: 'json',
    LOG_LEVEL: 'warn',
    // The order-attempt journal in the process, not in the repository's .data/ (issue 29).
    DATA_DIR: ':memory:',
  };
  // What `make start` gets from a newcomer's shell: the ports, nothing of the test runner's own set-up.
  for (const name of [
    'NODE_ENV',
    'UPSTREAM',
    'PUBLIC_ORIGIN',
    'SANDBOX_URL',
    'SANDBOX_SHOP_ORIGINS',
    'SANDBOX_WEBHOOK_URL',
  ])
    delete env[name];
  child = spawn(process.execPath, [path.join(root, 'scripts/start.ts')], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  shop = `http://localhost:${shopPort}`;
  sandbox = `http://localhost:${sandboxPort}`;
  await vi.waitFor(
    () => {
      if (child?.exitCode !== null) throw new Error(`scripts/start.ts exited: ${output}`);
      if (!output.includes(`The shop is on ${shop} (sandbox on ${sandbox})`)) throw new Error(`not up yet: ${output}`);
    },
    { timeout: 60_000, interval: 200 },
  );
}, 90_000);

afterAll(async () => {
  const running = child;
  if (!running || running.exitCode !== null) return;
  const exited = new Promise((resolve) => running.once('exit', resolve));
  running.kill('SIGTERM');
  await exited;
});

/** A browser of the shop over HTTP: the proxy runs in its own process, so its session store is not at hand. */
const browser = () =>
  new ShopBrowser({
    get server(): ProxyServer {
      throw new Error('the proxy runs in a child process');
    },
    url: (p) => `${shop}${p}`,
    root: sandbox,
  });

describe('make start on other ports (PORT and SANDBOX_PORT only)', () => {
  it('when the sandbox is asked, then it registers the proxy’s origin for its OAuth clients', async () => {
    expect(shopPort).not.toBe(3000);
    expect(await (await fetch(`${sandbox}/__sandbox`)).json()).toMatchObject({ shopOrigins: [shop] });
  });

  it.skipIf(!built && !process.env.CI)(
    'when the renewal page is opened, then it answers 200 rendered with the guest’s data',
    async () => {
      expect(built, 'dist/client and dist/server: build the client first (make build)').toBe(true);
      const response = await fetch(`${shop}/en-GB/service/cn-connected-navigation?carvin=ZAAAA1000AA000001`, {
        headers: { accept: 'text/html' },
      });
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(html).toMatch(/<h1[^>]*>Renew Your Connected Navigation<\/h1>/);
      expect(html).toContain('£99');
      expect(output).not.toContain('the page could not be rendered on the server');
    },
  );

  it('when a guest renews, then the basket holds the plan', async () => {
    const guest = browser();
    await guest.open();
    const session = await guest.call('createGuestSession', '/api/session/guest', { method: 'POST' });
    expect(session.response.status).toBe(201);
    expect(session.body.authType).toBe('guest');
    const renewed = await guest.call('renewItem', '/api/basket/items', {
      method: 'POST',
      body: JSON.stringify({
        productId: 'cn-connected-navigation',
        variantId: 'cn-connected-navigation-12m',
        vin: 'ZAAAA1000AA000001',
      }),
    });
    expect(renewed.response.status).toBe(200);
    const basket = await guest.call('getBasket', '/api/basket');
    expect(basket.response.status).toBe(200);
    expect(basket.body.items.map((item: { productId: string }) => item.productId)).toEqual([
      'cn-connected-navigation-12m',
    ]);
  });

  it('when alex signs in, then the identity provider sends him back to this origin and he is signed in', async () => {
    const alex = browser();
    const login = await logIn(alex);
    expect(login.response.status).toBe(200);
    expect(login.body.session.authType).toBe('registered');
  });

  it('when the journeys are done, then no redirect URI was refused', () => {
    expect(output).not.toContain('commerce authorize failed');
    expect(output).not.toContain('SLAS refused redirect_uri');
  });
});
