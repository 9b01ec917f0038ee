/**
 * The scale-out cluster of issue 16's tests: the sandbox, Redis, two proxy instances and nginx
 * round-robin in front of them, each on a port of its own, in a temporary directory.
 *
 * - The sandbox runs in this process (as the route tests run it): the checks of "one order and one
 *   charge" read the providers' own state (the commerce platform's orders, Stripe's ledger of set-up
 *   confirmations), which no sandbox control answers over HTTP. `make bench` (scripts/bench/cluster.ts)
 *   passes the origin of a sandbox in a process of its own instead (ClusterOptions.sandboxUrl).
 * - Redis (`--appendonly yes`, RDB off) keeps its data in the directory, so a restart finds it.
 * - Each proxy is `node server/src/main.ts` with the same SESSION_SECRET and REDIS_URL, JSON logs,
 *   and a metrics port of its own. Its PUBLIC_ORIGIN is http://localhost:3000, though nothing listens
 *   there: the sandbox's identity provider and shopper login accept redirect URIs on the shop
 *   origins it registers, that one by default (SANDBOX_SHOP_ORIGINS, mocks/sandbox/src/core/
 *   shop-origins.ts) and in `make bench`'s stack on the stable ports. The journeys are headless, so
 *   those URLs are never opened: the tests read the code and state, or the 3-D Secure outcome, from
 *   them and send them on through nginx, as the shop's /callback/forgerock and /payment-confirmation
 *   pages do.
 * - nginx runs deploy/nginx/shop.conf (lib/nginx.ts), and names the answering instance in
 *   X-Upstream-Addr.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Sandbox } from '../../../mocks/sandbox/src/app.ts';
import { buildSandbox } from '../../../mocks/sandbox/src/sandbox.ts';
import { writeNginxConf } from './nginx.ts';
import { answersOk, Child, freePort, redisPong, waitUntil, type Exit } from './processes.ts';
import type { Tools } from './tools.ts';

const root = path.resolve(import.meta.dirname, '../../..');

/** The origin the sandbox accepts redirect URIs on by default (see above): a name in URLs, never listened on. */
export const SANDBOX_REDIRECT_ORIGIN = 'http://localhost:3000';

export interface Instance {
  /** a or b, in the order of nginx's upstream. */
  readonly name: string;
  readonly port: number;
  /** As nginx's $upstream_addr names it. */
  readonly addr: string;
  readonly child: Child;
  /** A URL of this instance itself, past nginx. */
  url(path: string): string;
  /** Its Prometheus metrics (METRICS_PORT). */
  metricsUrl: string;
}

export interface ClusterOptions {
  /** Extra environment of both proxies (RATE_LIMIT_ADDRESS, LOG_LEVEL...). */
  proxyEnv?: Record<string, string>;
  /**
   * The origin of a sandbox already running, used instead of one in this process: a load generator
   * in this process (scripts/bench/cluster.ts) would slow an in-process sandbox and so the figures.
   * The providers' state lib/shopper.ts reads in-process is then not that sandbox's.
   */
  sandboxUrl?: string;
}

/**
 * A proxy instance's environment: the sandbox upstream, JSON logs, the shared session secret, and
 * Redis when `redisUrl` is given. Without it the instance keeps its state in memory (a REDIS_URL of
 * this process's environment is dropped): the single instance scripts/bench/cluster.ts measures
 * beside the cluster.
 */
export function proxyEnvironment(settings: {
  port: number;
  metricsPort: number;
  sandboxUrl: string;
  secret: string;
  redisUrl?: string;
  extra?: Record<string, string>;
}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'development',
    UPSTREAM: 'sandbox',
    PORT: String(settings.port),
    METRICS_PORT: String(settings.metricsPort),
    METRICS_HOST: '127.0.0.1',
    ...(settings.redisUrl ? { REDIS_URL: settings.redisUrl } : {}),
    SESSION_SECRET: settings.secret,
    PUBLIC_ORIGIN: SANDBOX_REDIRECT_ORIGIN,
    SANDBOX_URL: settings.sandboxUrl,
    LOG_FORMAT: 'json',
    LOG_LEVEL: 'info',
    // Every journey of the file comes from 127.0.0.1: only the group a test is about is low.
    RATE_LIMIT_LOGIN: '100000',
    RATE_LIMIT_PAYMENT: '100000',
    RATE_LIMIT_ADDRESS: '100000',
    // Without Redis (the bench's single instance) the order-attempt journal stays in the process, not
    // in the repository's .data/ (issue 29).
    DATA_DIR: ':memory:',
    ...settings.extra,
  };
  delete env.SESSION_PREVIOUS_SECRETS;
  if (!settings.redisUrl) delete env.REDIS_URL;
  return env;
}

