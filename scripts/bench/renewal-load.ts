/**
 * The renewal JSON call beside the sandbox's own vehicle lookup, measured in the same run (issue 16's
 * figure), without the browser figures of `make bench` and on ports of its own, so it runs beside a
 * developer's or the end-to-end tests' stack. Writes nothing: it prints one line per run.
 *
 *   node scripts/bench/renewal-load.ts
 *
 * The stack of scripts/start.ts (the sandbox and the proxy, children on ephemeral ports) is started
 * from each checkout named in RENEWAL_LOAD_ROOTS (comma-separated; this one by default), so two
 * versions of the proxy can be compared under the same load on the same machine. Each run measures
 * the sandbox's vehicle lookup, then each checkout's renewal call, with autocannon (50 connections,
 * BENCH_SECONDS, 10 by default), as a returning shopper with the renewal item in the basket (the
 * cookie `make bench` uses). RENEWAL_LOAD_RUNS (3) runs, interleaved so a busy moment costs all alike.
 * Each server is warmed up first, RENEWAL_LOAD_WARM_SECONDS (15) under the same load.
 * RENEWAL_LOAD_FLOOR=1 adds two floors: each checkout's GET /api/healthz (what any proxy answer
 * costs, with no upstream call and no session), and the bare floor of floor-server.ts (a node:http
 * server making two sandbox lookups per request, and nothing else). Each line gives the CPU time per
 * request of the server under load and of the sandbox (from /proc), which a machine busy with other
 * work blurs less than the throughput. It also measures issue 35's yardsticks (floor-ratios.ts) and
 * prints them per run: the renewal call ÷ the bare floor, the cached answer after the session read
 * (GET /api/session) ÷ the bare floor, and the server-rendered renewal page ÷ a static copy of it
 * (its HTML without scripts, written under the checkout's dist/client/bench-snapshot/ for the run and
 * answered by the same server as a file; the client must be built: npm run client:build). The page
 * is measured twice: as the returning shopper reloads it (answered from the render kept for the same
 * page and data after the first), and with a query parameter of its own per request, each a first
 * render.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import autocannon from 'autocannon';
import { LOAD_CONNECTIONS, RENEWAL_API_PATH as RENEWAL, RENEWAL_PATH, VIN, root } from './config.ts';
import { cpuMs, startFloor, type Floor } from './floor.ts';
import { pageRatio, renewalRatio, SESSION_READ_PATH, sessionRatio, withoutScripts } from './floor-ratios.ts';
import { numberedRequests } from './load.ts';
import { basketSession, waitUntilUp } from './stack.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARM_SECONDS = Number(process.env.RENEWAL_LOAD_WARM_SECONDS ?? 15);
const RUNS = Math.max(1, Number(process.env.RENEWAL_LOAD_RUNS ?? 3) | 0);
const FLOOR = process.env.RENEWAL_LOAD_FLOOR === '1';
const ROOTS = (process.env.RENEWAL_LOAD_ROOTS ?? root).split(',').map((r) => path.resolve(r.trim()));
const LOOKUP = `/vehicles/v12/vehicles?service=VCS&vin=${VIN}&exactVehicleMatch=true&consolidateConNav=true`;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

interface Stack {
  root: string;
  shop: string;
  sandbox: string;
  child: ChildProcess;
  /** The proxy's and the sandbox's process ids (children of scripts/start.ts), for their CPU time. */
  proxyPid: number | undefined;
  sandboxPid: number | undefined;
}

/** One of scripts/start.ts's children: the one running `script` (the proxy's or the sandbox's main.ts). */
function childPidOf(child: ChildProcess, script: string): number | undefined {
  try {
    const lines = execFileSync('ps', ['-o', 'pid=,args=', '--ppid', String(child.pid)], { encoding: 'utf8' });
    const line = lines.split('\n').find((l) => l.includes(script));
    return line ? Number(line.trim().split(/\s+/)[0]) : undefined;
  } catch {
    return undefined;
  }
}

