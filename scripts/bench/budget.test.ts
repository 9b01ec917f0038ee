/**
 * Issue 35's JavaScript budgets, in `make test` (which builds the client first): the first route's
 * JavaScript and the account routes' own, gzip, from the Vite manifest (bundle.ts, as `make bench`
 * measures them). config.ts GATE says why the first route's figure is today's size with a little
 * room and not the 90 KB.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { skipWithout } from '../../server/src/testing/suite-prerequisite.ts';
import { accountRouteJs, firstRouteJs, kb } from './bundle.ts';
import { CLIENT_DIR, GATE } from './config.ts';

const built = !skipWithout(existsSync(path.join(CLIENT_DIR, '.vite/manifest.json')), 'the built client (`make build`)');

describe.skipIf(!built)('the routes keep to their JavaScript budgets (issue 35, gzip)', () => {
  it(`the first route (the entry, the app and the renewal page, with their static imports): ≤ ${GATE.firstRouteJsKb} KB`, async () => {
    const first = await firstRouteJs();
    expect(first.total / 1024, kb(first.total)).toBeLessThanOrEqual(GATE.firstRouteJsKb);
    expect(first.files.length).toBeGreaterThan(2);
  });

  it(`the account area's own chunks ≤ ${GATE.accountOwnJsKb} KB, and an account route beyond the first route ≤ ${GATE.accountBeyondFirstRouteJsKb} KB`, async () => {
    const { only, beyondFirstRoute } = await accountRouteJs();
    expect(only.total / 1024, kb(only.total)).toBeLessThanOrEqual(GATE.accountOwnJsKb);
    expect(beyondFirstRoute.total / 1024, kb(beyondFirstRoute.total)).toBeLessThanOrEqual(
      GATE.accountBeyondFirstRouteJsKb,
    );
  });
});
