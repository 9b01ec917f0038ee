// Prints the plain closing line CI reads ("N passed, N failed, N skipped, N flaky") from Vitest's JSON
// report, Playwright's and the Vitest projects' times (scripts/vitest-projects-reporter.ts):
//   node scripts/test-summary.ts reports/vitest.json reports/e2e.json reports/vitest-projects.json
// Above it, named one per line (issue 32: the closing line tells the truth): every failed test with
// the first line of its error (CI keeps only the tail of a run's output), every skipped test, every
// flaky one (passed only on a retry), and each Vitest project's and Playwright's seconds. A flaky
// test fails the run unless tests/known-flakes.json lists it with a reason and what is being done.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { ProjectTimes } from './vitest-projects-reporter.ts';

export interface KnownFlake {
  /** The test as the summary names it ("tests/e2e/file.spec.ts › title"), or the start of that name. */
  test: string;
  reason: string;
  /** What is being done about it, as an issue would say it. */
  note: string;
}

interface Counts {
  passed: number;
  failed: number;
  skipped: number;
  /** "file › test: first line of the error", one per failed test. */
  failures: string[];
  /** "file › test", one per skipped test. */
  skips: string[];
  /** "file › test", one per test that passed only on a retry. */
  flakes: string[];
}

export interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  testResults?: {
    name: string;
    message?: string;
    status?: string;
    assertionResults?: { fullName?: string; title: string; status: string; failureMessages?: string[] }[];
  }[];
}

interface PlaywrightSuite {
  title: string;
  file?: string;
  specs?: {
    title: string;
    ok: boolean;
    tests: { status?: string; results: { status: string; error?: { message?: string } }[] }[];
  }[];
  suites?: PlaywrightSuite[];
}

export interface PlaywrightReport {
  stats: { expected: number; unexpected: number; flaky: number; skipped: number; duration?: number };
  suites?: PlaywrightSuite[];
}

export interface ProjectTimesReport {
  wall: number;
  projects: Record<string, ProjectTimes>;
  /** Errors Vitest caught outside any test: each fails the run (scripts/vitest-projects-reporter.ts). */
  unhandledErrors?: string[];
  /** By file path: the first error of a file that failed outside its tests (a hook, its set-up). */
  fileErrors?: Record<string, string>;
}

