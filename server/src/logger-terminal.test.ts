/**
 * Readable logs for a person (issue 15), end to end: the proxy as `make start` runs it (main.ts,
 * its stdout the terminal through scripts/start.ts's stdio inherit) prints pino-pretty lines when
 * that stdout is a terminal, and JSON when it is a pipe. util-linux's `script` gives it a terminal.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';

const main = path.join(path.dirname(fileURLToPath(import.meta.url)), 'main.ts');
const quote = (s: string) => `'${s.replaceAll("'", "'\\''")}'`;
const env: NodeJS.ProcessEnv = {
  ...process.env,
  PORT: '0',
  NODE_ENV: 'development',
  LOG_LEVEL: 'info',
  FORCE_COLOR: '0',
  // The order-attempt journal in the process, not in the repository's .data/ (issue 29).
  DATA_DIR: ':memory:',
};
delete env.LOG_FORMAT;

let child: ChildProcess | undefined;
afterEach(async () => {
  const running = child;
  child = undefined;
  if (!running || running.exitCode !== null) return;
  const exited = new Promise((resolve) => running.once('exit', resolve));
  running.kill('SIGTERM');
  await exited;
});

/** Starts the proxy (in a terminal or not) and resolves its port and a reader of its stdout. */
async function startProxy(terminal: boolean): Promise<{ port: string; output: () => string }> {
  child = terminal
    ? spawn('script', ['-qec', `${quote(process.execPath)} ${quote(main)}`, '/dev/null'], { env })
    : spawn(process.execPath, [main], { env });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  // eslint-disable-next-line no-control-regex
  const text = () => output.replace(/\u001b\[[0-9;]*m/g, '').replaceAll('\r', '');
  const port = await vi.waitFor(
    () => {
      const match = /proxy listening on http:\/\/localhost:(\d+)/.exec(text());
      if (!match) throw new Error(`not listening yet: ${text()}`);
      return match[1]!;
    },
    { timeout: 15_000, interval: 100 },
  );
  return { port, output: text };
}

describe.runIf(process.platform === 'linux')('the proxy started at a terminal or not', () => {
  it('when its stdout is a terminal, then each request is one pretty line without the query', async () => {
    const { port, output } = await startProxy(true);
    await fetch(`http://127.0.0.1:${port}/api/healthz?vin=WVWZZZ1JZXW000001`, {
      headers: { 'x-request-id': 'req-terminal-1' },
    });
    await vi.waitFor(() => expect(output()).toMatch(/INFO: GET \/api\/healthz 200 \d+ ms req-terminal-1\n/), {
      timeout: 5_000,
    });
    expect(output()).not.toContain('WVWZZZ1JZXW000001');
    expect(output()).not.toContain('{"level"');
  }, 30_000);

  it('when its stdout is a pipe, then the logs are JSON lines', async () => {
    const { port, output } = await startProxy(false);
    await fetch(`http://127.0.0.1:${port}/api/healthz`, { headers: { 'x-request-id': 'req-pipe-1' } });
    await vi.waitFor(() => expect(output()).toContain('"req-pipe-1"'), { timeout: 5_000 });
    const entries = output()
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { msg?: string; req?: { id?: string } });
    expect(entries.find((entry) => entry.req?.id === 'req-pipe-1')?.msg).toBe('request completed');
  }, 30_000);
});
