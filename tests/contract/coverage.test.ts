// Every call of the specs' §7 and every screen's data need has a contract operation, and every
// upstream operation is motivated by at least one checklist row.
import { describe, expect, it } from 'vitest';
import { CHECKLIST } from './coverage-checklist.ts';
import {
  CONTRACT_FILES,
  UPSTREAMS,
  contractExists,
  loadContract,
  operations,
  type ContractName,
} from './lib/openapi.ts';

function operationIds(name: ContractName): Set<string> | undefined {
  if (!contractExists(name)) return undefined;
  return new Set(operations(loadContract(name)).map((op) => op.operation.operationId as string));
}

describe('coverage of the specs by the contracts', () => {
  it('when each checklist row (spec §7 call or screen data need) is looked up, then its operation exists in its contract', () => {
    const ids = new Map<ContractName, Set<string> | undefined>();
    const missing: string[] = [];
    for (const row of CHECKLIST) {
      if (!ids.has(row.contract)) ids.set(row.contract, operationIds(row.contract));
      const declared = ids.get(row.contract);
      if (!declared)
        missing.push(`${row.doc} | ${row.call} | ${CONTRACT_FILES[row.contract]} does not exist | ${row.operationId}`);
      else if (!declared.has(row.operationId))
        missing.push(`${row.doc} | ${row.call} | ${row.contract} has no operation ${row.operationId}`);
    }
    if (missing.length)
      console.error(`${missing.length} checklist row(s) without an operation:\n  ${missing.join('\n  ')}`);
    expect(missing).toEqual([]);
  });

  it('when the upstream contracts are read, then every operation is referenced by at least one checklist row', () => {
    const unmotivated: string[] = [];
    const absent: string[] = [];
    for (const upstream of UPSTREAMS) {
      const declared = operationIds(upstream);
      if (!declared) {
        absent.push(CONTRACT_FILES[upstream]);
        continue;
      }
      const referenced = new Set(CHECKLIST.filter((r) => r.contract === upstream).map((r) => r.operationId));
      for (const id of declared) if (!referenced.has(id)) unmotivated.push(`${upstream}: ${id}`);
    }
    if (unmotivated.length) console.error(`operations no checklist row motivates:\n  ${unmotivated.join('\n  ')}`);
    expect(absent, 'upstream contracts missing').toEqual([]);
    expect(unmotivated).toEqual([]);
  });
});
