// `make mocks`: Prism serving each upstream contract from its examples, one port each (4011-4017).
// A caller picks a response per request with `Prefer: example=<name>` or `Prefer: code=<status>`.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Stable ports of the Prism mocks (README and DESIGN.md rely on them). */
export const mockPorts = {
  commerce: 4011,
  som: 4012,
  vehicles: 4013,
  identity: 4014,
  adyen: 4015,
  stripe: 4016,
  loqate: 4017,
} as const;

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
