/**
 * Issue 16's scale-out figure ("Figures"): the renewal call under load (50 connections,
 * BENCH_SECONDS) through nginx in front of two proxy instances sharing Redis, beside one instance
 * with its state in memory, both measured in the same run against the same sandbox.
 *
 * - The cluster is the scale tests' (tests/scale/lib/cluster.ts: Redis with its append-only file,
 *   two `node server/src/main.ts` with REDIS_URL and one SESSION_SECRET, nginx running
 *   deploy/nginx/shop.conf with one worker), on ephemeral ports.
 * - The single instance is the same process with the same settings but no REDIS_URL, on an
 *   ephemeral port too.
 * - The sandbox runs in a process of its own: in autocannon's process it would lose CPU to the load
 *   generator and slow both figures. `make bench` passes its stack's sandbox (config.ts SANDBOX).
 * - LOG_LEVEL=warn on every instance, as on the bench's stack: a log line per request would be
 *   measured beside the call.
 * - Each load runs as a returning shopper (a session with the renewal item in the basket, made
 *   through nginx for the cluster), and every answer must name the vehicle and the basket item: an
 *   instance that missed the shared session would answer 200 without the basket, counted an error.
 *
 * Run alone, with a sandbox of its own on an ephemeral port, printing the figures (nothing written):
 *
 *   BENCH_SECONDS=5 node scripts/bench/cluster.ts
 */
import { randomBytes } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { Cluster, proxyChild, proxyEnvironment } from '../../tests/scale/lib/cluster.ts';
import { answersOk, Child, freePort, waitUntil } from '../../tests/scale/lib/processes.ts';
import { scaleTools } from '../../tests/scale/lib/tools.ts';
import { RENEWAL_API_PATH, VIN, root } from './config.ts';
import { describeLoad, load, loadHow, type LoadResult } from './load.ts';
import { failed, notes, record } from './report.ts';
import { basketSession } from './stack.ts';

/** The instances' log level: warnings and errors only, as the bench's stack (stack.ts). */
const LOG_LEVEL = 'warn';
const START_TIMEOUT_MS = 20_000;
/** Requests per target before its load: compiled code and the shared reads' caches, as on a proxy that has served a while. */
const WARM_UP_REQUESTS = 200;

/** "nginx 1.22.1" from `nginx -v` ("nginx version: nginx/1.22.1"); undefined when the text names none. */
export function nginxVersion(output: string): string | undefined {
  const match = /nginx\/(\d+(?:\.\d+)+)/.exec(output);
  return match ? `nginx ${match[1]}` : undefined;
}

/** "Redis 7.0.15" from `redis-server --version` ("Redis server v=7.0.15 sha=…"); undefined when the text names none. */
export function redisVersion(output: string): string | undefined {
  const match = /\bv=(\d+(?:\.\d+)+)/.exec(output);
  return match ? `Redis ${match[1]}` : undefined;
}

/** The cluster's throughput over the single instance's ("1.42×"); "n/a" when the single instance answered nothing. */
export function throughputRatio(cluster: Pick<LoadResult, 'rps'>, single: Pick<LoadResult, 'rps'>): string {
  return single.rps > 0 ? `${(cluster.rps / single.rps).toFixed(2)}×` : 'n/a';
}

/**
 * A renewal answer of the returning shopper, cheap enough to check on every answer under load: the
 * vehicle's VIN and a basket item (null when the instance did not know the session).
 */
export function isShopperRenewal(body: string): boolean {
  return body.includes(`"vin":"${VIN}"`) && body.includes('"basketItem":{');
}

/** What a binary says its version is (nginx writes it to stderr, Redis to stdout). */
function versionOutput(binary: string, flag: string): string {
  const run = spawnSync(binary, [flag], { encoding: 'utf8' });
  return `${run.stdout ?? ''}${run.stderr ?? ''}`;
}

/** The renewal call answers the returning shopper 200 with the vehicle and the basket item, or the error says what it answered. */
async function renewalAnswer(url: string, cookie: string, what: string): Promise<Response> {
  const response = await fetch(url, { headers: { cookie } });
  const body = await response.text();
  if (response.status !== 200 || !isShopperRenewal(body))
    throw new Error(
      `${what}: the renewal call answered ${response.status} without the vehicle and basket: ${body.slice(0, 300)}`,
    );
  return response;
}

/** Requests in batches of 10, each one checked: a failing warm-up stops the section before its load. */
async function warmUp(url: string, cookie: string, what: string): Promise<void> {
  for (let sent = 0; sent < WARM_UP_REQUESTS; sent += 10) {
    await Promise.all(Array.from({ length: 10 }, () => renewalAnswer(url, cookie, `${what} (warm-up)`)));
  }
}

/** One proxy instance with its state in memory (no REDIS_URL), on ephemeral ports. */
async function startSingle(sandboxUrl: string): Promise<{ child: Child; origin: string }> {
  const [port, metricsPort] = [await freePort(), await freePort()];
  const env = proxyEnvironment({
    port,
    metricsPort,
    sandboxUrl,
    secret: randomBytes(32).toString('hex'),
    extra: { LOG_LEVEL },
  });
  const child = proxyChild(`proxy, in-memory state (:${port})`, env);
  const origin = `http://127.0.0.1:${port}`;
  child.start();
  await waitUntil(`${child.name} ready`, () => answersOk(`${origin}/api/readyz`), {
    timeoutMs: START_TIMEOUT_MS,
    child,
  });
  return { child, origin };
}

/**
 * The figures (report.ts record) and a note on what ran. Starts the cluster and the single instance
 * against the sandbox at `sandboxUrl`, and stops both whatever happens, a signal included. A
 * failure (redis-server or nginx missing and not installable, an instance that does not start, a
 * wrong answer before the load) is recorded as a failed figure.
 */
