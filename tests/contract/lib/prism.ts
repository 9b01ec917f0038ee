/**
 * The Prism mocks of the upstream contracts, for the proxy-against-Prism tests: one per contract for
 * the whole contract project, started by its global setup (prism-fleet.ts). Prism answers every call
 * with the contract's first example, or the one the request's Prefer header names.
 */
import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import type { Upstream } from './openapi.ts';

function mock(name: Upstream) {
  const found = inject('prismMocks')[name];
  if (!found) throw new Error(`No Prism mock for ${name}: its contract is missing (tests/contract/lib/prism-fleet.ts)`);
  return found;
}

/** The base URL of the upstream's Prism mock. */
export const prismBase = (name: Upstream): string => mock(name).base;

/** What the upstream's Prism mock has printed so far (its request violations among it). */
export const prismOutput = (name: Upstream): string => readFileSync(mock(name).log, 'utf8');
