/**
 * Dependency hygiene where the advisory service cannot be reached (issue 17: `npm audit` answers 405
 * here): no production dependency is deprecated, by its installed package.json or by
 * package-lock.json's record of the production tree, and every direct dependency, runtime or
 * development, is pinned to an exact version (what package-lock.json installs is what package.json
 * says). scripts/package-lock.test.ts checks the lock's platform binaries; `make sbom` lists the
 * production tree (CycloneDX, reports/sbom.cdx.json).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ledger, ROOT } from './support.ts';

const checks = ledger('dependencies');

interface LockEntry {
  version?: string;
  dev?: boolean;
  deprecated?: string;
  link?: boolean;
}
interface Manifest {
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}

const read = <T>(file: string): T => JSON.parse(readFileSync(path.join(ROOT, file), 'utf8')) as T;
const manifest = read<Manifest>('package.json');
const lock = read<{ packages: Record<string, LockEntry> }>('package-lock.json');

/** An exact version: 1.2.3 or 1.2.3-rc.1, no range, tag, URL or workspace reference. */
export const EXACT_VERSION = /^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?$/;

/** The lock's production tree: every entry npm installs without --include=dev (not `dev`). */
const production = Object.entries(lock.packages).filter(
  ([location, entry]) => location !== '' && !entry.dev && !entry.link,
);

describe('dependency hygiene', () => {
  it('when package.json names a dependency, then by an exact version, the one package-lock.json installs', async () => {
    await checks.attack('an unpinned dependency', async () => {
      const unpinned: string[] = [];
      for (const group of ['dependencies', 'devDependencies'] as const) {
        for (const [name, spec] of Object.entries(manifest[group] ?? {})) {
          if (!EXACT_VERSION.test(spec)) unpinned.push(`${group}.${name}: ${spec}`);
          else expect(lock.packages[`node_modules/${name}`]?.version, name).toBe(spec);
        }
      }
      expect(unpinned).toEqual([]);
    });
  });

  it('when the production tree is installed, then no package of it is deprecated (lock record or installed package.json)', async () => {
    expect(production.length).toBeGreaterThan(20);
    await checks.attack('a deprecated runtime dependency', async () => {
      const deprecated: string[] = [];
      for (const [location, entry] of production) {
        if (entry.deprecated) deprecated.push(`${location}@${entry.version}: ${entry.deprecated}`);
        const installed = path.join(ROOT, location, 'package.json');
        // Optional packages of other platforms are in the lock but not on disk.
        if (!existsSync(installed)) continue;
        const own = JSON.parse(readFileSync(installed, 'utf8')) as { deprecated?: string; version?: string };
        if (own.deprecated) deprecated.push(`${location}@${own.version}: ${own.deprecated}`);
      }
      expect(deprecated).toEqual([]);
    });
  });

  it('when a version is a range, a tag or a URL, then it is not taken as pinned', () => {
    for (const spec of ['^1.2.3', '~1.2.3', '>=1', '1.x', '*', 'latest', 'github:a/b', 'file:../x', '1.2']) {
      expect(EXACT_VERSION.test(spec), spec).toBe(false);
    }
    for (const spec of ['1.2.3', '0.17.0', '24.21.0', '1.0.0-rc.1']) expect(EXACT_VERSION.test(spec), spec).toBe(true);
  });
});
