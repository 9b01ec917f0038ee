// Prism serves every named example of every upstream contract: for each operation, response
// status and named example, a request that satisfies the contract with
// `Prefer: code=<status>, example=<name>` gets that status and (for JSON) exactly that body.
import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import {
  CONTRACT_FILES,
  UPSTREAMS,
  contractExists,
  deref,
  isJsonMedia,
  loadContract,
  operations,
  type Json,
} from './lib/openapi.ts';
import { prismBase, prismOutput } from './lib/prism.ts';
import { buildRequest } from './lib/requests.ts';
import { ContractValidator } from './lib/schema.ts';

const CONCURRENCY = 8;

interface Case {
  label: string;
  status: number;
  media?: string;
  exampleName?: string;
  expected?: Json;
  hasExpected: boolean;
}

function casesOf(doc: Json): { op: ReturnType<typeof operations>[number]; cases: Case[] }[] {
  return operations(doc).map((op) => {
    const cases: Case[] = [];
    for (const [status, raw] of Object.entries<Json>(op.operation.responses ?? {})) {
      if (!/^\d{3}$/.test(status)) continue;
      const response = deref(doc, raw);
      const content = Object.entries<Json>(response?.content ?? {});
      const label = `${op.operation.operationId ?? op.label} ${status}`;
      if (content.length === 0) {
        cases.push({ label, status: Number(status), hasExpected: false });
        continue;
      }
      for (const [media, mediaObject] of content) {
        const named = Object.entries<Json>(mediaObject?.examples ?? {});
        if (named.length === 0) {
          cases.push({
            label: `${label} ${media}`,
            status: Number(status),
            media,
            hasExpected: 'example' in (mediaObject ?? {}),
            expected: mediaObject?.example,
          });
        }
        for (const [name, rawExample] of named) {
          const example = deref(doc, rawExample);
          cases.push({
            label: `${label} ${media} example=${name}`,
            status: Number(status),
            media,
            exampleName: name,
            expected: example?.value,
            hasExpected: example !== undefined && 'value' in example,
          });
        }
      }
    }
    return { op, cases };
  });
}

async function pool<T>(items: T[], limit: number, run: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) await run(items[next++]!);
  });
  await Promise.all(workers);
}

describe('Prism serves the upstream contracts', () => {
  it.each(UPSTREAMS)(
    'when Prism mocks %s, then every named example is served with its status and body',
    async (upstream) => {
      const file = CONTRACT_FILES[upstream];
      expect(contractExists(upstream), `${file} does not exist yet`).toBe(true);
      // The contract project's Prism mock of this upstream (lib/prism-fleet.ts).
      const base = prismBase(upstream);
      const doc = loadContract(upstream);
      const validator = new ContractValidator(doc);
      const failures: string[] = [];
      const jobs: { request: ReturnType<typeof buildRequest>; c: Case }[] = [];
      for (const { op, cases } of casesOf(doc)) {
        let request;
        try {
          request = buildRequest(doc, validator, op);
        } catch (error) {
          failures.push(`${op.operation.operationId ?? op.label}: cannot build a request: ${(error as Error).message}`);
          continue;
        }
        for (const c of cases) jobs.push({ request, c });
      }
      await pool(jobs, CONCURRENCY, async ({ request, c }) => {
        const prefer = [`code=${c.status}`, ...(c.exampleName ? [`example=${c.exampleName}`] : [])].join(', ');
        const headers: Record<string, string> = { ...request.headers, prefer };
        if (c.media) headers.accept = c.media;
        const where = `${c.label} (${request.method} ${request.path})`;
        let response: Response;
        try {
          response = await fetch(`${base}${request.path}`, {
            method: request.method,
            headers,
            body: request.body,
            redirect: 'manual',
            signal: AbortSignal.timeout(15_000),
          });
        } catch (error) {
          failures.push(`${where}: request failed: ${(error as Error).message}`);
          return;
        }
        const text = await response.text();
        if (response.status !== c.status) {
          failures.push(`${where}: status ${response.status}, expected ${c.status}: ${text.slice(0, 400)}`);
          return;
        }
        if (c.media && isJsonMedia(c.media) && c.hasExpected && request.method !== 'HEAD') {
          let body: Json;
          try {
            body = JSON.parse(text);
          } catch {
            failures.push(`${where}: body is not JSON: ${text.slice(0, 200)}`);
            return;
          }
          if (!isDeepStrictEqual(body, c.expected)) {
            failures.push(`${where}: body differs from the example: got ${JSON.stringify(body).slice(0, 300)}`);
          }
        }
      });
      console.info(
        `${file}: ${jobs.length - failures.length} of ${jobs.length} response example(s) served as declared`,
      );
      if (failures.length) {
        const violations = [
          ...new Set(
            prismOutput(upstream)
              .split('\n')
              .filter((l) => /Violation/.test(l))
              .map((l) => l.replace(/^.*?Violation/, 'Violation')),
          ),
        ];
        console.error(
          `${file}: ${failures.length} of ${jobs.length} example(s) not served\n  ${failures.join('\n  ')}` +
            (violations.length ? `\n  Prism request violations:\n    ${violations.slice(0, 30).join('\n    ')}` : ''),
        );
      }
      expect(jobs.length, `${file} has no responses to check`).toBeGreaterThan(0);
      expect(failures).toEqual([]);
    },
    60_000,
  );
});