async function startStack(stackRoot: string): Promise<Stack> {
  const [shopPort, sandboxPort] = [await freePort(), await freePort()];
  const child = spawn(process.execPath, [path.join(stackRoot, 'scripts/start.ts')], {
    cwd: stackRoot,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(shopPort),
      SANDBOX_PORT: String(sandboxPort),
      // The sandbox of a checkout older than issue 32 registers http://localhost:3000 only (a newer one
      // registers this PUBLIC_ORIGIN): the guest login compares the redirect URI and sends nothing there,
      // so the proxy may name that origin from any port.
      PUBLIC_ORIGIN: 'http://localhost:3000',
      LOG_LEVEL: 'warn',
    },
  });
  const stack: Stack = {
    root: stackRoot,
    shop: `http://localhost:${shopPort}`,
    sandbox: `http://localhost:${sandboxPort}`,
    child,
    proxyPid: undefined,
    sandboxPid: undefined,
  };
  await waitUntilUp(child, [`${stack.shop}/api/healthz`, `${stack.sandbox}/`], `the stack of ${stackRoot}`);
  stack.proxyPid = childPidOf(child, 'server/src/main.ts');
  stack.sandboxPid = childPidOf(child, 'mocks/sandbox/src/main.ts');
  return stack;
}

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /**
   * CPU time per answered request (µs) of the server under load and of the sandbox behind it: what
   * the call costs, whatever else runs on the machine.
   */
  cpuUs: { server?: number; sandbox?: number };
}

async function load(
  url: string,
  headers: Record<string, string>,
  seconds = SECONDS,
  pids: { server?: number | undefined; sandbox?: number | undefined } = {},
  numbered?: string,
): Promise<Figures> {
  const before = { server: cpuMs(pids.server), sandbox: cpuMs(pids.sandbox) };
  const r = await autocannon({
    url,
    connections: LOAD_CONNECTIONS,
    duration: seconds,
    headers,
    ...(numbered ? { requests: numberedRequests(numbered) } : {}),
  });
  const after = { server: cpuMs(pids.server), sandbox: cpuMs(pids.sandbox) };
  const perRequest = (which: 'server' | 'sandbox') => {
    const [b, a] = [before[which], after[which]];
    return b === undefined || a === undefined || !r.requests.total
      ? undefined
      : Math.round(((a - b) * 1000) / r.requests.total);
  };
  return {
    rps: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    // autocannon counts timeouts among its errors.
    errors: r.errors + r.non2xx,
    cpuUs: { server: perRequest('server'), sandbox: perRequest('sandbox') },
  };
}

const show = (f: Figures, server = 'proxy') =>
  `${f.rps} req/s, p50 ${f.p50} ms, p99 ${f.p99} ms, ${f.errors} errors` +
  (f.cpuUs.server === undefined ? '' : `, ${server} CPU ${f.cpuUs.server} µs/request`) +
  (f.cpuUs.sandbox === undefined ? '' : `, sandbox CPU ${f.cpuUs.sandbox} µs/request`);

const share = (f: Figures, direct: Figures) => `${((100 * f.rps) / direct.rps).toFixed(1)} % of the lookup's req/s`;

const SNAPSHOT_FILE = 'bench-snapshot/renewal-load.html';

/** The stack's server-rendered renewal page, copied without scripts to a static file the same server answers. */
async function writeStaticCopy(s: Stack, cookie: string): Promise<string> {
  const page = await fetch(`${s.shop}${RENEWAL_PATH}`, { headers: { cookie, accept: 'text/html' } });
  const html = await page.text();
  if (!page.ok || !html.includes('id="page-data"'))
    throw new Error(
      `${s.root}: the renewal page was not rendered on the server (HTTP ${page.status}); build the client first`,
    );
  const file = path.join(s.root, 'dist/client', SNAPSHOT_FILE);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, withoutScripts(html));
  const served = await fetch(`${s.shop}/${SNAPSHOT_FILE}`);
  if (!served.ok) throw new Error(`${s.shop}/${SNAPSHOT_FILE}: HTTP ${served.status}`);
  await served.text();
  return file;
}

