import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { operations, type OperationId } from '../../../generated/proxy/operations.ts';
import { createServer } from '../server.ts';
import { testConfig } from '../test-helpers.ts';
import { expressPath, routes } from './route-table.ts';

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

/** method + Express path of every operation in openapi/proxy.yaml, read from the contract itself. */
function contractRoutes(): Map<string, string> {
  const doc = parse(readFileSync(new URL('../../../openapi/proxy.yaml', import.meta.url), 'utf8'));
  const found = new Map<string, string>();
  for (const [path, item] of Object.entries<Record<string, { operationId?: string }>>(doc.paths)) {
    for (const method of METHODS) {
      const op = item[method];
      if (op?.operationId) found.set(op.operationId, `${method.toUpperCase()} ${expressPath(path)}`);
    }
  }
  return found;
}

interface Layer {
  route?: { path: string; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
}

/** Every method + path the Express app really routes under /api (walking the router stacks). */
function expressRoutes(stack: Layer[]): Set<string> {
  const found = new Set<string>();
  for (const layer of stack) {
    if (layer.route) {
      for (const [method, on] of Object.entries(layer.route.methods))
        if (on && method !== '_all') found.add(`${method.toUpperCase()} ${layer.route.path}`);
    } else if (layer.handle?.stack) {
      for (const entry of expressRoutes(layer.handle.stack)) found.add(entry);
    }
  }
  return found;
}

describe('route table', () => {
  it('when the contract is read, then generated/proxy/operations.ts has exactly its operationIds', () => {
    const contract = contractRoutes();
    expect(Object.keys(operations).sort()).toEqual([...contract.keys()].sort());
    expect(Object.keys(routes).sort()).toEqual([...contract.keys()].sort());
  });

  it('when the server is built, then every contract operation is mounted with its method and path', () => {
    const server = createServer(testConfig(), { serveClient: false });
    const mounted = expressRoutes((server.app.router as unknown as { stack: Layer[] }).stack);
    const missing = [...contractRoutes()].filter(([, route]) => !mounted.has(route));
    expect(missing).toEqual([]);
    expect(mounted.size).toBe(contractRoutes().size);
    expect(server.mounted).toHaveLength(Object.keys(operations).length);
  });

  it('when a path has a static segment where another has a parameter, then the static one is mounted first', () => {
    const server = createServer(testConfig(), { serveClient: false });
    const order = server.mounted.map((m) => m.operationId);
    expect(order.indexOf('getInvoiceDocument')).toBeLessThan(order.indexOf('getOrder'));
  });
});

/** `getCheckoutState` -> `get-checkout-state`. */
const kebab = (operationId: string) => operationId.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

describe('one file per operation (issue 11)', () => {
  it('when an operation is implemented, then routes/<tag>/<kebab-operationId>.ts holds it, exported by its operationId', async () => {
    const misplaced: string[] = [];
    for (const [operationId, { tag }] of Object.entries(operations) as Array<[OperationId, { tag: string }]>) {
      const file = new URL(`./${tag}/${kebab(operationId)}.ts`, import.meta.url);
      if (!existsSync(file)) {
        misplaced.push(`${operationId}: no ${tag}/${kebab(operationId)}.ts`);
        continue;
      }
      const module = (await import(file.href)) as Record<string, unknown>;
      if (module[operationId] !== routes[operationId]) misplaced.push(`${operationId}: not the export of its file`);
    }
    expect(misplaced).toEqual([]);
  });

  it("when the route folders are listed, then each file is one operation of the folder's tag", () => {
    const stray: string[] = [];
    const folders = readdirSync(new URL('./', import.meta.url), { withFileTypes: true }).filter((e) => e.isDirectory());
    for (const folder of folders) {
      for (const name of readdirSync(new URL(`./${folder.name}/`, import.meta.url))) {
        if (name.endsWith('.test.ts')) continue;
        const match = Object.entries(operations).find(
          ([id, op]) => op.tag === folder.name && `${kebab(id)}.ts` === name,
        );
        if (!match) stray.push(`${folder.name}/${name}`);
      }
    }
    expect(stray).toEqual([]);
  });
});
