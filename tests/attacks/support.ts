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
  /**
   * Runs one attack: counted as tried, and as refused when its checks pass. It names no check, so it
   * never counts as having reached one (`atNamedCheck` in the report): an earlier rule may be what
   * refused it.
   */
  attack<T>(name: string, run: () => Promise<T>): Promise<T>;
  /**
   * Runs one attack aimed at the check it names (issue 30): `run` must prove that the refusal came
   * from that check by calling `reached(evidence)` (the check's own answer, or what the upstream
   * answered behind it). Only then is it counted refused, and at its check; an attack that passes
   * without that proof fails, so one refused earlier by another rule is never counted.
   */
  attackAt<T>(name: string, check: string, run: (reached: (evidence: string) => void) => Promise<T>): Promise<T>;
}

/** One family's line of reports/attacks.json. */
export interface FamilyCount {
  tried: number;
  refused: number;
  /** Refused attacks that proved they reached the check they name (attackAt). */
  atNamedCheck: number;
  /** The same, per check. */
  checks: Record<string, number>;
}

/**
 * A family's ledger: at the end of the file it prints "attacks <family>: N tried, N refused, N at the
 * check they name" and the totals of every family recorded in reports/attacks.json (each file writes
 * its own family).
 */
export function ledger(family: string): Ledger {
  const count: FamilyCount = { tried: 0, refused: 0, atNamedCheck: 0, checks: {} };
  afterAll(() => {
    let all: Record<string, Partial<FamilyCount>> = {};
    try {
      all = JSON.parse(readFileSync(REPORT, 'utf8')) as typeof all;
    } catch {
      // No report yet: this family starts it.
    }
    all[family] = count;
    mkdirSync(path.dirname(REPORT), { recursive: true });
    writeFileSync(REPORT, `${JSON.stringify(all, null, 2)}\n`);
    const total = Object.values(all).reduce<Omit<FamilyCount, 'checks'>>(
      (sum, f) => ({
        tried: sum.tried + (f.tried ?? 0),
        refused: sum.refused + (f.refused ?? 0),
        atNamedCheck: sum.atNamedCheck + (f.atNamedCheck ?? 0),
      }),
      { tried: 0, refused: 0, atNamedCheck: 0 },
    );
    const checks = Object.entries(count.checks)
      .map(([check, n]) => `${check}: ${n}`)
      .join('; ');
    console.log(
      `attacks ${family}: ${count.tried} tried, ${count.refused} refused, ${count.atNamedCheck} of them at the ` +
        `check they name${checks ? ` (${checks})` : ''}; all families in reports/attacks.json: ` +
        `${total.tried} tried, ${total.refused} refused, ${total.atNamedCheck} at the check they name`,
    );
  });
  const notRefused = (name: string, error: unknown) => {
    if (error instanceof Error) error.message = `attack "${name}" was not refused: ${error.message}`;
    return error;
  };
  return {
    async attack(name, run) {
      count.tried += 1;
      try {
        const result = await run();
        count.refused += 1;
        return result;
      } catch (error) {
        throw notRefused(name, error);
      }
    },
    async attackAt(name, check, run) {
      count.tried += 1;
      const evidence: string[] = [];
      let result: Awaited<ReturnType<typeof run>>;
      try {
        result = await run((proof) => evidence.push(proof));
      } catch (error) {
        throw notRefused(name, error);
      }
      if (evidence.length === 0) {
        throw new Error(`attack "${name}" was refused, but it never showed that it reached its check (${check})`);
      }
      count.refused += 1;
      count.atNamedCheck += 1;
      count.checks[check] = (count.checks[check] ?? 0) + 1;
      return result;
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