const stacks: Stack[] = [];
const copies: string[] = [];
let floor: Floor | undefined;
try {
  for (const stackRoot of ROOTS) stacks.push(await startStack(stackRoot));
  const cookies = await Promise.all(stacks.map((s) => basketSession(s.shop)));
  const first = stacks[0]!;
  if (FLOOR) {
    const answer = await fetch(`${first.shop}${RENEWAL}`, { headers: { cookie: cookies[0]! } });
    floor = await startFloor(first.sandbox, Buffer.byteLength(await answer.text()));
    for (const [i, s] of stacks.entries()) copies.push(await writeStaticCopy(s, cookies[i]!));
  }
  // Warm-up: compiled code and the shared reads' caches, as on a proxy that has served a while (a
  // fresh proxy costs about half again as much CPU per call for its first 15 s of this load).
  for (const [i, s] of stacks.entries()) await load(`${s.shop}${RENEWAL}`, { cookie: cookies[i]! }, WARM_SECONDS);
  if (floor) await load(floor.url, {}, WARM_SECONDS);
  for (const [i, s] of (FLOOR ? stacks : []).entries())
    await load(`${s.shop}${RENEWAL_PATH}`, { cookie: cookies[i]!, accept: 'text/html' }, WARM_SECONDS);
  console.log(`autocannon, ${LOAD_CONNECTIONS} connections, ${SECONDS} s each; ${RUNS} runs`);
  for (let run = 1; run <= RUNS; run += 1) {
    const direct = await load(`${first.sandbox}${LOOKUP}`, { authorization: 'Bearer sandbox-service-token' }, SECONDS, {
      sandbox: first.sandboxPid,
    });
    console.log(`run ${run}: sandbox vehicle lookup: ${show(direct)}`);
    const renewals: Figures[] = [];
    for (const [i, s] of stacks.entries()) {
      const pids = { server: s.proxyPid, sandbox: s.sandboxPid };
      const renewal = await load(`${s.shop}${RENEWAL}`, { cookie: cookies[i]! }, SECONDS, pids);
      renewals.push(renewal);
      console.log(`run ${run}: renewal call (${s.root}): ${show(renewal)}; ${share(renewal, direct)}`);
    }
    if (!floor) continue;
    const bare = await load(floor.url, {}, SECONDS, { server: floor.pid, sandbox: first.sandboxPid });
    console.log(`run ${run}: bare floor (two lookups, no proxy): ${show(bare, 'floor')}; ${share(bare, direct)}`);
    for (const [i, s] of stacks.entries()) {
      const pids = { server: s.proxyPid };
      const healthz = await load(`${s.shop}/api/healthz`, {}, SECONDS, pids);
      console.log(`run ${run}: proxy healthz (${s.root}): ${show(healthz)}; ${share(healthz, direct)}`);
      const session = await load(`${s.shop}${SESSION_READ_PATH}`, { cookie: cookies[i]! }, SECONDS, pids);
      console.log(`run ${run}: session read (${s.root}): ${show(session)}`);
      const html = { cookie: cookies[i]!, accept: 'text/html' };
      const page = await load(`${s.shop}${RENEWAL_PATH}`, html, SECONDS, { ...pids, sandbox: s.sandboxPid });
      console.log(`run ${run}: rendered renewal page (${s.root}): ${show(page)}`);
      // The same page with a query parameter of its own per request: never answered from a kept render.
      const firstRender = await load(
        `${s.shop}${RENEWAL_PATH}`,
        html,
        SECONDS,
        { ...pids, sandbox: s.sandboxPid },
        'render',
      );
      console.log(`run ${run}: the page, each request a first render (${s.root}): ${show(firstRender)}`);
      const snapshot = await load(`${s.shop}/${SNAPSHOT_FILE}`, { accept: 'text/html' }, SECONDS, pids);
      console.log(`run ${run}: its static copy (${s.root}): ${show(snapshot)}`);
      const renewal = renewals[i]!;
      console.log(
        `run ${run} ratios (${s.root}): renewal ÷ floor ${renewalRatio(renewal, bare).text}; ` +
          `session read ÷ floor ${sessionRatio(session, bare).text}; page ÷ static copy ${pageRatio(page, snapshot).text}; ` +
          `first render ÷ static copy ${pageRatio(firstRender, snapshot).text}`,
      );
    }
  }
} finally {
  for (const file of copies) rmSync(file, { force: true });
  floor?.stop();
  for (const s of stacks) s.child.kill('SIGTERM');
}