const firstLine = (message: string | undefined) =>
  // Without the colour codes of the reporters, which a log viewer prints as garbage.
  (message ?? '')
    // eslint-disable-next-line no-control-regex
    .replace(/\u001b\[[0-9;]*m/g, '')
    .trim()
    .split('\n')[0]!
    .slice(0, 300);

const relative = (file: string) => path.relative(process.cwd(), file) || file;

const SKIPPED = new Set(['skipped', 'pending', 'todo', 'disabled']);

export function vitestCounts(report: VitestReport, fileErrors: Record<string, string> = {}): Counts {
  const failures: string[] = [];
  const skips: string[] = [];
  let failedFiles = 0;
  let notRun = 0;
  for (const file of report.testResults ?? []) {
    const tests = file.assertionResults ?? [];
    const failed = tests.filter((t) => t.status === 'failed');
    const skipped = tests.filter((t) => SKIPPED.has(t.status));
    for (const t of failed)
      failures.push(`${relative(file.name)} › ${t.fullName ?? t.title}: ${firstLine(t.failureMessages?.[0])}`);
    // A file that fails outside its tests (an import, a hook: redis-server could not start) has no
    // failed test of its own, and its tests were not run: the file is one failure, not their skips.
    if (failed.length === 0 && file.status === 'failed') {
      failedFiles += 1;
      notRun += skipped.length;
      const reason = firstLine(file.message) || firstLine(fileErrors[file.name]) || 'failed outside its tests';
      failures.push(`${relative(file.name)}: ${reason}${skipped.length ? ` (${skipped.length} tests not run)` : ''}`);
    } else for (const t of skipped) skips.push(`${relative(file.name)} › ${t.fullName ?? t.title}`);
  }
  return {
    passed: report.numPassedTests,
    failed: report.numFailedTests + failedFiles,
    skipped: report.numPendingTests + report.numTodoTests - notRun,
    failures,
    skips,
    flakes: [],
  };
}

export function playwrightCounts(report: PlaywrightReport): Counts {
  const counts: Counts = { passed: 0, failed: 0, skipped: 0, failures: [], skips: [], flakes: [] };
  const walk = (suite: PlaywrightSuite, titles: string[]) => {
    const here = suite.file && titles.length === 0 ? [] : [...titles, suite.title];
    for (const spec of suite.specs ?? []) {
      const name = `${suite.file ?? ''} › ${[...here, spec.title].filter(Boolean).join(' › ')}`;
      for (const test of spec.tests) {
        const results = test.results;
        const status =
          test.status ??
          (results.every((r) => r.status === 'skipped')
            ? 'skipped'
            : results.at(-1)?.status === 'passed'
              ? results.length > 1
                ? 'flaky'
                : 'expected'
              : 'unexpected');
        if (status === 'skipped') {
          counts.skipped += 1;
          counts.skips.push(name);
        } else if (status === 'flaky') counts.flakes.push(name);
        else if (status === 'expected') counts.passed += 1;
        else {
          counts.failed += 1;
          const error = results.map((r) => r.error?.message).find(Boolean);
          counts.failures.push(`${name}: ${firstLine(error)}`);
        }
      }
    }
    for (const inner of suite.suites ?? []) walk(inner, here);
  };
  for (const suite of report.suites ?? []) walk(suite, []);
  return counts;
}

/** The summary's lines, the closing one last, and whether the run passes. */
export function summarize(
  reports: { vitest: VitestReport[]; playwright: PlaywrightReport[]; times: ProjectTimesReport[] },
  known: KnownFlake[],
): { lines: string[]; ok: boolean } {
  const fileErrors = Object.assign({}, ...reports.times.map((t) => t.fileErrors ?? {})) as Record<string, string>;
  const all = [
    ...reports.vitest.map((report) => vitestCounts(report, fileErrors)),
    ...reports.playwright.map(playwrightCounts),
  ];
  const sum = (key: 'passed' | 'failed' | 'skipped') => all.reduce((n, c) => n + c[key], 0);
  const lines: string[] = [];
  for (const t of reports.times) {
    const projects = Object.entries(t.projects).map(
      ([name, p]) => `${name} ${p.wall} s (${p.files} files, ${p.seconds} s in them)`,
    );
    lines.push(`time: vitest ${t.wall} s: ${projects.join('; ')}`);
  }
  for (const p of reports.playwright)
    if (p.stats.duration !== undefined) lines.push(`time: playwright ${Math.round(p.stats.duration / 1000)} s`);
  for (const c of all) for (const skip of c.skips) lines.push(`skipped: ${skip}`);
  let unknownFlakes = 0;
  for (const c of all)
    for (const flake of c.flakes) {
      const listed = known.find((k) => flake.startsWith(k.test));
      if (listed) lines.push(`flaky (known: ${listed.reason}; ${listed.note}): ${flake}`);
      else {
        unknownFlakes += 1;
        lines.push(`flaky (passed only on a retry; not in tests/known-flakes.json: fails the run): ${flake}`);
      }
    }
  for (const c of all) for (const failure of c.failures) lines.push(`failed: ${failure}`);
  const unhandled = reports.times.flatMap((t) => t.unhandledErrors ?? []);
  for (const error of unhandled) lines.push(`failed (an error outside any test): ${firstLine(error)}`);
  const flaky = all.reduce((n, c) => n + c.flakes.length, 0);
  const failed = sum('failed') + unhandled.length;
  lines.push(`tests: ${sum('passed')} passed, ${failed} failed, ${sum('skipped')} skipped, ${flaky} flaky`);
  return { lines, ok: failed === 0 && unknownFlakes === 0 };
}

async function main() {
  const files = process.argv.slice(2);
  if (files.length === 0) files.push('reports/vitest.json');
  const reports = {
    vitest: [] as VitestReport[],
    playwright: [] as PlaywrightReport[],
    times: [] as ProjectTimesReport[],
  };
  let ok = true;
  for (const file of files) {
    try {
      const report = JSON.parse(await readFile(file, 'utf8')) as object;
      if ('stats' in report) reports.playwright.push(report as PlaywrightReport);
      else if ('projects' in report) reports.times.push(report as ProjectTimesReport);
      else reports.vitest.push(report as VitestReport);
    } catch (error) {
      console.error(`No test report at ${file}: ${(error as Error).message}`);
      ok = false;
    }
  }
  const known = JSON.parse(await readFile('tests/known-flakes.json', 'utf8')) as { flakes: KnownFlake[] };
  const summary = summarize(reports, known.flakes);
  for (const line of summary.lines) console.log(line);
  if (!ok || !summary.ok) process.exitCode = 1;
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
