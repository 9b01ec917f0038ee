// Which version of openapi/proxy.yaml `make check-breaking` compares with ("the main branch's version",
// issue 15), and the check itself: findings of the comparator less the intended ones.
//   on main (CI clones main itself):  the previous commit, HEAD~1
//   on another branch:                the merge-base of HEAD with main (or origin/main)
//   BREAKING_BASE=<rev>:              that revision
// Without git, a repository, a previous commit or the file in the base revision, the check is skipped
// with the reason. The new version is the working tree's file (in CI the same as HEAD).
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parse } from 'yaml';
import { findBreakingChanges, judge, parseIntended, type Verdict } from './breaking.ts';

export const PROXY_CONTRACT = 'openapi/proxy.yaml';
export const INTENDED_FILE = 'openapi/intended-breaking-changes.yaml';

export type Base = { rev: string; why: string } | { skip: string };

function git(root: string, ...args: string[]): string | undefined {
  try {
    return execFileSync('git', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return undefined;
  }
}

const commit = (root: string, rev: string) => git(root, 'rev-parse', '--verify', '--quiet', `${rev}^{commit}`);

export function chooseBase(root: string, override = process.env.BREAKING_BASE): Base {
  if (git(root, 'rev-parse', '--is-inside-work-tree') !== 'true') return { skip: 'git or a repository is unavailable' };
  if (override) {
    return commit(root, override)
      ? { rev: override, why: `BREAKING_BASE=${override}` }
      : { skip: `no commit ${override}` };
  }
  const head = commit(root, 'HEAD');
  if (!head) return { skip: 'the repository has no commit yet' };
  const branch = git(root, 'rev-parse', '--abbrev-ref', 'HEAD');
  const main = ['main', 'origin/main'].find((ref) => commit(root, ref));
  const onMain = branch === 'main' || (main !== undefined && commit(root, main) === head);
  if (!onMain && main) {
    const mergeBase = git(root, 'merge-base', 'HEAD', main);
    if (mergeBase) return { rev: mergeBase, why: `the merge-base of ${branch} with ${main}` };
  }
  if (!commit(root, 'HEAD~1')) return { skip: 'there is no previous commit (HEAD~1) to compare with' };
  return { rev: 'HEAD~1', why: onMain ? 'main: the previous commit' : `no main branch: the previous commit` };
}

export interface CheckResult {
  base: Base;
  verdict?: Verdict;
}

/** Compares the base revision's proxy contract with the working tree's and applies the intended list. */
export function checkBreaking(root: string, base: Base = chooseBase(root)): CheckResult {
  if ('skip' in base) return { base };
  const baseText = git(root, 'show', `${base.rev}:${PROXY_CONTRACT}`);
  if (baseText === undefined) return { base: { skip: `${PROXY_CONTRACT} does not exist in ${base.rev}` } };
  const next = parse(readFileSync(resolve(root, PROXY_CONTRACT), 'utf8'), { maxAliasCount: -1 });
  const findings = findBreakingChanges(parse(baseText, { maxAliasCount: -1 }), next);
  const intendedPath = resolve(root, INTENDED_FILE);
  const intended = existsSync(intendedPath) ? parseIntended(readFileSync(intendedPath, 'utf8')) : [];
  return { base, verdict: judge(findings, intended) };
}
