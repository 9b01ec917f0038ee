// `make check-breaking` (issue 15, CI): the base it compares with ("against the main branch's version":
// HEAD~1 on main, the merge-base elsewhere, a skip without history), the intended list ("fails unless the
// change says it is intended"), and the repository's own proxy contract against its base.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkBreaking, chooseBase, INTENDED_FILE, PROXY_CONTRACT } from './lib/breaking-base.ts';
import { judge, parseIntended, type Finding } from './lib/breaking.ts';
import { ROOT } from './lib/openapi.ts';

const finding = (over: Partial<Finding> = {}): Finding => ({
  kind: 'response-property-removed',
  operation: 'GET /session',
  operationId: 'getSession',
  pointer: '/components/schemas/Session/properties/basketItemCount',
  document: 'base',
  message: '200 response.basketItemCount was removed',
  ...over,
});

describe('the intended breaking changes', () => {
  const reason = 'The mini-cart reads the basket instead.';

  it.each([
    ['its operationId', 'getSession'],
    ['its method and path', 'GET /session'],
    ['* (every operation)', '*'],
  ])('accepts a finding listed by %s and pointer', (_name, operation) => {
    const entry = { operation, pointer: finding().pointer, reason };
    expect(judge([finding()], [entry])).toEqual({
      unlisted: [],
      accepted: [{ finding: finding(), entry }],
      unused: [],
    });
  });

  it('fails a finding listed for another operation or another pointer, and reports the unused entries', () => {
    const otherOperation = { operation: 'getBasket', pointer: finding().pointer, reason };
    const otherPointer = { operation: 'getSession', pointer: '/components/schemas/Session', reason };
    expect(judge([finding()], [otherOperation, otherPointer])).toEqual({
      unlisted: [finding()],
      accepted: [],
      unused: [otherOperation, otherPointer],
    });
  });

  it('needs an operation, a pointer and a reason in every entry', () => {
    expect(() => parseIntended('intended:\n  - operation: getSession\n    pointer: /paths\n')).toThrow(/reason/);
    expect(() => parseIntended('intended:\n  - pointer: /paths\n    reason: r\n')).toThrow(/operation/);
    expect(() => parseIntended('intended: yes\n')).toThrow(/list/);
    expect(parseIntended('intended:\n  - operation: "*"\n    pointer: /paths\n    reason: r\n')).toEqual([
      { operation: '*', pointer: '/paths', reason: 'r' },
    ]);
  });

  it("reads the repository's list", () => {
    expect(() => parseIntended(readFileSync(join(ROOT, INTENDED_FILE), 'utf8'))).not.toThrow();
  });
});

const CONTRACT = (required: string[]) =>
  JSON.stringify({
    openapi: '3.1.0',
    info: { title: 't', version: '1' },
    paths: {
      '/session': {
        get: {
          operationId: 'getSession',
          responses: {
            '200': {
              description: 'ok',
              content: {
                'application/json': {
                  schema: {
                    type: 'object',
                    properties: Object.fromEntries(required.map((p) => [p, { type: 'string' }])),
                  },
                },
              },
            },
          },
        },
      },
    },
  });