/** A proxy's process: `node server/src/main.ts` with its log lines made short. */
export function proxyChild(name: string, env: NodeJS.ProcessEnv): Child {
  return new Child(name, process.execPath, [path.join(root, 'server/src/main.ts')], {
    env,
    cwd: root,
    format: compactLog,
  });
}

const START_TIMEOUT_MS = 20_000;
const LEVELS: Record<number, string> = { 10: 'trace', 20: 'debug', 30: 'info', 40: 'warn', 50: 'error', 60: 'fatal' };

/** A proxy's JSON log line (pino) in one short line: time, level, the request and its status, the message, the error. */
function compactLog(line: string): string {
  try {
    const entry = JSON.parse(line) as {
      time?: number;
      level?: number;
      msg?: string;
      req?: { method?: string; url?: string };
      res?: { statusCode?: number };
      err?: { type?: string; message?: string };
    };
    return [
      entry.time ? new Date(entry.time).toISOString().slice(11, 23) : '',
      LEVELS[entry.level ?? 0] ?? entry.level,
      entry.req ? `${entry.req.method} ${entry.req.url} -> ${entry.res?.statusCode ?? '…'}` : '',
      entry.msg ?? '',
      entry.err ? `(${entry.err.type}: ${entry.err.message})` : '',
    ]
      .filter(Boolean)
      .join(' ');
  } catch {
    return line;
  }
}

export class Cluster {
  /** The in-process sandbox; none when ClusterOptions.sandboxUrl named one elsewhere. */
  readonly sandbox: Sandbox | undefined;
  readonly instances: Instance[];
  private readonly dir: string;
  private readonly redis: Child;
  private readonly nginx: Child;
  private readonly nginxPort: number;
  private readonly redisPort: number;
  private readonly sandboxUrl: string;

  private constructor(parts: {
    sandbox: Sandbox | undefined;
    sandboxUrl: string;
    instances: Instance[];
    dir: string;
    redis: Child;
    nginx: Child;
    nginxPort: number;
    redisPort: number;
  }) {
    this.sandbox = parts.sandbox;
    this.instances = parts.instances;
    this.dir = parts.dir;
    this.redis = parts.redis;
    this.nginx = parts.nginx;
    this.nginxPort = parts.nginxPort;
    this.redisPort = parts.redisPort;
    this.sandboxUrl = parts.sandboxUrl;
  }

