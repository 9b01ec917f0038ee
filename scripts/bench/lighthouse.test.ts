/** The bench's thread-time TBT (issue 35): Lighthouse's blocking rule on the page's main-thread CPU time. */
import { describe, expect, it } from 'vitest';
import { threadTimeTbt } from './lighthouse.ts';

const RENDERER = 7;
const MAIN = 1;
const thread = (pid: number, tid: number, name: string) => ({
  name: 'thread_name',
  ph: 'M',
  pid,
  tid,
  ts: 0,
  args: { name },
});
const task = (ts: number, wallMs: number, cpuMs: number, pid = RENDERER, tid = MAIN) => ({
  name: 'RunTask',
  ph: 'X',
  pid,
  tid,
  ts,
  dur: wallMs * 1000,
  tdur: cpuMs * 1000,
});

const trace = [
  thread(RENDERER, MAIN, 'CrRendererMain'),
  thread(RENDERER, 2, 'Compositor'),
  thread(3, 1, 'CrRendererMain'),
  { name: 'firstContentfulPaint', ph: 'R', pid: RENDERER, tid: MAIN, ts: 1_000_000 },
];

describe('threadTimeTbt', () => {
  it("when the page's tasks after its first paint are read, then each blocks for its CPU time × 4 beyond 50 ms", () => {
    // 20 ms of CPU → 80 ms at 4× → 30 ms blocking; 12.5 ms → exactly 50 → none; 40 ms → 110.
    expect(threadTimeTbt([...trace, task(1_100_000, 90, 20), task(1_200_000, 13, 12.5), task(1_300_000, 41, 40)])).toBe(
      140,
    );
  });

  it('when a task was stretched by other threads, then only its CPU time counts', () => {
    expect(threadTimeTbt([...trace, task(1_100_000, 300, 10)])).toBe(0);
  });

  it('when tasks run before the first paint, on another thread or in another renderer, then they do not count', () => {
    expect(
      threadTimeTbt([
        ...trace,
        task(900_000, 100, 100),
        task(1_100_000, 100, 100, RENDERER, 2),
        task(1_100_000, 100, 100, 3, 1),
      ]),
    ).toBe(0);
  });

  it('when the trace has no first contentful paint, then there is nothing to measure: 0', () => {
    expect(threadTimeTbt([thread(RENDERER, MAIN, 'CrRendererMain'), task(1_100_000, 100, 100)])).toBe(0);
  });
});