describe('the base of the comparison', () => {
  let repo: string;
  const git = (...args: string[]) =>
    execFileSync(
      'git',
      [
        '-c',
        'user.name=t',
        '-c',
        'user.email=t@t',
        '-c',
        'init.defaultBranch=main',
        '-c',
        'commit.gpgsign=false',
        ...args,
      ],
      {
        cwd: repo,
        encoding: 'utf8',
      },
    ).trim();
  const commitContract = (properties: string[], message: string) => {
    writeFileSync(join(repo, PROXY_CONTRACT), CONTRACT(properties));
    git('add', '.');
    git('commit', '-q', '-m', message);
    return git('rev-parse', 'HEAD');
  };
  const newRepo = () => {
    repo = mkdtempSync(join(tmpdir(), 'check-breaking-'));
    mkdirSync(join(repo, 'openapi'));
    git('init', '-q');
  };
  afterEach(() => rmSync(repo, { recursive: true, force: true }));

  it('skips without a repository, and without a previous commit', () => {
    repo = mkdtempSync(join(tmpdir(), 'check-breaking-'));
    expect(chooseBase(repo, '')).toEqual({ skip: 'git or a repository is unavailable' });
    rmSync(repo, { recursive: true, force: true });
    newRepo();
    commitContract(['a'], 'first');
    expect(chooseBase(repo, '')).toEqual({ skip: 'there is no previous commit (HEAD~1) to compare with' });
  });

  it('compares main with its previous commit, and fails a removal that is not listed', () => {
    newRepo();
    commitContract(['a', 'b'], 'first');
    commitContract(['a'], 'second');
    const base = chooseBase(repo, '');
    expect(base).toEqual({ rev: 'HEAD~1', why: 'main: the previous commit' });
    const { verdict } = checkBreaking(repo, base);
    expect(verdict?.unlisted.map((f) => [f.operationId, f.kind, f.pointer])).toEqual([
      [
        'getSession',
        'response-property-removed',
        '/paths/~1session/get/responses/200/content/application~1json/schema/properties/b',
      ],
    ]);
  });

  it('passes the same removal once the intended list gives its reason', () => {
    newRepo();
    commitContract(['a', 'b'], 'first');
    commitContract(['a'], 'second');
    const pointer = '/paths/~1session/get/responses/200/content/application~1json/schema/properties/b';
    writeFileSync(
      join(repo, INTENDED_FILE),
      `intended:\n  - operation: getSession\n    pointer: ${pointer}\n    reason: b was never read\n`,
    );
    const { verdict } = checkBreaking(repo, chooseBase(repo, ''));
    expect(verdict?.unlisted).toEqual([]);
    expect(verdict?.accepted.map((a) => a.entry.reason)).toEqual(['b was never read']);
  });

  it('makes `make check-breaking` fail on the unlisted finding and pass with it listed, noting unused entries', () => {
    newRepo();
    commitContract(['a', 'b'], 'first');
    commitContract(['a'], 'second');
    const cli = (env: NodeJS.ProcessEnv = {}) =>
      spawnSync(process.execPath, [join(ROOT, 'scripts/check-breaking.ts'), repo], {
        encoding: 'utf8',
        env: { ...process.env, BREAKING_BASE: '', ...env },
      });
    const failed = cli();
    expect(failed.status).toBe(1);
    expect(failed.stderr).toContain('breaking: GET /session (getSession) response-property-removed at base #/paths/');
    expect(failed.stderr).toContain('1 breaking change(s) in openapi/proxy.yaml against HEAD~1');
    const pointer = '/paths/~1session/get/responses/200/content/application~1json/schema/properties/b';
    writeFileSync(
      join(repo, INTENDED_FILE),
      `intended:\n  - operation: GET /session\n    pointer: ${pointer}\n    reason: b was never read\n` +
        `  - operation: getSession\n    pointer: /gone\n    reason: an earlier change\n`,
    );
    const passed = cli();
    expect(passed.status).toBe(0);
    expect(passed.stdout).toContain('reason: b was never read');
    expect(passed.stdout).toContain('lists getSession #/gone, which this comparison does not find');
    expect(cli({ BREAKING_BASE: 'HEAD' }).stdout).toContain('no unlisted breaking change');
  });

  it('with CI=true, fails naming the reason when there is nothing to compare with; outside CI it says skipped (issue 32)', () => {
    newRepo();
    commitContract(['a'], 'only');
    const cli = (env: NodeJS.ProcessEnv) =>
      spawnSync(process.execPath, [join(ROOT, 'scripts/check-breaking.ts'), repo], {
        encoding: 'utf8',
        env: { ...process.env, BREAKING_BASE: '', CI: '', ...env },
      });
    const inCi = cli({ CI: 'true' });
    expect(inCi.status).toBe(1);
    expect(inCi.stderr).toContain('check-breaking: cannot run, there is no previous commit (HEAD~1) to compare with');
    const local = cli({});
    expect(local.status).toBe(0);
    expect(local.stdout).toContain('check-breaking: skipped, there is no previous commit');
  });

  it("compares another branch with its merge-base with main, not with main's newer commits", () => {
    newRepo();
    const mergeBase = commitContract(['a', 'b'], 'first');
    git('checkout', '-q', '-b', 'feature');
    commitContract(['a', 'b', 'c'], 'feature');
    git('checkout', '-q', 'main');
    commitContract(['a'], 'main drops b');
    git('checkout', '-q', 'feature');
    expect(chooseBase(repo, '')).toEqual({ rev: mergeBase, why: 'the merge-base of feature with main' });
    expect(checkBreaking(repo, chooseBase(repo, '')).verdict?.unlisted).toEqual([]);
  });

  it('takes BREAKING_BASE when given, and skips when the base has no proxy contract', () => {
    newRepo();
    writeFileSync(join(repo, 'README.md'), 'x');
    git('add', '.');
    git('commit', '-q', '-m', 'no contract yet');
    commitContract(['a'], 'contract');
    expect(checkBreaking(repo, chooseBase(repo, 'HEAD~1')).base).toEqual({
      skip: `${PROXY_CONTRACT} does not exist in HEAD~1`,
    });
  });
});

describe("the repository's proxy contract against the main branch's version", () => {
  it('has no breaking change that openapi/intended-breaking-changes.yaml does not list', () => {
    const { base, verdict } = checkBreaking(ROOT);
    if ('skip' in base) {
      expect(base.skip).toMatch(/unavailable|no previous commit|does not exist/);
      return;
    }
    expect(verdict?.unlisted.map((f) => `${f.operation} ${f.kind} #${f.pointer}`)).toEqual([]);
  });
});