  /** Starts everything and waits until each part answers; stops what started when one does not. */
  static async start(tools: Tools, options: ClusterOptions = {}): Promise<Cluster> {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'shop-scale-'));
    const sandbox = options.sandboxUrl ? undefined : buildSandbox();
    const sandboxUrl = options.sandboxUrl ?? `http://localhost:${await sandbox!.start(0)}`;
    // Redis, nginx, and per instance its port and its metrics port.
    const [redisPort, nginxPort, ...ports] = (await Promise.all([1, 2, 3, 4, 5, 6].map(() => freePort()))) as [
      number,
      number,
      ...number[],
    ];
    const redisDir = path.join(dir, 'redis');
    mkdirSync(redisDir);
    const redis = new Child(
      'redis',
      tools.redisServer,
      ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'yes', '--dir', redisDir],
      { env: process.env, cwd: redisDir },
    );
    const secret = randomBytes(32).toString('hex');
    const instances = ['a', 'b'].map((name, i): Instance => {
      const port = ports[i * 2]!;
      const env = proxyEnvironment({
        port,
        metricsPort: ports[i * 2 + 1]!,
        sandboxUrl,
        secret,
        redisUrl: `redis://127.0.0.1:${redisPort}`,
        extra: options.proxyEnv,
      });
      const child = proxyChild(`proxy ${name} (:${port})`, env);
      return {
        name,
        port,
        addr: `127.0.0.1:${port}`,
        child,
        url: (p) => `http://127.0.0.1:${port}${p}`,
        metricsUrl: `http://127.0.0.1:${ports[i * 2 + 1]!}/metrics`,
      };
    });
    const nginxDir = path.join(dir, 'nginx');
    mkdirSync(nginxDir);
    const nginxArgs = writeNginxConf(
      nginxDir,
      nginxPort,
      instances.map((instance) => instance.port),
    );
    const nginx = new Child('nginx', tools.nginx, nginxArgs, { env: process.env, cwd: nginxDir });
    const cluster = new Cluster({ sandbox, sandboxUrl, instances, dir, redis, nginx, nginxPort, redisPort });
    try {
      await cluster.startRedis();
      await Promise.all(instances.map((instance) => cluster.startProxy(instance)));
      nginx.start();
      await waitUntil('nginx answering', () => answersOk(cluster.url('/api/healthz')), {
        timeoutMs: START_TIMEOUT_MS,
        child: nginx,
      });
    } catch (error) {
      const report = cluster.report();
      await cluster.stop();
      throw new Error(`${(error as Error).message}\n\n${report}`, { cause: error });
    }
    return cluster;
  }

  /** The sandbox's origin (its /__sandbox controls, its 3-D Secure and sign-in pages). */
  get sandboxRoot(): string {
    return this.sandbox ? this.sandbox.context.baseUrl() : this.sandboxUrl;
  }

  /** A URL through nginx. */
  url(p: string): string {
    return `http://127.0.0.1:${this.nginxPort}${p}`;
  }

  /** The instance that answered, from nginx's X-Upstream-Addr (the last address when nginx went on to the next). */
  servedBy(response: Response): Instance | undefined {
    const addr = response.headers.get('x-upstream-addr')?.split(',').pop()?.trim();
    return this.instances.find((instance) => instance.addr === addr);
  }

  other(instance: Instance): Instance {
    return this.instances.find((candidate) => candidate !== instance)!;
  }

  /** Starts an instance (again, on its port) and waits until it is ready. */
  async startProxy(instance: Instance): Promise<void> {
    instance.child.start();
    await waitUntil(`${instance.child.name} ready`, () => answersOk(instance.url('/api/readyz')), {
      timeoutMs: START_TIMEOUT_MS,
      child: instance.child,
    });
  }

  /** Signals an instance (SIGTERM: it drains) and answers its exit. */
  stopProxy(instance: Instance, signal: NodeJS.Signals = 'SIGTERM', timeoutMs = 20_000): Promise<Exit> {
    return instance.child.stop(signal, timeoutMs);
  }

  async startRedis(): Promise<void> {
    this.redis.start();
    await waitUntil('redis answering PING', () => redisPong(this.redisPort), {
      timeoutMs: START_TIMEOUT_MS,
      child: this.redis,
    });
  }

  /** Stops Redis the way an operator's restart does (SIGTERM: it writes its append-only file and exits). */
  stopRedis(): Promise<Exit> {
    return this.redis.stop('SIGTERM', 10_000);
  }

  /** Starts again an instance a failed test left stopped, and waits until nginx sends requests to both. */
  async ensureWhole(): Promise<void> {
    const stopped = this.instances.filter((instance) => !instance.child.running);
    if (stopped.length === 0) return;
    await Promise.all(stopped.map((instance) => this.startProxy(instance)));
    await this.waitBalanced();
  }

  /**
   * Waits until nginx sends requests to both instances again (after a stop, it leaves an instance
   * out for the example's fail_timeout).
   */
  async waitBalanced(): Promise<void> {
    let last: Instance | undefined;
    await waitUntil(
      'nginx alternating between both instances',
      async () => {
        const response = await fetch(this.url('/api/healthz'));
        await response.arrayBuffer();
        const now = this.servedBy(response);
        const alternated = last !== undefined && now !== undefined && now !== last;
        last = now;
        return alternated;
      },
      { timeoutMs: 15_000, intervalMs: 250 },
    );
  }

  /** The last lines of every process and of nginx's logs, for a failure message. */
  report(): string {
    const file = (name: string) => {
      try {
        return readFileSync(path.join(this.dir, 'nginx/logs', name), 'utf8')
          .split('\n')
          .slice(-40)
          .join('\n');
      } catch {
        return '(none)';
      }
    };
    const parts = [this.redis, ...this.instances.map((instance) => instance.child), this.nginx].map(
      (child) => `=== ${child.name}\n${child.tail()}`,
    );
    return [...parts, `=== nginx access log\n${file('access.log')}`, `=== nginx error log\n${file('error.log')}`].join(
      '\n\n',
    );
  }

  /** Stops every process and the sandbox, and removes the directory. */
  async stop(): Promise<void> {
    await this.nginx.stop('SIGTERM', 5_000);
    await Promise.all(this.instances.map((instance) => instance.child.stop('SIGTERM', 10_000)));
    await this.redis.stop('SIGTERM', 5_000);
    await this.sandbox?.stop();
    rmSync(this.dir, { recursive: true, force: true });
  }
}
