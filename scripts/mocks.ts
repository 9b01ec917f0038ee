// `make mocks`: Prism serving each upstream contract from its examples, one port each (4011-4017).
// A caller picks a response per request with `Prefer: example=<name>` or `Prefer: code=<status>`.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { mockPorts } from './mock-ports.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const children: ChildProcess[] = [];
for (const [name, port] of Object.entries(mockPorts)) {
  const child = spawn(
    path.join(root, 'node_modules/.bin/prism'),
    ['mock', '--host', '127.0.0.1', '--port', String(port), path.join(root, `openapi/upstream/${name}.yaml`)],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const prefix = `[${name}:${port}] `;
  const forward = (stream: NodeJS.WritableStream) => (chunk: Buffer) =>
    stream.write(
      chunk
        .toString()
        .split('\n')
        .filter(Boolean)
        .map((line) => prefix + line + '\n')
        .join(''),
    );
  child.stdout?.on('data', forward(process.stdout));
  child.stderr?.on('data', forward(process.stderr));
  child.on('exit', (code) => {
    console.error(`${prefix}exited with ${code}`);
    shutdown(1);
  });
  children.push(child);
}

let stopping = false;
function shutdown(code: number): void {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  process.exit(code);
}
process.on('SIGINT', () => shutdown(0));
process.on('SIGTERM', () => shutdown(0));
console.log(
  Object.entries(mockPorts)
    .map(([name, port]) => `${name.padEnd(9)} http://127.0.0.1:${port}`)
    .join('\n'),
);
