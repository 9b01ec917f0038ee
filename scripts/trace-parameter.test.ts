/**
 * The parameter trace (issue 29's measure) on a project of four tiny files, written to a temporary
 * folder: what it follows, and its figures, entries and calls in told apart.
 */
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callsInto, traceParameter, type Trace } from './trace-parameter.ts';

const FILES: Record<string, string> = {
  'tsconfig.json': JSON.stringify({
    compilerOptions: { strict: true, module: 'NodeNext', allowImportingTsExtensions: true, noEmit: true },
    include: ['**/*.ts'],
  }),
  // The start calls the shop twice, and once more through a function of its own file.
  'checkout/start.ts': `import { read, write } from '../shop/shop.ts';
export function start(shopper: string, other: string) {
  read(shopper);
  write(shopper);
  again(shopper);
  read(other);
}
function again(s: string) {
  read(s);
}
`,
  // The shop calls the answer file and comes back between its own functions, and a helper beside it.
  'shop/shop.ts': `import { answer } from '../answer.ts';
import { help } from './helper.ts';
export function read(who: string) {
  answer(who);
  inner(who);
}
function inner(who: string) {
  answer(who);
}
export function write(who: string) {
  help(who);
  answer(who);
}
`,
  'shop/helper.ts': `export function help(h: string) {
  return h;
}
`,
  'answer.ts': `export function answer(x: string) {
  return x;
}
`,
};

let root: string;
let trace: Trace;

// A TypeScript program with its default library: seconds of CPU, more on a busy two-core machine.
beforeAll(() => {
  root = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'trace-parameter-')));
  for (const [file, text] of Object.entries(FILES)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  trace = traceParameter('checkout/start.ts', 'start', 'shopper', root);
}, 30_000);

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('the parameter trace', () => {
  it('when a parameter is handed on, then the walk follows it depth first and enters a walked function without walking it again', () => {
    expect(trace.walk.map((s) => `${'  '.repeat(s.depth)}${s.fn}(${s.param}) ${s.file}`)).toEqual([
      'start(shopper) checkout/start.ts',
      '  read(who) shop/shop.ts',
      '    answer(x) answer.ts',
      '    inner(who) shop/shop.ts',
      '      answer(x) answer.ts',
      '  write(who) shop/shop.ts',
      '    help(h) shop/helper.ts',
      '    answer(x) answer.ts',
      '  again(s) checkout/start.ts',
      '    read(who) shop/shop.ts',
    ]);
  });

  it('when the walk is counted, then the figures printed before are unchanged: stops, hops, files, returns, visits, entries', () => {
    expect([trace.stops, trace.hops, trace.distinctFiles, trace.returns]).toEqual([10, 9, 4, 6]);
    expect(trace.visits).toEqual({ 'checkout/start.ts': 2, 'shop/shop.ts': 4, 'answer.ts': 3, 'shop/helper.ts': 1 });
    // The shop's runs in the walk's order of files: each return from answer.ts starts a new one.
    expect(trace.entries).toEqual({ 'checkout/start.ts': 2, 'shop/shop.ts': 4, 'answer.ts': 3, 'shop/helper.ts': 1 });
  });

  it('when a file calls out and the walk comes back, then that is an entry but not a call in: only callers in other files count', () => {
    expect(trace.callsIn).toEqual({ 'shop/shop.ts': 3, 'answer.ts': 3, 'shop/helper.ts': 1 });
    expect(callsInto(trace, 'shop/shop.ts')).toEqual([
      'start (checkout/start.ts) -> read',
      'start (checkout/start.ts) -> write',
      'again (checkout/start.ts) -> read',
    ]);
  });

  it('when calls are counted per folder, then a call between two files of one folder is not a call into it', () => {
    expect(trace.callsInFolder).toEqual({ shop: 3, '.': 3 });
  });
});

// Issue 29's figure on the shop itself (docs/decisions/025 "Trace"): the order's life after "Pay" stays
// in few files, and basket code is entered on the straight path and when the attempt fails only.
describe("the shopper's trace through place-order", () => {
  it('touches at most 12 files and calls into basket code at most 3 times', { timeout: 60_000 }, () => {
    const shop = traceParameter('server/src/services/checkout/place-order.ts', 'placeOrder', 'shopper');
    const basket = Object.entries(shop.callsInFolder).flatMap(([folder, n]) => (folder.endsWith('/basket') ? [n] : []));
    expect(shop.distinctFiles, Object.keys(shop.visits).join('\n')).toBeLessThanOrEqual(12);
    expect(
      basket.reduce((a, b) => a + b, 0),
      callsInto(shop, 'server/src/upstream/commerce/baskets.ts').join('\n'),
    ).toBeLessThanOrEqual(3);
  });
});
