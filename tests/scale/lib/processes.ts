/**
 * Child processes of the scale tests (issue 16, "Tests"): each one's output kept (the last lines)
 * for the failure message, a stop that waits for the exit and reports how long it took, and the
 * polling helpers the cluster waits with.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';

const KEPT_LINES = 200;
// A proxy's JSON request line carries every header: the start of it says enough in a failure message.
const LINE_CHARS = 600;

// Children still running when the test process ends (a timeout, a crash) are killed with it, so no
// Redis, nginx or proxy outlives the run and holds its port.
const live = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of live) child.kill('SIGKILL');
});

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** Milliseconds from the stop signal to the exit. */
  ms: number;
}

/** One child process: started with `start()`, its output kept line by line. */
export class Child {
  readonly name: string;
  private readonly command: string;
  private readonly args: string[];
  private readonly env: NodeJS.ProcessEnv;
  private readonly cwd: string;
  private readonly format: (line: string) => string;
  private process: ChildProcess | undefined;
  private exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }> | undefined;
  private readonly lines: string[] = [];

  constructor(
    name: string,
    command: string,
    args: string[],
    options: { env: NodeJS.ProcessEnv; cwd: string; format?: (line: string) => string },
  ) {
    this.name = name;
    this.command = command;
    this.args = args;
    this.env = options.env;
    this.cwd = options.cwd;
    this.format = options.format ?? ((line) => line);
  }

  start(): void {
    if (this.running) throw new Error(`${this.name} is already running`);
    const child = spawn(this.command, this.args, { cwd: this.cwd, env: this.env, stdio: ['ignore', 'pipe', 'pipe'] });
    this.process = child;
    live.add(child);
    this.note(`--- started: ${this.command} ${this.args.join(' ')}`);
    for (const stream of [child.stdout, child.stderr]) {
      let partial = '';
      stream.on('data', (chunk: Buffer) => {
        const text = partial + chunk.toString('utf8');
        const parts = text.split('\n');
        partial = parts.pop() ?? '';
        for (const line of parts) this.note(this.format(line));
      });
    }
    this.exited = new Promise((resolve) => {
      child.once('error', (error) => {
        live.delete(child);
        this.note(`--- could not start: ${error.message}`);
        resolve({ code: null, signal: null });
      });
      child.once('exit', (code, signal) => {
        live.delete(child);
        this.note(`--- exited: ${signal ?? code}`);
        resolve({ code, signal });
      });
    });
  }

  get running(): boolean {
    return this.process !== undefined && this.process.exitCode === null && this.process.signalCode === null;
  }

  /** Sends `signal` and waits for the exit (SIGKILL after `timeoutMs`, reported as the exit's signal). */
  async stop(signal: NodeJS.Signals = 'SIGTERM', timeoutMs = 15_000): Promise<Exit> {
    const started = Date.now();
    if (!this.process || !this.exited) return { code: null, signal: null, ms: 0 };
    if (this.running) this.process.kill(signal);
    const timer = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), timeoutMs).unref());
    const first = await Promise.race([this.exited, timer]);
    if (first === 'timeout') {
      this.note(`--- no exit ${timeoutMs} ms after ${signal}: SIGKILL`);
      this.process.kill('SIGKILL');
    }
    const { code, signal: by } = await this.exited;
    return { code, signal: by, ms: Date.now() - started };
  }

  /** The last lines the process wrote (stdout and stderr interleaved). */
  tail(count = 60): string {
    return this.lines.slice(-count).join('\n');
  }

  private note(line: string): void {
    this.lines.push(line.length > LINE_CHARS ? `${line.slice(0, LINE_CHARS)}…` : line);
    if (this.lines.length > KEPT_LINES) this.lines.splice(0, this.lines.length - KEPT_LINES);
  }
}

/** A port nothing listens on now (the kernel's choice), to hand to a child that must keep it across restarts. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Polls `check` until it answers true. Fails after `timeoutMs`, or at once when `child` has exited,
 * with the child's last lines in the message.
 */
export async function waitUntil(
  what: string,
  check: () => Promise<boolean>,
  options: { timeoutMs: number; child?: Child; intervalMs?: number },
): Promise<void> {
  const deadline = Date.now() + options.timeoutMs;
  for (;;) {
    if (await check().catch(() => false)) return;
    if (options.child && !options.child.running)
      throw new Error(`${options.child.name} stopped before ${what}:\n${options.child.tail()}`);
    if (Date.now() > deadline)
      throw new Error(
        `${what}: not within ${options.timeoutMs} ms${options.child ? `\n${options.child.name}:\n${options.child.tail()}` : ''}`,
      );
    await new Promise((resolve) => setTimeout(resolve, options.intervalMs ?? 100));
  }
}

/** True when `url` answers 200 within a second. */
export async function answersOk(url: string): Promise<boolean> {
  const response = await fetch(url, { signal: AbortSignal.timeout(1000) });
  await response.arrayBuffer();
  return response.ok;
}

/** Redis's PING over a plain socket (no client library: the test checks the server, not the proxy's client). */
export function redisPong(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.on('data', (chunk: Buffer) => {
      answer += chunk.toString('utf8');
      if (answer.includes('\r\n')) done(answer.startsWith('+PONG'));
    });
  });
}
