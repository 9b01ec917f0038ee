/**
 * Debian's redis-server and nginx for the scale tests (issue 16), installed by `make test` before
 * any test runs (the Makefile's `system-packages`, issue 32: no apt-get inside tests). Missing and not installable is a failure
 * with the reason, never a silent skip: only SKIP_SCALE_TESTS (which `make test` never sets) skips.
 */
import { accessSync, constants } from 'node:fs';
import path from 'node:path';

export interface Tools {
  redisServer: string;
  nginx: string;
}

/** Set to skip the scale tests on a machine without redis-server and nginx (never by `make test`). */
export const SKIP_SCALE_TESTS = Boolean(process.env.SKIP_SCALE_TESTS);

// nginx lives in /usr/sbin, which a non-root PATH often lacks.
const SEARCHED = [...(process.env.PATH ?? '').split(path.delimiter), '/usr/sbin', '/usr/bin', '/usr/local/sbin'];

function find(binary: string): string | undefined {
  for (const dir of SEARCHED) {
    if (!dir) continue;
    const candidate = path.join(dir, binary);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not in this directory
    }
  }
  return undefined;
}

function located(): Partial<Tools> {
  return { redisServer: find('redis-server'), nginx: find('nginx') };
}

/** The two binaries; throws saying what to do when one is missing. */
export function scaleTools(): Tools {
  const found = located();
  const missing = [!found.redisServer && 'redis-server', !found.nginx && 'nginx'].filter(Boolean) as string[];
  if (missing.length > 0)
    throw new Error(
      `The scale tests (tests/scale, issue 16) need Debian's ${missing.join(' and ')}, not found on PATH or in /usr/sbin. ` +
        `\`make system-packages\` installs them (apt-get install ${missing.join(' ')}), or set SKIP_SCALE_TESTS=1 to skip these tests on this machine.`,
    );
  return { redisServer: found.redisServer!, nginx: found.nginx! };
}
