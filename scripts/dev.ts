// `make dev`: the sandbox and the proxy (scripts/start.ts) and Vite's dev server with hot reload on
// http://localhost:5173, which proxies /api to the proxy. A signal or either one exiting stops both.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const children: ChildProcess[] = [
  spawn(process.execPath, [path.join(root, 'scripts/start.ts')], { stdio: 'inherit', env: process.env }),
  spawn(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), '--config', 'client/vite.config.ts'], {
    stdio: 'inherit',
    cwd: root,
    env: process.env,
  }),
];
let stopping = false;
const stop = (code: number) => {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  process.exitCode = code;
};
for (const child of children) child.on('exit', (code) => stop(code ?? 0));
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
