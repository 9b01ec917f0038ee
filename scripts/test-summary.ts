// Prints the plain closing line CI reads ("N passed, N failed, N skipped") from Vitest's JSON report
// and, when given, Playwright's: `node scripts/test-summary.ts reports/vitest.json reports/e2e.json`.
// Every failed test is named just above that line, with the first line of its error: CI keeps only
// the tail of a run's output, and the failure of a Vitest project printed minutes earlier is lost.
import { readFile } from 'node:fs/promises';
import path from 'node:path';

interface Counts {
  passed: number;
  failed: number;
  skipped: number;
  /** "file › test: first line of the error", one per failed test. */
  failures: string[];
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

function vitest(report: {
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
}): Counts {
  const failures: string[] = [];
  for (const file of report.testResults ?? []) {
    const failed = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
    for (const t of failed)
      failures.push(`${relative(file.name)} › ${t.fullName ?? t.title}: ${firstLine(t.failureMessages?.[0])}`);
    // A file that fails before its tests run (an import, a hook) has no failed test of its own.
    if (failed.length === 0 && file.status === 'failed')
      failures.push(`${relative(file.name)}: ${firstLine(file.message)}`);
  }
  return {
    passed: report.numPassedTests,
    failed: report.numFailedTests,
    skipped: report.numPendingTests + report.numTodoTests,
    failures,
  };
}

interface PlaywrightSuite {
  title: string;
  file?: string;
  specs?: { title: string; ok: boolean; tests: { results: { status: string; error?: { message?: string } }[] }[] }[];
  suites?: PlaywrightSuite[];
}

function playwright(report: {
  stats: { expected: number; unexpected: number; flaky: number; skipped: number };
  suites?: PlaywrightSuite[];
}): Counts {
  const failures: string[] = [];
  const walk = (suite: PlaywrightSuite, titles: string[]) => {
    const here = suite.file && titles.length === 0 ? [] : [...titles, suite.title];
    for (const spec of suite.specs ?? []) {
      if (spec.ok) continue;
      const results = spec.tests.flatMap((t) => t.results);
      const error = results.map((r) => r.error?.message).find(Boolean);
      failures.push(`${suite.file ?? ''} › ${[...here, spec.title].filter(Boolean).join(' › ')}: ${firstLine(error)}`);
    }
    for (const inner of suite.suites ?? []) walk(inner, here);
  };
  for (const suite of report.suites ?? []) walk(suite, []);
  // A flaky test passed on its retry: it counts as passed, and the list above names it.
  return {
    passed: report.stats.expected + report.stats.flaky,
    failed: report.stats.unexpected,
    skipped: report.stats.skipped,
    failures,
  };
}

const files = process.argv.slice(2);
if (files.length === 0) files.push('reports/vitest.json');
const total: Counts = { passed: 0, failed: 0, skipped: 0, failures: [] };
for (const file of files) {
  try {
    const report = JSON.parse(await readFile(file, 'utf8')) as object;
    const counts =
      'stats' in report
        ? playwright(report as Parameters<typeof playwright>[0])
        : vitest(report as Parameters<typeof vitest>[0]);
    total.passed += counts.passed;
    total.failed += counts.failed;
    total.skipped += counts.skipped;
    total.failures.push(...counts.failures);
  } catch (error) {
    console.error(`No test report at ${file}: ${(error as Error).message}`);
    process.exitCode = 1;
  }
}
for (const failure of total.failures) console.log(`failed: ${failure}`);
console.log(`tests: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
