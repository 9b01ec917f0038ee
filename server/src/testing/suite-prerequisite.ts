/**
 * Test-only (issue 32, "no silent skips in CI"): whether a suite whose prerequisite is missing (a
 * Redis binary, the built client, the public references) skips. Outside CI it skips, and the test
 * summary names every skipped test; with CI=true it fails at once with the reason, so a green CI run
 * means the suite ran.
 *
 *   describe.skipIf(skipWithout(existsSync(entry), 'the built client (dist/server): run `make build`'))(…)
 */
export function skipWithout(present: boolean, missing: string): boolean {
  if (present) return false;
  if (process.env.CI)
    throw new Error(`Cannot run: ${missing}. With CI=true a suite that cannot run fails instead of skipping.`);
  console.warn(`Skipping: ${missing}`);
  return true;
}
