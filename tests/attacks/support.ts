/**
 * The attacks suite's shared parts (issue 17 "Attacks, each a test"): a ledger of the attacks tried
 * and refused per family, printed when a file ends and merged into reports/attacks.json for the
 * closing note; the contract's state-changing operations; requests sent as an attacker would.
 */
import { connect } from 'node:net';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect } from 'vitest';
import { parse } from 'yaml';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const REPORT = path.join(ROOT, 'reports', 'attacks.json');

/** PUBLIC_ORIGIN of the test configuration (config.ts default): the shop's own origin. */
export const SHOP_ORIGIN = 'http://localhost:3000';
export const EVIL = 'https://evil.example';

export interface Ledger {
  /** Runs one attack: counted as tried, and as refused when its checks pass. */
  attack<T>(name: string, run: () => Promise<T>): Promise<T>;
}

/**
 * A family's ledger: at the end of the file it prints "attacks <family>: N tried, N refused" and
 * the totals of every family recorded in reports/attacks.json (each file writes its own family).
 */
export function ledger(family: string): Ledger {
  let tried = 0;
  let refused = 0;
  afterAll(() => {
    let all: Record<string, { tried: number; refused: number }> = {};
    try {
      all = JSON.parse(readFileSync(REPORT, 'utf8')) as typeof all;
    } catch {
      // No report yet: this family starts it.
    }
    all[family] = { tried, refused };
    mkdirSync(path.dirname(REPORT), { recursive: true });
    writeFileSync(REPORT, `${JSON.stringify(all, null, 2)}\n`);
    const total = Object.values(all).reduce(
      (sum, f) => ({ tried: sum.tried + f.tried, refused: sum.refused + f.refused }),
      {
        tried: 0,
        refused: 0,
      },
    );
    console.log(
      `attacks ${family}: ${tried} tried, ${refused} refused; all families in reports/attacks.json: ` +
        `${total.tried} tried, ${total.refused} refused`,
    );
  });
  return {
    async attack(name, run) {
      tried += 1;
      try {
        const result = await run();
        refused += 1;
        return result;
      } catch (error) {
        if (error instanceof Error) error.message = `attack "${name}" was not refused: ${error.message}`;
        throw error;
      }
    },
  };
}

export interface ContractOperation {
  operationId: string;
  method: string;
  /** The path under /api with every path parameter filled in. */
  path: string;
}

/** Every POST, PUT, PATCH and DELETE of openapi/proxy.yaml, read from the contract itself. */
export function stateChangingOperations(): ContractOperation[] {
  const contract = parse(readFileSync(path.join(ROOT, 'openapi/proxy.yaml'), 'utf8')) as {
    paths: Record<string, Record<string, { operationId?: string }>>;
  };
  const found: ContractOperation[] = [];
  for (const [template, item] of Object.entries(contract.paths)) {
    for (const method of ['post', 'put', 'patch', 'delete']) {
      const operation = item[method];
      if (!operation?.operationId) continue;
      const filled = template.replace(/\{[^}]+\}/g, (name) => `${name.slice(1, -1)}-1`);
      found.push({ operationId: operation.operationId, method: method.toUpperCase(), path: `/api${filled}` });
    }
  }
  return found;
}

/** A problem+json answer of `status` (and `type`, when given). */
export async function expectProblem(
  response: Response,
  status: number,
  type?: string,
): Promise<Record<string, unknown>> {
  expect(response.status, `${response.url} answered ${response.status}`).toBe(status);
  expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  const body = (await response.json()) as Record<string, unknown>;
  expect(body.status).toBe(status);
  if (type) expect(body.type).toBe(`https://shop.example/problems/${type}`);
  return body;
}

/**
 * Whether `target` (a Location, a redirectTo, a returnUrl) keeps the browser on the shop: resolved
 * against the shop's origin as a browser resolves it (backslashes, tabs, encodings), it stays there.
 */
export function staysOnShop(target: string, origin = SHOP_ORIGIN): boolean {
  try {
    const url = new URL(target, origin);
    return url.origin === origin;
  } catch {
    return false;
  }
}

/** The hostile return targets of an open redirect (OWASP's unvalidated redirects list). */
export const FOREIGN_TARGETS = [
  'https://evil.example/',
  'http://evil.example',
  '//evil.example',
  '///evil.example',
  '/\\evil.example',
  '\\\\evil.example',
  '/\t/evil.example',
  'https:evil.example',
  '%2F%2Fevil.example',
  '/%2F%2Fevil.example',
  '%2f%5cevil.example',
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'https://localhost:3000@evil.example',
];

/**
 * A raw HTTP/1.1 request, sent byte for byte as no client library would (`..`, CR/LF): the whole
 * answer, once the server closes the connection or has been quiet for a moment after answering.
 */
export function raw(base: string, request: string): Promise<string> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    let answer = '';
    let quiet: NodeJS.Timeout | undefined;
    const socket = connect(Number(port), hostname, () => socket.write(request));
    const done = () => {
      clearTimeout(quiet);
      socket.destroy();
      resolve(answer);
    };
    socket.on('data', (chunk: Buffer) => {
      answer += chunk.toString('latin1');
      clearTimeout(quiet);
      quiet = setTimeout(done, 200);
    });
    socket.on('close', done);
    socket.on('error', reject);
  });
}
