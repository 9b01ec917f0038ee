/**
 * Issue 32: the closing line tells the truth. "N passed, N failed, N skipped, N flaky", with every
 * failed, skipped and flaky test named above it, and a flaky test failing the run unless
 * tests/known-flakes.json lists it.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type PlaywrightReport, summarize, type VitestReport } from './test-summary.ts';

const vitest: VitestReport = {
  numPassedTests: 2,
  numFailedTests: 1,
  numPendingTests: 1,
  numTodoTests: 0,
  testResults: [
    {
      name: `${process.cwd()}/server/a.test.ts`,
      status: 'failed',
      assertionResults: [
        { title: 'reads', fullName: 'a reads', status: 'passed' },
        {
          title: 'writes',
          fullName: 'a writes',
          status: 'failed',
          failureMessages: ['\u001b[31mAssertionError\u001b[39m: 1\nstack'],
        },
        { title: 'redis', fullName: 'a on redis', status: 'skipped' },
        { title: 'more', fullName: 'a more', status: 'passed' },
      ],
    },
  ],
};

const journey = (title: string, status: string, results: string[]) => ({
  title,
  ok: status !== 'unexpected',
  tests: [
    {
      status,
      results: results.map((r) => ({ status: r, ...(r === 'failed' ? { error: { message: 'timed out' } } : {}) })),
    },
  ],
});

const playwright = (specs: ReturnType<typeof journey>[]): PlaywrightReport => ({
  stats: { expected: 0, unexpected: 0, flaky: 0, skipped: 0, duration: 421_400 },
  suites: [{ title: 'offline.spec.ts', file: 'offline.spec.ts', specs }],
});

const times = { wall: 812, projects: { unit: { files: 120, seconds: 900, wall: 700 } } };

describe('the test summary (issue 32)', () => {
  it('when a run has a failure, a skip and a flaky journey, then each is named and the closing line counts all four', () => {
    const { lines, ok } = summarize(
      {
        vitest: [vitest],
        playwright: [
          playwright([
            journey('a reload offline shows the shell', 'flaky', ['failed', 'passed']),
            journey('the shell', 'expected', ['passed']),
            journey('later', 'skipped', ['skipped']),
          ]),
        ],
        times: [times],
      },
      [],
    );
    expect(lines).toEqual([
      'time: vitest 812 s: unit 700 s (120 files, 900 s in them)',
      'time: playwright 421 s',
      'skipped: server/a.test.ts › a on redis',
      'skipped: offline.spec.ts › later',
      'flaky (passed only on a retry; not in tests/known-flakes.json: fails the run): offline.spec.ts › a reload offline shows the shell',
      'failed: server/a.test.ts › a writes: AssertionError: 1',
      'tests: 3 passed, 1 failed, 2 skipped, 1 flaky',
    ]);
    expect(ok).toBe(false);
  });

  it('when the only blemish is a flaky journey not listed as known, then the run fails', () => {
    const report = playwright([journey('a reload offline shows the shell', 'flaky', ['failed', 'passed'])]);
    expect(summarize({ vitest: [], playwright: [report], times: [] }, []).ok).toBe(false);
  });

  it('when the flaky journey is listed with its reason, then it is named with it and the run passes', () => {
    const report = playwright([journey('a reload offline shows the shell', 'flaky', ['failed', 'passed'])]);
    const { lines, ok } = summarize({ vitest: [], playwright: [report], times: [] }, [
      { test: 'offline.spec.ts › a reload', reason: 'the service worker races the reload', note: 'being fixed' },
    ]);
    expect(ok).toBe(true);
    expect(lines).toContain(
      'flaky (known: the service worker races the reload; being fixed): offline.spec.ts › a reload offline shows the shell',
    );
    expect(lines.at(-1)).toBe('tests: 0 passed, 0 failed, 0 skipped, 1 flaky');
  });

  it('when a journey failed on both tries, then it is a failure, not a flake', () => {
    const report = playwright([journey('pays', 'unexpected', ['failed', 'failed'])]);
    const { lines, ok } = summarize({ vitest: [], playwright: [report], times: [] }, []);
    expect(ok).toBe(false);
    expect(lines).toEqual([
      'time: playwright 421 s',
      'failed: offline.spec.ts › pays: timed out',
      'tests: 0 passed, 1 failed, 0 skipped, 0 flaky',
    ]);
  });

  it('when Vitest caught an error outside any test, then it is named, counted as a failure and fails the run', () => {
    const report = { ...times, unhandledErrors: ["TypeError: Cannot read properties of undefined (reading '6')"] };
    const { lines, ok } = summarize({ vitest: [], playwright: [], times: [report] }, []);
    expect(ok).toBe(false);
    expect(lines.slice(1)).toEqual([
      "failed (an error outside any test): TypeError: Cannot read properties of undefined (reading '6')",
      'tests: 0 passed, 1 failed, 0 skipped, 0 flaky',
    ]);
  });

  it('when a file fails outside its tests (redis-server could not start), then the file is a failure with the reason, its tests not called skipped', () => {
    const file = `${process.cwd()}/server/state/redis-lock.test.ts`;
    const report: VitestReport = {
      numPassedTests: 0,
      numFailedTests: 0,
      numPendingTests: 2,
      numTodoTests: 0,
      testResults: [
        {
          name: file,
          status: 'failed',
          message: '',
          assertionResults: [
            { title: 'locks', status: 'skipped' },
            { title: 'frees', status: 'skipped' },
          ],
        },
      ],
    };
    const hook = { ...times, fileErrors: { [file]: 'Error: redis-server exited (1):\n' } };
    const { lines, ok } = summarize({ vitest: [report], playwright: [], times: [hook] }, []);
    expect(ok).toBe(false);
    expect(lines.slice(1)).toEqual([
      'failed: server/state/redis-lock.test.ts: Error: redis-server exited (1): (2 tests not run)',
      'tests: 0 passed, 1 failed, 0 skipped, 0 flaky',
    ]);
  });

  it('when tests/known-flakes.json is read, then every entry names its test, its cause and what is being done', () => {
    const { flakes } = JSON.parse(readFileSync('tests/known-flakes.json', 'utf8')) as { flakes: unknown[] };
    for (const flake of flakes)
      expect(flake).toEqual({ test: expect.any(String), reason: expect.any(String), note: expect.any(String) });
  });
});
