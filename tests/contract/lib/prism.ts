/**
 * Prism mock servers for the proxy-against-Prism tests: one per upstream contract, each on a free
 * port, stopped by `stop`. Prism answers every call with the contract's first example.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import { ROOT, contractPath, type Upstream } from './openapi.ts';

const PRISM = resolve(ROOT, 'node_modules/.bin/prism');

function freePort(from: number): Promise<number> {
  return new Promise((done) => {
    const probe = createServer();
    probe.once('error', () => void freePort(from + 1).then(done));
    probe.listen(from, '127.0.0.1', () => probe.close(() => done(from)));
  });
}

function startPrism(file: string, port: number, children: ChildProcess[]): Promise<void> {
  const child = spawn(PRISM, ['mock', '-p', String(port), '-h', '127.0.0.1', file], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, FORCE_COLOR: '0' },
  });
  children.push(child);
  return new Promise((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`Prism did not start for ${file}`)), 60_000);
    const onData = (chunk: Buffer) => {
      if (/Prism is listening/i.test(chunk.toString())) {
        clearTimeout(timer);
        done();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
  });
}

/** Starts Prism for each upstream (ports from `firstPort` on); answers each one's base URL. */
export async function startPrisms(
  names: readonly Upstream[],
  firstPort: number,
): Promise<{ base: (name: Upstream) => string; stop: () => void }> {
  const children: ChildProcess[] = [];
  const ports: Partial<Record<Upstream, number>> = {};
  let next = firstPort;
  for (const name of names) {
    ports[name] = await freePort(next);
    next = ports[name] + 1;
  }
  const stop = () => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  };
  try {
    await Promise.all(names.map((name) => startPrism(contractPath(name), ports[name]!, children)));
  } catch (error) {
    stop();
    throw error;
  }
  return { base: (name) => `http://127.0.0.1:${ports[name]}`, stop };
}