export async function clusterFigures(sandboxUrl: string): Promise<void> {
  let cluster: Cluster | undefined;
  let single: { child: Child; origin: string } | undefined;
  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      // nginx first: its SIGTERM is sent at once, before a signal's exit could cut the rest short.
      await cluster?.stop();
      await single?.child.stop('SIGTERM', 10_000);
    })());
  const onSignal = () => void stop();
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, onSignal);
  try {
    const tools = scaleTools();
    cluster = await Cluster.start(tools, { sandboxUrl, proxyEnv: { LOG_LEVEL } });
    single = await startSingle(sandboxUrl);
    const clusterCookie = await basketSession(cluster.url(''));
    const singleCookie = await basketSession(single.origin);
    const clusterUrl = cluster.url(RENEWAL_API_PATH);
    const singleUrl = `${single.origin}${RENEWAL_API_PATH}`;
    // The session made through nginx must be known to both instances before the load counts on it.
    const first = cluster.servedBy(await renewalAnswer(clusterUrl, clusterCookie, 'cluster'));
    const second = cluster.servedBy(await renewalAnswer(clusterUrl, clusterCookie, 'cluster'));
    if (!first || !second || first === second)
      throw new Error(`nginx did not alternate the instances: ${first?.name ?? '?'} then ${second?.name ?? '?'}`);
    await renewalAnswer(singleUrl, singleCookie, 'single instance');
    await warmUp(clusterUrl, clusterCookie, 'cluster');
    await warmUp(singleUrl, singleCookie, 'single instance');

    // One after the other, the cluster first: the same load, the same shopper state, the same sandbox.
    const both = await load(clusterUrl, { cookie: clusterCookie }, isShopperRenewal);
    const one = await load(singleUrl, { cookie: singleCookie }, isShopperRenewal);
    const checked =
      "a returning shopper's cookie (basket with the renewal item); every answer checked for the vehicle and the basket item";
    record({
      name: 'Renewal call, two instances with Redis behind nginx',
      value: describeLoad(both),
      target: '0 errors; req/s, p50, p99 reported',
      pass: both.errors === 0,
      how: `GET ${RENEWAL_API_PATH} through nginx, round-robin over both instances; the cookie made through nginx; ${checked}; ${loadHow(both)}`,
    });
    record({
      name: 'Renewal call, one instance, in-memory state (same run)',
      value: describeLoad(one),
      target: '0 errors; req/s, p50, p99 reported',
      pass: one.errors === 0,
      how: `GET ${RENEWAL_API_PATH} straight to the instance, right after the cluster's load; ${checked}; ${loadHow(one)}`,
    });
    record({
      name: 'Renewal call throughput, two instances with Redis ÷ one in-memory instance',
      value: throughputRatio(both, one),
      target: 'reported',
      pass: null,
      how:
        `${both.rps} req/s ÷ ${one.rps} req/s; autocannon, nginx, Redis, the sandbox and the instances share ` +
        `${os.cpus().length} CPUs: where they are few, the second instance competes with the rest for them rather than adding capacity`,
    });
    const versions = [
      nginxVersion(versionOutput(tools.nginx, '-v')) ?? `nginx at ${tools.nginx}`,
      redisVersion(versionOutput(tools.redisServer, '--version')) ?? `Redis at ${tools.redisServer}`,
    ];
    notes.push(
      `Scale-out figures (issue 16): ${versions[0]} (deploy/nginx/shop.conf, one worker process) in front of two proxy ` +
        `instances (node server/src/main.ts, one REDIS_URL and SESSION_SECRET) and ${versions[1]} (append-only file), ` +
        `beside one instance with in-memory state (no REDIS_URL); all on ephemeral ports, LOG_LEVEL=${LOG_LEVEL}, against ` +
        `the sandbox at ${sandboxUrl} in a process of its own; ${WARM_UP_REQUESTS} checked requests to each before its load.`,
    );
  } catch (error) {
    if (cluster) console.error(cluster.report());
    if (single) console.error(`=== ${single.child.name}\n${single.child.tail()}`);
    // A failing figure, not a thrown error: the bench's other figures still reach the report, and its exit status is 1.
    record({
      name: 'Renewal call, two instances with Redis behind nginx',
      value: 'not measured',
      target: '0 errors; req/s, p50, p99 reported',
      pass: false,
      how: `the section stopped: ${(error as Error).message.split('\n')[0]} (the processes' last lines are on stderr)`,
    });
  } finally {
    for (const signal of ['SIGINT', 'SIGTERM'] as const) process.off(signal, onSignal);
    await stop();
  }
}

/** Alone: a sandbox of its own (`mocks/sandbox/src/main.ts`, PORT=0), the section, the notes; exit 1 when a figure fails. */
async function standalone(): Promise<void> {
  const sandbox = new Child('sandbox', process.execPath, [path.join(root, 'mocks/sandbox/src/main.ts')], {
    env: { ...process.env, PORT: '0' },
    cwd: root,
  });
  const listening = () => /listening on (http:\/\/localhost:\d+)/.exec(sandbox.tail())?.[1];
  // clusterFigures stops its own processes on a signal; this stops the sandbox and ends the run.
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => void sandbox.stop('SIGTERM', 5_000).finally(() => process.exit(130)));
  sandbox.start();
  try {
    await waitUntil('sandbox listening', async () => listening() !== undefined, {
      timeoutMs: START_TIMEOUT_MS,
      child: sandbox,
    });
    await clusterFigures(listening()!);
    for (const note of notes) console.log(`- ${note}`);
  } finally {
    await sandbox.stop('SIGTERM', 10_000);
  }
  if (failed()) process.exitCode = 1;
}

if (import.meta.main) await standalone();
