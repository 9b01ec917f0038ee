/**
 * The stack `make start` runs (scripts/start.ts: the sandbox and the proxy serving the built
 * client), started by the bench on its own ports, and the shopper sessions the figures use.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import {
  BENCH_METRICS_PORT,
  PRODUCT,
  RENEWAL_API_PATH,
  SANDBOX,
  SANDBOX_PORT,
  SHOP,
  SHOP_PORT,
  root,
} from './config.ts';

function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, () => probe.close(() => resolve(true)));
  });
}

export interface Stack {
  /** Stops the stack and waits (at most 10 s) until it has exited. */
  stop(): Promise<void>;
}

/**
 * Starts the stack once its ports are free (another stack there would be measured instead of this
 * one) and waits until both answer. Fails when the stack stops before that.
 */
/** Waits until each URL answers 2xx (up to 60 s each); fails at once when the stack's process ends. */
export async function waitUntilUp(child: ChildProcess, urls: string[], what: string): Promise<void> {
  for (const url of urls) {
    for (let i = 0; ; i += 1) {
      if (child.exitCode !== null) throw new Error(`${what} stopped (exit ${child.exitCode}) before ${url} answered`);
      if (
        await fetch(url).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      if (i === 600) throw new Error(`${url} did not come up within 60 s`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

export async function startStack(): Promise<Stack> {
  for (const port of [SHOP_PORT, SANDBOX_PORT]) {
    if (!(await portFree(port))) throw new Error(`port ${port} is in use: stop what listens there, then run again`);
  }
  const child: ChildProcess = spawn(process.execPath, [path.join(root, 'scripts/start.ts')], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(SHOP_PORT),
      SANDBOX_PORT: String(SANDBOX_PORT),
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PAYMENT: '100000',
      RATE_LIMIT_LOGIN: '100000',
      RATE_LIMIT_ADDRESS: '100000',
      // The soak reads the proxy's heap there (soak.ts).
      METRICS_PORT: String(BENCH_METRICS_PORT),
      METRICS_HOST: '127.0.0.1',
    },
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stack: Stack = {
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
    },
  };
  try {
    await waitUntilUp(child, [`${SHOP}/api/healthz`, `${SANDBOX}/`], 'the stack');
  } catch (error) {
    await stack.stop();
    throw error;
  }
  return stack;
}

/** A new shopper's session at `shop`: its cookie header ("name=value") and CSRF token. */
async function newSession(shop: string): Promise<{ cookie: string; csrfToken: string }> {
  const first = await fetch(`${shop}/api/session?locale=en-GB`);
  const cookie = first.headers.getSetCookie()[0]?.split(';')[0];
  if (!first.ok || !cookie) throw new Error(`session: ${first.status}, no cookie`);
  const { csrfToken } = (await first.json()) as { csrfToken: string };
  return { cookie, csrfToken };
}

/**
 * A shopper session with the renewal item in the basket (after reading its renewal page): the cookie
 * header. At the bench's stack by default; scripts/bench/cluster.ts passes nginx's and an instance's origin.
 */
export async function basketSession(shop: string = SHOP): Promise<string> {
  const { cookie, csrfToken } = await newSession(shop);
  await fetch(`${shop}${RENEWAL_API_PATH}`, { headers: { cookie } });
  const added = await fetch(`${shop}/api/basket/items`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json', 'x-csrf-token': csrfToken },
    body: JSON.stringify({ productId: PRODUCT, variantId: `${PRODUCT}-12m` }),
  });
  if (!added.ok) throw new Error(`basket: ${added.status}`);
  return cookie;
}
