// `make start`: the sandbox on :4010 (unless UPSTREAM says otherwise) and the proxy, which serves the
// built client, on :3000. Both are children; a signal or either one exiting stops both.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const node = process.execPath;
const upstream = process.env.UPSTREAM ?? 'sandbox';
const children: ChildProcess[] = [];

function run(name: string, script: string): ChildProcess {
  const child = spawn(node, [path.join(root, script)], { stdio: ['ignore', 'inherit', 'inherit'], env: process.env });
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
  run('sandbox', 'mocks/sandbox/src/main.ts');
  await waitFor(`http://127.0.0.1:${process.env.SANDBOX_PORT ?? 4010}/`, 15_000);
}
run('proxy', 'server/src/main.ts');
await waitFor(`http://127.0.0.1:${process.env.PORT ?? 3000}/api/healthz`, 15_000);
console.log(
  `The shop is on http://localhost:${process.env.PORT ?? 3000}${upstream === 'sandbox' ? ' (sandbox on http://localhost:4010)' : ''}`,
);
