/**
 * Test-only: Debian's redis-server on an ephemeral port in a temporary directory, for the shared
 * state's tests (issue 16). `make test` installs it first (the Makefile's `system-packages`, issue 32:
 * no apt-get inside tests); without it a test file skips, saying why, and with CI=true fails.
 * Append-only persistence is on, so `restart()` keeps the data (issue 16 test 6: "the shopper's
 * session and basket are still there").
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { skipWithout } from './suite-prerequisite.ts';

const CANDIDATES = [process.env.REDIS_SERVER_PATH, '/usr/bin/redis-server', '/usr/local/bin/redis-server'];
const START_TIMEOUT_MS = 10_000;

function found(): string | undefined {
  for (const candidate of CANDIDATES) {
    if (candidate && spawnSync(candidate, ['--version']).status === 0) return candidate;
  }
  const which = spawnSync('sh', ['-c', 'command -v redis-server'], { encoding: 'utf8' });
  return which.status === 0 && which.stdout.trim() ? which.stdout.trim() : undefined;
}

let located: { path?: string; reason?: string } | undefined;

/**
 * The redis-server binary; `reason` says why there is none (outside CI the file's Redis tests skip;
 * with CI=true this throws). Call it at the top of a test file: `describe.skipIf(!redis.path)`.
 */
export function redisServerBinary(): { path?: string; reason?: string } {
  if (located) return located;
  const existing = found();
  located = existing
    ? { path: existing }
    : {
        reason:
          'redis-server is missing: `make system-packages` installs it (apt-get install redis-server), or set REDIS_SERVER_PATH',
      };
  if (located.reason) skipWithout(false, located.reason);
  return located;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

export interface RedisServer {
  /** redis://127.0.0.1:<port> */
  url: string;
  port: number;
  /** Stops it (SIGTERM: the append-only file is written); the port stays reserved for start(). */
  stop(): Promise<void>;
  /** Starts it again on the same port, with the same data. */
  start(): Promise<void>;
  /** stop() then start(). */
  restart(): Promise<void>;
  /** Stops it and removes its directory. */
  dispose(): Promise<void>;
}

/** Starts a redis-server of its own (port, directory); `binary` from redisServerBinary(). */
export async function startRedisServer(binary: string): Promise<RedisServer> {
  const dir = mkdtempSync(path.join(tmpdir(), 'shop-redis-'));
  const port = await freePort();
  let child: ChildProcess | undefined;

  const start = async () => {
    const args = ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', '', '--appendonly', 'yes'];
    const started = spawn(binary, [...args, '--daemonize', 'no', '--protected-mode', 'no'], {
      cwd: dir,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = started;
    let output = '';
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => fail(new Error(`redis-server did not start in time:\n${output}`)),
        START_TIMEOUT_MS,
      );
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('Ready to accept connections')) done();
      };
      const onExit = (code: number | null) => fail(new Error(`redis-server exited (${code}):\n${output}`));
      const cleanup = () => {
        clearTimeout(timer);
        started.stdout?.off('data', onData);
        started.off('exit', onExit);
      };
      const done = () => (cleanup(), resolve());
      const fail = (error: Error) => (cleanup(), reject(error));
      started.stdout?.on('data', onData);
      started.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
      started.once('exit', onExit);
    });
    // Keep draining its output so a full pipe never blocks it.
    started.stdout?.resume();
    started.stderr?.resume();
  };

  const stop = async () => {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      running.once('exit', () => resolve());
      running.kill('SIGTERM');
    });
  };

  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    stop,
    start,
    restart: async () => {
      await stop();
      await start();
    },
    dispose: async () => {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
