/**
 * Issue 17's soak (`make bench`, after the load figures; BENCH_ONLY=soak alone): 20 connections for
 * SOAK_SECONDS (300) over the renewal call and the basket as a returning guest and, when the account
 * area runs, the subscriptions call as alex, with the proxy's used heap sampled every 10 s from its
 * metrics port (prom-client's nodejs_heap_size_used_bytes). The figure: 0 errors, and no growth of
 * the used heap beyond noise, read as the median of the last minute's samples against the median of
 * the second minute's (the first is the warm-up: compiled code, the shared reads' caches), allowed
 * the larger of 5 MB and 10 %.
 */
import autocannon from 'autocannon';
import { BENCH_METRICS_PORT, RENEWAL_API_PATH, SHOP, SUBSCRIPTIONS_API_PATH } from './config.ts';
import { notes, record } from './report.ts';
import { basketSession } from './stack.ts';

const SECONDS = Number(process.env.SOAK_SECONDS ?? 300);
const CONNECTIONS = 20;
const SAMPLE_MS = 10_000;
const MB = 1024 * 1024;

/** The used heap in a Prometheus text exposition, or undefined when it names none. */
export function usedHeapOf(metrics: string): number | undefined {
  const line = metrics.split('\n').find((l) => l.startsWith('nodejs_heap_size_used_bytes '));
  const value = line ? Number(line.split(' ')[1]) : NaN;
  return Number.isFinite(value) ? value : undefined;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** Growth of the used heap across the soak: the last minute's median against the second minute's. */
export function heapGrowth(samples: number[], perMinute = 60_000 / SAMPLE_MS) {
  const early = samples.slice(perMinute, 2 * perMinute);
  const late = samples.slice(-perMinute);
  if (early.length === 0 || late.length === 0) return undefined;
  const from = median(early);
  const to = median(late);
  const allowed = Math.max(5 * MB, 0.1 * from);
  return { from, to, growth: to - from, allowed, ok: to - from <= allowed };
}

async function usedHeap(): Promise<number | undefined> {
  try {
    const answer = await fetch(`http://127.0.0.1:${BENCH_METRICS_PORT}/metrics`);
    return answer.ok ? usedHeapOf(await answer.text()) : undefined;
  } catch {
    return undefined;
  }
}

export async function soakFigures(accountCookie: string | undefined): Promise<void> {
  const guest = await basketSession();
  const requests = [
    { method: 'GET' as const, path: RENEWAL_API_PATH, headers: { cookie: guest } },
    { method: 'GET' as const, path: '/api/basket', headers: { cookie: guest } },
    ...(accountCookie
      ? [{ method: 'GET' as const, path: SUBSCRIPTIONS_API_PATH, headers: { cookie: accountCookie } }]
      : []),
  ];
  const samples: number[] = [];
  const first = await usedHeap();
  if (first !== undefined) samples.push(first);
  const timer = setInterval(() => void usedHeap().then((v) => v !== undefined && samples.push(v)), SAMPLE_MS);
  let result: autocannon.Result;
  try {
    result = await autocannon({ url: SHOP, connections: CONNECTIONS, duration: SECONDS, requests });
  } finally {
    clearInterval(timer);
  }
  const errors = result.errors + result.non2xx;
  const heap = heapGrowth(samples);
  const mb = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`;
  record({
    name: 'Soak: renewal, basket and account calls, used heap and errors',
    value: heap
      ? `${errors} errors of ${result.requests.total}; used heap ${mb(heap.from)} (2nd minute) → ${mb(heap.to)} (last minute), ${heap.growth >= 0 ? '+' : ''}${mb(heap.growth)} (allowed ${mb(heap.allowed)})`
      : `${errors} errors of ${result.requests.total}; ${samples.length} heap samples, too few to compare`,
    target: '0 errors; used heap growth ≤ max(5 MB, 10 %) (issue 17)',
    pass: errors === 0 && Boolean(heap?.ok),
    how: `autocannon, ${CONNECTIONS} connections, ${SECONDS} s, ${requests.map((r) => r.path.split('?')[0]).join(', ')} in turn; p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ${Math.round(result.requests.average)} req/s`,
  });
  notes.push(`Soak heap samples (used, MB, every 10 s): ${samples.map((s) => (s / MB).toFixed(1)).join(' ')}.`);
}
