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
 * RENEWAL_LOAD_FLOOR=1 adds each checkout's GET /api/healthz: what any proxy answer costs, with no
 * upstream call and no session. Each line gives the proxy's CPU time per request too (from /proc),
 * which a machine busy with other work blurs less than the throughput.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import autocannon from 'autocannon';
import { LOAD_CONNECTIONS, RENEWAL_API_PATH as RENEWAL, VIN, root } from './config.ts';
import { basketSession, waitUntilUp } from './stack.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
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
  /** The proxy's process id (a child of scripts/start.ts), for its CPU time. */
  proxyPid: number | undefined;
}

/** The process's CPU time so far (user + system, ms), from /proc; undefined where there is none. */
function cpuMs(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th, in ticks of 10 ms.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

/** The proxy among scripts/start.ts's children: the one running server/src/main.ts. */
function proxyPidOf(child: ChildProcess): number | undefined {
  try {
    const lines = execFileSync('ps', ['-o', 'pid=,args=', '--ppid', String(child.pid)], { encoding: 'utf8' });
    const line = lines.split('\n').find((l) => l.includes('server/src/main.ts'));
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
      // The sandbox's OAuth clients register http://localhost:3000 only; the guest login compares
      // the redirect URI and sends nothing there, so the proxy may name that origin from any port.
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
  };
  await waitUntilUp(child, [`${stack.shop}/api/healthz`, `${stack.sandbox}/`], `the stack of ${stackRoot}`);
  stack.proxyPid = proxyPidOf(child);
  return stack;
}

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** The proxy's CPU time per answered request (µs): what the call costs, whatever else runs on the machine. */
  cpuPerRequestUs: number | undefined;
}

async function load(
  url: string,
  headers: Record<string, string>,
  seconds = SECONDS,
  proxyPid?: number,
): Promise<Figures> {
  const before = cpuMs(proxyPid);
  const r = await autocannon({ url, connections: LOAD_CONNECTIONS, duration: seconds, headers });
  const after = cpuMs(proxyPid);
  return {
    rps: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    // autocannon counts timeouts among its errors.
    errors: r.errors + r.non2xx,
    cpuPerRequestUs:
      before === undefined || after === undefined || !r.requests.total
        ? undefined
        : Math.round(((after - before) * 1000) / r.requests.total),
  };
}

const show = (f: Figures) =>
  `${f.rps} req/s, p50 ${f.p50} ms, p99 ${f.p99} ms, ${f.errors} errors` +
  (f.cpuPerRequestUs === undefined ? '' : `, proxy CPU ${f.cpuPerRequestUs} µs/request`);

const stacks: Stack[] = [];
try {
  for (const stackRoot of ROOTS) stacks.push(await startStack(stackRoot));
  const cookies = await Promise.all(stacks.map((s) => basketSession(s.shop)));
  // Warm-up: compiled code and the shared reads' caches, as on a proxy that has served a while.
  for (const [i, s] of stacks.entries()) await load(`${s.shop}${RENEWAL}`, { cookie: cookies[i]! }, 2);
  console.log(`autocannon, ${LOAD_CONNECTIONS} connections, ${SECONDS} s each; ${RUNS} runs`);
  for (let run = 1; run <= RUNS; run += 1) {
    const direct = await load(`${stacks[0]!.sandbox}${LOOKUP}`, { authorization: 'Bearer sandbox-service-token' });
    console.log(`run ${run}: sandbox vehicle lookup: ${show(direct)}`);
    for (const [i, s] of stacks.entries()) {
      const renewal = await load(`${s.shop}${RENEWAL}`, { cookie: cookies[i]! }, SECONDS, s.proxyPid);
      const ratio = ((100 * renewal.rps) / direct.rps).toFixed(1);
      console.log(`run ${run}: renewal call (${s.root}): ${show(renewal)}; ${ratio} % of the lookup's req/s`);
    }
    for (const s of FLOOR ? stacks : []) {
      const floor = await load(`${s.shop}/api/healthz`, {}, SECONDS, s.proxyPid);
      console.log(
        `run ${run}: proxy healthz (${s.root}): ${show(floor)}; ${((100 * floor.rps) / direct.rps).toFixed(1)} %`,
      );
    }
  }
} finally {
  for (const s of stacks) s.child.kill('SIGTERM');
}
