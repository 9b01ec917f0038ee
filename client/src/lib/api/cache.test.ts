/**
 * The client's data layer holds together (issue 11): every proxy call the client makes sits in the
 * file of its operation (`features/<feature>/api/<operation>.ts` or `lib/api/<operation>.ts`,
 * kebab-case of the operationId), every file in an api folder is such a file, every read cached
 * under an SWR key is keyed by its operationId, and every mutation has a row in the cache table.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { ScopedMutator } from 'swr';
import { describe, expect, it, vi } from 'vitest';
import { operations, type OperationId } from '../../../../generated/proxy/operations.ts';
import { applyCacheRow, CACHED_READS, cacheTable, type Answer } from './cache.ts';

const SRC = path.resolve(process.cwd(), 'client/src');
/** The proxy client itself reads the session for its CSRF token; it is no operation's file. */
const CLIENT_FILE = 'lib/api/client.ts';
const LAYER_FILES = new Set([
  CLIENT_FILE,
  'lib/api/cache.ts',
  'lib/api/mutation.ts',
  'lib/api/read-hold.ts',
  'lib/api/server-data.ts',
]);

const kebab = (operationId: string) => operationId.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const files = sources(SRC).map((full) => ({
  file: path.relative(SRC, full).split(path.sep).join('/'),
  text: readFileSync(full, 'utf8'),
}));

/** Every call on the proxy client: `api.GET('/path'` and the like. */
const calls = files.flatMap(({ file, text }) =>
  [...text.matchAll(/\bapi\.(GET|POST|PUT|PATCH|DELETE)\(\s*'([^']+)'/g)].map(([, method, template]) => {
    const operation = (Object.keys(operations) as OperationId[]).find(
      (id) => operations[id].method === method!.toLowerCase() && operations[id].path === template,
    );
    return { file, call: `${method} ${template}`, operation };
  }),
);
const called = new Set(calls.flatMap(({ operation }) => (operation ? [operation] : [])));
const apiFiles = files.filter(({ file }) => /(^|\/)api\/[^/]+$/.test(file) && !LAYER_FILES.has(file));
const operationOf = (file: string) =>
  (Object.keys(operations) as OperationId[]).find((id) => file.endsWith(`/api/${kebab(id)}.ts`));

describe('one file per operation', () => {
  it('when the client calls the proxy, then each call is an operation of proxy.yaml', () => {
    expect(calls.length).toBeGreaterThan(0);
    expect(calls.filter(({ operation }) => !operation).map(({ file, call }) => `${file}: ${call}`)).toEqual([]);
  });

  it("when an operation is called, then the call sits in that operation's api file", () => {
    const outside = calls.filter(
      ({ file, operation }) => operation && file !== CLIENT_FILE && !file.endsWith(`/api/${kebab(operation)}.ts`),
    );
    expect(outside.map(({ file, call }) => `${file}: ${call}`)).toEqual([]);
  });

  it('when a file is in an api folder, then it is named after an operation and calls it', () => {
    const stray = apiFiles.filter(({ file, text }) => {
      const operation = operationOf(file);
      if (!operation) return true;
      const { method, path: template } = operations[operation];
      return !text.includes(`api.${method.toUpperCase()}('${template}'`);
    });
    expect(stray.map(({ file }) => file)).toEqual([]);
  });

  it('when an api file keeps answers under an SWR key, then the key starts with its operationId and the cache table knows the read', () => {
    const keyed = apiFiles.filter(({ text }) => /\buseSWR\(/.test(text));
    const wrongKeys = keyed.filter(({ file, text }) => !text.includes(`['${operationOf(file)}'`));
    expect(wrongKeys.map(({ file }) => file)).toEqual([]);
    expect(keyed.map(({ file }) => operationOf(file)).sort()).toEqual([...CACHED_READS].sort());
  });
});

describe('the cache table', () => {
  it('when the client calls a mutation (not a GET), then the cache table has its row, and has no other rows', () => {
    const mutations = [...called].filter((id) => operations[id].method !== 'get').sort();
    expect(Object.keys(cacheTable).sort()).toEqual(mutations);
  });

  /** Runs a row against a cache of the given keys and answers, recording what was asked again. */
  async function apply(operation: keyof typeof cacheTable, answer: unknown, cached: Array<[unknown[], unknown]>) {
    const data = new Map(cached.map(([key, value]) => [JSON.stringify(key), value]));
    const asked: string[] = [];
    const mutate = vi.fn(async (filter: (key: unknown) => boolean, update?: unknown, options?: unknown) => {
      for (const [key] of cached) {
        if (!filter(key)) continue;
        if (typeof update === 'function') data.set(JSON.stringify(key), update(data.get(JSON.stringify(key))));
        else asked.push(String(key[0]) + (options ? ' (reset)' : ''));
      }
    });
    await applyCacheRow(mutate as unknown as ScopedMutator, operation, answer as Answer<typeof operation>);
    return { asked, data: (key: unknown[]) => data.get(JSON.stringify(key)) };
  }

  const renewalKey = ['getRenewalPage', 'cn-connected-navigation', { locale: 'en-GB' }];
  const cache: Array<[unknown[], unknown]> = [
    [['getSession', 'en-GB'], { basketItemCount: 0 }],
    [renewalKey, { product: { id: 'cn-connected-navigation' }, basketItem: null }],
    [['getCheckoutState'], { step: 1 }],
    [['getContentAsset', 'Footer_Links', 'en-GB'], { c_body: '' }],
  ];

  it('when an item is renewed, then the renewal page holds the new basket item and the session is asked again', async () => {
    const basket = { items: [{ itemId: 'i1', productId: 'cn-24m', masterProductId: 'cn-connected-navigation' }] };
    const { asked, data } = await apply('renewItem', basket, cache);
    expect(data(renewalKey)).toMatchObject({ basketItem: { itemId: 'i1', variantId: 'cn-24m' } });
    expect(asked.sort()).toEqual(['getCheckoutState', 'getSession']);
  });

  it('when an order is placed, then the checkout is empty without asking; sent to 3-D Secure, nothing changes', async () => {
    const placed = await apply('placeOrder', { outcome: 'orderPlaced', orderNo: '1', status: 'new' }, cache);
    expect(placed.data(['getCheckoutState'])).toBeNull();
    expect(placed.asked).toEqual(['getSession']);
    const redirected = await apply('placeOrder', { outcome: 'actionRequired', redirectUrl: '/3ds' }, cache);
    expect(redirected.data(['getCheckoutState'])).toEqual({ step: 1 });
    expect(redirected.asked).toEqual([]);
    const failed = await apply('placeOrder', undefined, cache);
    expect(failed.asked.sort()).toEqual(['getCheckoutState', 'getSession']);
  });

  it('when a shopper logs in, then every shopper-specific answer is dropped and asked again, content is kept', async () => {
    const { asked } = await apply('completeLogin', { redirectTo: '/' }, cache);
    expect(asked.sort()).toEqual(['getCheckoutState (reset)', 'getRenewalPage (reset)', 'getSession (reset)']);
  });
});
