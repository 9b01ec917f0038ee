// Our upstream contracts are faithful subsets of the public reference descriptions
// (../shared/reference, read in place): same method, same full path, parameters and body
// properties that exist there with compatible types.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  CONTRACT_FILES,
  REFERENCE_DIR,
  contractExists,
  loadContract,
  loadDocument,
  operations,
  type Upstream,
} from './lib/openapi.ts';
import {
  ReferenceIndex,
  compareOperation,
  formatDivergence,
  fullPathOf,
  type Divergence,
  type RefDoc,
} from './lib/conformance.ts';
import { skipWithout } from '../../server/src/testing/suite-prerequisite.ts';

const referencePresent = !skipWithout(
  existsSync(REFERENCE_DIR),
  `the public references at ${REFERENCE_DIR} (set REFERENCE_DIR to the reference descriptions)`,
);

function referenceFiles(upstream: Upstream): string[] {
  switch (upstream) {
    case 'commerce': {
      const dir = join(REFERENCE_DIR, 'scapi');
      return readdirSync(dir)
        .filter((f) => /\.ya?ml$/.test(f))
        .map((f) => join(dir, f));
    }
    case 'adyen':
      return [join(REFERENCE_DIR, 'adyen/CheckoutService-v71.json')];
    case 'stripe':
      return [join(REFERENCE_DIR, 'stripe/spec3.json')];
    default:
      return [];
  }
}

const CHECKED: { upstream: Upstream; reference: string; allowCustomAttributes: boolean; skipUncovered: boolean }[] = [
  { upstream: 'commerce', reference: 'SCAPI (scapi/*.yaml)', allowCustomAttributes: true, skipUncovered: true },
  { upstream: 'adyen', reference: 'Adyen Checkout v71', allowCustomAttributes: false, skipUncovered: false },
  { upstream: 'stripe', reference: 'Stripe spec3.json', allowCustomAttributes: false, skipUncovered: false },
];

const indexes = new Map<Upstream, ReferenceIndex>();
function indexFor(upstream: Upstream): ReferenceIndex {
  let index = indexes.get(upstream);
  if (!index) {
    const refs: RefDoc[] = referenceFiles(upstream).map((file) => ({
      name: file.slice(REFERENCE_DIR.length + 1),
      doc: loadDocument(file),
    }));
    index = new ReferenceIndex(refs);
    indexes.set(upstream, index);
  }
  return index;
}

function report(title: string, divergences: Divergence[]): void {
  if (divergences.length) {
    console.error(`${title}: ${divergences.length} divergence(s)\n  ${divergences.map(formatDivergence).join('\n  ')}`);
  }
}

describe.skipIf(!referencePresent)(`conformance with the public references (${REFERENCE_DIR})`, () => {
  describe.each(CHECKED)('$upstream', ({ upstream, reference, allowCustomAttributes, skipUncovered }) => {
    const file = CONTRACT_FILES[upstream];

    it(`when ${file} declares operations, then each exists in ${reference} with the same method and full path`, () => {
      expect(contractExists(upstream), `${file} does not exist yet`).toBe(true);
      const doc = loadContract(upstream);
      const index = indexFor(upstream);
      const missing: Divergence[] = [];
      const skipped: string[] = [];
      const ops = operations(doc);
      for (const op of ops) {
        const full = fullPathOf(doc, op);
        if (skipUncovered && !index.covers(full)) {
          skipped.push(`${op.operation.operationId} (${op.method.toUpperCase()} ${full})`);
          continue;
        }
        if (!index.find(op.method, full)) {
          missing.push({
            operation: `${op.operation.operationId ?? '?'} (${op.label})`,
            location: 'operation',
            what: `${op.method.toUpperCase()} ${full} not found in ${reference}`,
          });
        }
      }
      if (skipped.length) {
        console.info(
          `${file}: ${skipped.length} operation(s) not covered by any public reference (classic OCAPI / controller calls), not compared:\n  ${skipped.join('\n  ')}`,
        );
      }
      report(file, missing);
      expect(ops.length, `${file} declares no operations`).toBeGreaterThan(0);
      expect(missing.map(formatDivergence)).toEqual([]);
    });

    it(`when ${file} declares parameters and bodies, then each exists in ${reference} with a compatible type`, () => {
      expect(contractExists(upstream), `${file} does not exist yet`).toBe(true);
      const doc = loadContract(upstream);
      const index = indexFor(upstream);
      const divergences: Divergence[] = [];
      for (const op of operations(doc)) {
        const match = index.find(op.method, fullPathOf(doc, op));
        if (!match) continue; // reported by the test above (or not covered)
        divergences.push(...compareOperation(doc, op, match, { allowCustomAttributes }));
      }
      report(file, divergences);
      expect(divergences.map(formatDivergence)).toEqual([]);
    });
  });
});

if (!referencePresent) {
  describe('conformance with the public references', () => {
    it.skip(`skipped: ${REFERENCE_DIR} is absent (set REFERENCE_DIR to the reference descriptions)`, () => {});
  });
}
