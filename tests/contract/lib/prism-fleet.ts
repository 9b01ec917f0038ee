/**
 * One Prism mock per upstream contract for the whole contract project (its Vitest global setup,
 * issue 32): the files that test the proxy against Prism and the file that checks Prism serves every
 * example share these seven processes, instead of starting 22 of their own. Prism's mock is
 * stateless (each answer is the example the request's Prefer header names), so sharing it changes
 * no answer. Each listens on a port the system chose; its output is kept in a file, for the
 * request violations a failing test prints (prismOutput in prism.ts).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort } from '../../scale/lib/processes.ts';
import { ROOT, UPSTREAMS, contractExists, contractPath, type Upstream } from './openapi.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Each present upstream contract's Prism mock: its base URL and the file holding its output. */
    prismMocks: Partial<Record<Upstream, { base: string; log: string }>>;
  }
}

const PRISM = resolve(ROOT, 'node_modules/.bin/prism');
const START_TIMEOUT_MS = 60_000;
const ATTEMPTS = 3;

/** Starts `prism mock` of one contract; fails when it exits or stays silent past the timeout. */
async function startOne(file: string, log: string, children: ChildProcess[]): Promise<string> {
  const port = await freePort();
  const out = openSync(log, 'a');
  const child = spawn(PRISM, ['mock', '-p', String(port), '-h', '127.0.0.1', file], {
    cwd: ROOT,
    stdio: ['ignore', out, out],
    env: { ...process.env, FORCE_COLOR: '0' },
  });
  closeSync(out); // the child holds its own copy
  children.push(child);
  await new Promise<void>((done, fail) => {
    const started = Date.now();
    const poll = setInterval(() => {
      if (/Prism is listening/i.test(readFileSync(log, 'utf8'))) finish(done);
      else if (child.exitCode !== null) finish(() => fail(new Error(`Prism exited (${child.exitCode}) for ${file}`)));
      else if (Date.now() - started > START_TIMEOUT_MS)
        finish(() => fail(new Error(`Prism did not start within ${START_TIMEOUT_MS} ms for ${file}`)));
    }, 100);
    const finish = (then: () => void) => {
      clearInterval(poll);
      if (then !== done && child.exitCode === null) child.kill('SIGTERM');
      then();
    };
  });
  return `http://127.0.0.1:${port}`;
}

export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'prism-fleet-'));
  const children: ChildProcess[] = [];
  const stop = () => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  };
  const mocks: Partial<Record<Upstream, { base: string; log: string }>> = {};
  try {
    await Promise.all(
      UPSTREAMS.filter((name) => contractExists(name)).map(async (name) => {
        const log = join(dir, `${name}.log`);
        // A port another process took between the probe and Prism's listen: Prism exits, another is tried.
        for (let attempt = 1; ; attempt += 1) {
          try {
            mocks[name] = { base: await startOne(contractPath(name), log, children), log };
            return;
          } catch (error) {
            if (attempt === ATTEMPTS) throw error;
          }
        }
      }),
    );
  } catch (error) {
    stop();
    throw error;
  }
  project.provide('prismMocks', mocks);
  return stop;
}
