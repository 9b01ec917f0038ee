// Prints the plain closing line CI reads ("N passed, N failed, N skipped") from Vitest's JSON report
// and, when given, Playwright's: `node scripts/test-summary.ts reports/vitest.json reports/e2e.json`.
import { readFile } from 'node:fs/promises';

interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}

async function vitest(file: string): Promise<Counts> {
  const report = JSON.parse(await readFile(file, 'utf8')) as {
    numPassedTests: number;
    numFailedTests: number;
    numPendingTests: number;
    numTodoTests: number;
  };
  return {
    passed: report.numPassedTests,
    failed: report.numFailedTests,
    skipped: report.numPendingTests + report.numTodoTests,
  };
}

async function playwright(file: string): Promise<Counts> {
  const report = JSON.parse(await readFile(file, 'utf8')) as {
    stats: { expected: number; unexpected: number; flaky: number; skipped: number };
  };
  // A flaky test passed on its retry: it counts as passed, and the list above names it.
  return {
    passed: report.stats.expected + report.stats.flaky,
    failed: report.stats.unexpected,
    skipped: report.stats.skipped,
  };
}

const files = process.argv.slice(2);
if (files.length === 0) files.push('reports/vitest.json');
const total: Counts = { passed: 0, failed: 0, skipped: 0 };
for (const file of files) {
  try {
    const text = await readFile(file, 'utf8');
    const counts = 'stats' in (JSON.parse(text) as object) ? await playwright(file) : await vitest(file);
    total.passed += counts.passed;
    total.failed += counts.failed;
    total.skipped += counts.skipped;
  } catch (error) {
    console.error(`No test report at ${file}: ${(error as Error).message}`);
    process.exitCode = 1;
  }
}
console.log(`tests: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
