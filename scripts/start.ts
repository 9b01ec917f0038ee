// `make start`: the sandbox on :4010 (unless UPSTREAM says otherwise) and the proxy, which serves the
// built client, on :3000. Both are children; a signal or either one exiting stops both.
// PORT and SANDBOX_PORT move them (the end-to-end tests run their own pair beside a developer's):
// `PORT=3005 SANDBOX_PORT=4020 make start`. The proxy's PUBLIC_ORIGIN (http://localhost:$PORT unless
// given) is the origin of its OAuth redirect URIs, and the sandbox registers it for its OAuth clients
// as SANDBOX_SHOP_ORIGINS (unless given), as a tenant registers a shop's (issue 32).
// The children write to this process's own stdout and stderr (stdio inherit, `make dev` too): at a
// terminal the proxy's stdout is that terminal and it logs pino-pretty lines, piped or redirected
// to a file it logs JSON (server/src/logger.ts; LOG_FORMAT=json|pretty forces one).
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { mockPorts } from './mock-ports.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const node = process.execPath;
const upstream = process.env.UPSTREAM ?? 'sandbox';
const children: ChildProcess[] = [];
const proxyPort = process.env.PORT ?? '3000';
const sandboxPort = process.env.SANDBOX_PORT ?? '4010';
const publicOrigin = process.env.PUBLIC_ORIGIN?.trim() || `http://localhost:${proxyPort}`;

function run(name: string, script: string, env: Record<string, string>): ChildProcess {
  const child = spawn(node, [path.join(root, script)], {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, ...env },
  });
  child.on('exit', (code, signal) => {
    console.error(`${name} stopped (${signal ?? code})`);
    shutdown(code ?? 1);
  });
  children.push(child);
  return child;
}

async function waitFor(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await fetch(url);
      return;
    } catch {
      if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

let stopping = false;
function shutdown(code: number): void {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  process.exitCode = code;
}
process.on('SIGINT', () => shutdown(0));
process.on('SIGTERM', () => shutdown(0));

if (upstream === 'sandbox') {
  // The sandbox's Stripe and Adyen send their signed webhooks to the proxy (issue 29); retried until it listens.
  run('sandbox', 'mocks/sandbox/src/main.ts', {
    PORT: sandboxPort,
    ...(!process.env.SANDBOX_SHOP_ORIGINS?.trim() ? { SANDBOX_SHOP_ORIGINS: publicOrigin } : {}),
    ...(!process.env.SANDBOX_WEBHOOK_URL ? { SANDBOX_WEBHOOK_URL: `http://localhost:${proxyPort}/api/webhooks` } : {}),
  });
  await waitFor(`http://127.0.0.1:${sandboxPort}/`, 15_000);
}
// UPSTREAM=prism (`make dev-prism`): Prism per upstream contract on its stable port (scripts/mocks.ts).
if (upstream === 'prism') {
  run('prism', 'scripts/mocks.ts', {});
  await Promise.all(Object.values(mockPorts).map((port) => waitFor(`http://127.0.0.1:${port}/`, 60_000)));
}
run('proxy', 'server/src/main.ts', {
  PORT: proxyPort,
  ...(upstream === 'sandbox' && !process.env.SANDBOX_URL ? { SANDBOX_URL: `http://localhost:${sandboxPort}` } : {}),
  PUBLIC_ORIGIN: publicOrigin,
});
await waitFor(`http://127.0.0.1:${proxyPort}/api/healthz`, 15_000);
console.log(
  `The shop is on http://localhost:${proxyPort}${upstream === 'sandbox' ? ` (sandbox on http://localhost:${sandboxPort})` : upstream === 'prism' ? ' (Prism on ports 4011-4017)' : ''}`,
);
