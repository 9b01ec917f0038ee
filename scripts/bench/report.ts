/** The figures as they are measured (printed as they come), and reports/bench.md and reports/bench.json at the end. */
import { execFileSync } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { root } from './config.ts';

export interface Figure {
  name: string;
  value: number | string;
  target: string;
  /** null: reported, no target. */
  pass: boolean | null;
  how: string;
}

/** One Lighthouse run of a page or of its static snapshot, for the report's "runs" section. */
export interface RunRow {
  what: string;
  run: number;
  /** The run the page's figures come from. */
  median: boolean;
  performance: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  lcpElement: string | undefined;
}

export const figures: Figure[] = [];
export const runRows: RunRow[] = [];
/** Lines under the report's title: how the figures were measured. */
export const notes: string[] = [];

export function record(figure: Figure): void {
  figures.push(figure);
  const mark = figure.pass === false ? 'FAIL' : figure.pass ? 'ok  ' : '    ';
  console.log(`${mark} ${figure.name}: ${figure.value} (target ${figure.target})`);
}

export const failed = () => figures.some((f) => f.pass === false);

const git = (...args: string[]) => {
  try {
    return execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim();
  } catch {
    return '';
  }
};

/** The commit measured, and how many files the working tree changes on top of it. */
export function revision(): { commit: string; changedFiles: number } {
  const status = git('status', '--porcelain', '--untracked-files=all');
  return {
    commit: git('rev-parse', '--short', 'HEAD') || 'unknown',
    changedFiles: status ? status.split('\n').length : 0,
  };
}

const cell = (text: string | number) => String(text).replace(/\|/g, '\\|').replace(/\n/g, ' ');

export async function writeReports(measuredAt: Date): Promise<void> {
  const { commit, changedFiles } = revision();
  const tree = changedFiles ? ` with ${changedFiles} uncommitted changed files in the working tree` : '';
  await mkdir(path.join(root, 'reports'), { recursive: true });
  await writeFile(
    path.join(root, 'reports/bench.json'),
    JSON.stringify(
      { measuredAt: measuredAt.toISOString(), commit, changedFiles, notes, figures, runs: runRows },
      null,
      2,
    ),
  );
  const table = [
    '| figure | value | target | result | how |',
    '|---|---|---|---|---|',
    ...figures.map(
      (f) =>
        `| ${cell(f.name)} | ${cell(f.value)} | ${cell(f.target)} | ${f.pass === null ? '—' : f.pass ? 'pass' : 'FAIL'} | ${cell(f.how)} |`,
    ),
  ];
  const ms = (n: number) => Math.round(n);
  const runs = [
    '| page | run | performance | FCP (ms) | LCP (ms) | TBT (ms) | CLS | LCP element |',
    '|---|---|---|---|---|---|---|---|',
    ...runRows.map(
      (r) =>
        `| ${cell(r.what)} | ${r.run}${r.median ? ' (median)' : ''} | ${r.performance} | ${ms(r.fcp)} | ${ms(r.lcp)} | ${ms(r.tbt)} | ${r.cls.toFixed(3)} | ${cell(r.lcpElement ?? '—')} |`,
    ),
  ];
  const markdown = [
    '# make bench',
    '',
    `Measured ${measuredAt.toISOString()} on commit ${commit}${tree}.`,
    '',
    ...notes.map((line) => `- ${line}`),
    '',
    ...table,
    '',
    '## Runs',
    '',
    'Every Lighthouse run, by page. They ran interleaved: run n of a page, then run n of its static snapshot, then the next page; ' +
      'the account pages (signed in, no snapshot) after the storefront’s, run n of one, then run n of the other.',
    '',
    ...runs,
    '',
  ].join('\n');
  await writeFile(path.join(root, 'reports/bench.md'), markdown);
  console.log('\nreports/bench.md and reports/bench.json written');
}
