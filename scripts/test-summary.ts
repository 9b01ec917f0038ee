// Prints the plain closing line CI reads ("N passed, N failed, N skipped") from Vitest's JSON report.
import { readFile } from 'node:fs/promises';

const file = process.argv[2] ?? 'reports/vitest.json';
try {
  const report = JSON.parse(await readFile(file, 'utf8')) as {
    numPassedTests: number;
    numFailedTests: number;
    numPendingTests: number;
    numTodoTests: number;
  };
  console.log(
    `tests: ${report.numPassedTests} passed, ${report.numFailedTests} failed, ${report.numPendingTests + report.numTodoTests} skipped`,
  );
} catch (error) {
  console.error(`No test report at ${file}: ${(error as Error).message}`);
  process.exitCode = 1;
}
