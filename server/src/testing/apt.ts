/**
 * Test-only: Debian's packages installed when a test needs them and they are missing (redis-server,
 * nginx: issue 16), as the Makefile's `chromium` target installs the browser. apt-get runs as root,
 * else through a sudo that asks no password.
 *
 * Test files run in parallel, and on a fresh machine several find redis-server missing at once: a
 * second apt-get would fail on apt's lock ("Could not get lock /var/lib/dpkg/lock-frontend") and
 * its tests would skip. So every install here waits its turn on one lock file (util-linux's
 * `flock`), and apt-get itself waits for a dpkg lock held by anything else (DPkg::Lock::Timeout).
 */
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import path from 'node:path';

const LOCK = path.join(tmpdir(), 'shop-apt-get.lock');
const TIMEOUT_MS = 480_000;

/** Installs `packages`; undefined when done, else why it could not be. */
export function aptInstall(packages: string[]): string | undefined {
  const root = process.getuid?.() === 0;
  if (!root && spawnSync('sudo', ['-n', 'true']).status !== 0) return 'not root and no password-less sudo';
  const run = (args: string[]) => {
    const apt = [...(root ? [] : ['sudo', '-n']), 'apt-get', '-o', 'DPkg::Lock::Timeout=300', ...args];
    const [command, ...rest] = spawnSync('flock', ['--version']).status === 0 ? ['flock', LOCK, ...apt] : apt;
    return spawnSync(command!, rest, {
      encoding: 'utf8',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
      timeout: TIMEOUT_MS,
    });
  };
  // A failed update (no network) may still leave lists good enough to install from.
  run(['update', '-qq']);
  const install = run(['install', '-y', '-qq', ...packages]);
  if (install.status === 0) return undefined;
  return `apt-get install ${packages.join(' ')} failed: ${(install.stderr || install.error?.message || '').trim().slice(-300)}`;
}
