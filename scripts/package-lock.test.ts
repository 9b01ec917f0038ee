/**
 * `npm ci` works on a fresh clone on any platform (issue 15): package-lock.json holds an entry for
 * every optional dependency of every package in it, other platforms' native binaries included.
 * npm (npm/cli#4828) can leave those out of a lock written where they do not install, and `npm ci`
 * then refuses the lock ("Missing: @unrs/resolver-binding-darwin-arm64@1.13.0 from lock file").
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

interface LockEntry {
  version?: string;
  optionalDependencies?: Record<string, string>;
}
interface Lock {
  lockfileVersion: number;
  packages: Record<string, LockEntry>;
}

/**
 * Each optional dependency (`name@range`, with the package asking for it) that has no lock entry
 * where Node would find it: `<location>/node_modules/<name>`, then each enclosing node_modules.
 */
function missingOptionalDependencies(lock: Lock): string[] {
  const missing: string[] = [];
  for (const [location, entry] of Object.entries(lock.packages)) {
    for (const [name, range] of Object.entries(entry.optionalDependencies ?? {})) {
      let base = location;
      let found = false;
      for (;;) {
        if (lock.packages[`${base ? `${base}/` : ''}node_modules/${name}`]) {
          found = true;
          break;
        }
        if (!base) break;
        const parent = base.lastIndexOf('/node_modules/');
        base = parent >= 0 ? base.slice(0, parent) : '';
      }
      if (!found) missing.push(`${name}@${range} (optional dependency of ${location || 'the project'})`);
    }
  }
  return missing;
}

const binding = (os: string) => ({ version: '1.13.0', optional: true, os: [os] });

describe('package-lock.json', () => {
  it('when a package of the lock has optional platform binaries, then the lock has an entry for each of them', () => {
    const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as Lock;
    expect(lock.lockfileVersion).toBe(3);
    expect(missingOptionalDependencies(lock)).toEqual([]);
  });

  it('when an optional binary has no entry (the lock npm writes on Linux, npm/cli#4828), then it is named', () => {
    const lock: Lock = {
      lockfileVersion: 3,
      packages: {
        '': {},
        'node_modules/unrs-resolver': {
          version: '1.13.0',
          optionalDependencies: {
            '@unrs/resolver-binding-darwin-arm64': '1.13.0',
            '@unrs/resolver-binding-linux-x64-gnu': '1.13.0',
          },
        },
        'node_modules/@unrs/resolver-binding-linux-x64-gnu': binding('linux'),
      },
    };
    expect(missingOptionalDependencies(lock)).toEqual([
      '@unrs/resolver-binding-darwin-arm64@1.13.0 (optional dependency of node_modules/unrs-resolver)',
    ]);
  });

  it('when an optional dependency is nested under its package or hoisted to an enclosing node_modules, then it is found', () => {
    const lock: Lock = {
      lockfileVersion: 3,
      packages: {
        'node_modules/a': { optionalDependencies: { fsevents: '2.3.3' } },
        'node_modules/a/node_modules/fsevents': binding('darwin'),
        'node_modules/b/node_modules/c': {
          optionalDependencies: { '@x/bin-win32': '1.0.0', '@x/bin-darwin': '1.0.0' },
        },
        'node_modules/b/node_modules/@x/bin-win32': binding('win32'),
        'node_modules/@x/bin-darwin': binding('darwin'),
        // A sibling's nested copy is not where Node looks from c.
        'node_modules/d/node_modules/@x/bin-linux': binding('linux'),
        'node_modules/e': { optionalDependencies: { '@x/bin-linux': '1.0.0' } },
      },
    };
    expect(missingOptionalDependencies(lock)).toEqual(['@x/bin-linux@1.0.0 (optional dependency of node_modules/e)']);
  });
});
