// A Vitest reporter that keeps each project's seconds (issue 32: the budget visible in every run's
// summary): per project the number of test files, the seconds spent in them (environment, import
// and tests, summed over files that run side by side) and the wall span from the first file's start
// to the last file's end, written to reports/vitest-projects.json for scripts/test-summary.ts, with
// the errors Vitest caught outside any test (an unhandled rejection fails the run though every test
// passed, and Vitest's JSON report says nothing of it), and the first error of each file that failed
// outside its tests (a hook or the file's set-up: Vitest's JSON report gives an empty message for a
// failed beforeAll, for instance "redis-server exited (1)").
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { SerializedError } from 'vitest';
import type { Reporter, TestModule } from 'vitest/node';

export interface ProjectTimes {
  files: number;
  /** Seconds in the project's files, summed. */
  seconds: number;
  /** Seconds from the first file's start to the last file's end. */
  wall: number;
}

export const PROJECT_TIMES_FILE = 'reports/vitest-projects.json';

export default class VitestProjectsReporter implements Reporter {
  private readonly spans = new Map<string, { files: number; ms: number; first: number; last: number }>();
  private started = Date.now();
  private readonly fileErrors: Record<string, string> = {};

  onTestRunStart() {
    this.started = Date.now();
  }

  onTestModuleEnd(module: TestModule) {
    const d = module.diagnostic();
    const ms = d.environmentSetupDuration + d.prepareDuration + d.collectDuration + d.setupDuration + d.duration;
    const end = Date.now();
    const name = module.project.name || 'default';
    const span = this.spans.get(name) ?? { files: 0, ms: 0, first: end - ms, last: end };
    span.files += 1;
    span.ms += ms;
    span.first = Math.min(span.first, end - ms);
    span.last = Math.max(span.last, end);
    this.spans.set(name, span);
    const error = [module, ...module.children.allSuites()].flatMap((task) => task.errors())[0];
    if (error) this.fileErrors[module.moduleId] = `${error.name ?? 'Error'}: ${error.message ?? String(error)}`;
  }

  onTestRunEnd(_modules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<SerializedError>) {
    const errors = unhandledErrors.map((error) => `${error.name ?? 'Error'}: ${error.message ?? String(error)}`);
    const projects: Record<string, ProjectTimes> = {};
    for (const [name, span] of [...this.spans].sort(([a], [b]) => a.localeCompare(b)))
      projects[name] = {
        files: span.files,
        seconds: Math.round(span.ms / 1000),
        wall: Math.round((span.last - span.first) / 1000),
      };
    mkdirSync(path.dirname(PROJECT_TIMES_FILE), { recursive: true });
    writeFileSync(
      PROJECT_TIMES_FILE,
      `${JSON.stringify(
        {
          wall: Math.round((Date.now() - this.started) / 1000),
          projects,
          unhandledErrors: errors,
          fileErrors: this.fileErrors,
        },
        null,
        2,
      )}\n`,
    );
  }
}
