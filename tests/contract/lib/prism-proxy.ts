/**
 * `prism proxy <contract> <url> --errors` with a recorder in front (issue 15, `make verify-upstream`):
 * every call the shop makes to one upstream goes through Prism to the service under test, and each
 * answer that Prism found in breach of the contract (the request or the service's response) is
 * recorded with the call that caused it. With --errors Prism answers a breach with its own problem
 * (https://stoplight.io/prism/errors#…, a `validation` list); it names the breaches of an answer it
 * lets through in the `sl-violations` header.
 *
 * Two kinds of call go around Prism, straight to the service:
 * - an operation that answers with a redirect (the shopper login's authorize): Prism's proxy follows
 *   redirects and has no way not to (stoplightio/prism#1977), so the recorder itself checks that the
 *   status is one the contract declares for it;
 * - the sandbox's own controls (`/__…`), which stand in for the browser's Stripe.js and Adyen's
 *   secured fields: no contract call, not counted.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { HTTP_METHODS, loadContract, ROOT, contractPath, type Upstream } from './openapi.ts';

const PRISM = resolve(ROOT, 'node_modules/.bin/prism');

export interface Violation {
  /** The call as the shop made it: method and path (query included). */
  call: string;
  /** What Prism answered instead, or the service's status when Prism let the answer through. */
  status: number;
  /** Prism's findings: where (request or response, and the field) and what. */
  findings: string[];
}

export interface PrismProxy {
  /** The base URL the shop calls instead of the service. */
  url: string;
  violations: Violation[];
  /** Every call that went through, for the report. */
  calls: string[];
  stop: () => Promise<void>;
}

interface PrismFinding {
  location?: string[];
  severity?: string;
  message?: string;
}

const describe = (findings: PrismFinding[]) =>
  findings
    .filter((f) => (f.severity ?? 'Error') === 'Error')
    .map((f) => `${(f.location ?? []).join('.')}: ${f.message ?? 'violation'}`);

function startPrism(name: Upstream, target: string, port: number): Promise<ChildProcess> {
  const child = spawn(PRISM, ['proxy', contractPath(name), target, '--errors', '-p', String(port), '-h', '127.0.0.1'], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, FORCE_COLOR: '0' },
  });
  return new Promise((done, fail) => {
    let output = '';
    const timer = setTimeout(() => fail(new Error(`prism proxy did not start for ${name}: ${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (/Prism is listening/i.test(output)) {
        clearTimeout(timer);
        done(child);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => fail(new Error(`prism proxy exited (${code}): ${output}`)));
  });
}

/** The contract's operations that answer with a redirect: method, path pattern and declared statuses. */
export function redirectOperations(name: Upstream): Array<{ method: string; path: RegExp; statuses: string[] }> {
  const doc = loadContract(name);
  const found: Array<{ method: string; path: RegExp; statuses: string[] }> = [];
  for (const [template, item] of Object.entries<Record<string, { responses?: Record<string, unknown> }>>(doc.paths)) {
    for (const method of HTTP_METHODS) {
      const statuses = Object.keys(item[method]?.responses ?? {});
      if (!statuses.some((status) => /^3\d\d$/.test(status))) continue;
      const pattern = template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]+\\?\}/g, '[^/]+');
      found.push({ method: method.toUpperCase(), path: new RegExp(`^${pattern}(?:\\?|$)`), statuses });
    }
  }
  return found;
}

const listen = (server: Server): Promise<number> =>
  new Promise((done) => server.listen(0, '127.0.0.1', () => done((server.address() as AddressInfo).port)));

const freePort = async (): Promise<number> => {
  const probe = createServer();
  const port = await listen(probe);
  await new Promise((done) => probe.close(done));
  return port;
};

/** Starts Prism's proxy of `name` towards `target` and the recorder in front of it. */
export async function startPrismProxy(name: Upstream, target: string): Promise<PrismProxy> {
  const prismPort = await freePort();
  const prism = await startPrism(name, target.replace(/\/$/, ''), prismPort);
  const violations: Violation[] = [];
  const calls: string[] = [];
  const redirects = redirectOperations(name);
  const service = new URL(target.replace(/\/$/, ''));
  const recorder = createServer((req, res) => {
    const call = `${req.method} ${req.url}`;
    const control = (req.url ?? '').startsWith('/__');
    const redirect = redirects.find((op) => op.method === req.method && op.path.test(req.url ?? ''));
    if (!control) calls.push(call);
    const direct = control || redirect !== undefined;
    const upstream = httpRequest(
      direct
        ? {
            host: service.hostname,
            port: service.port,
            method: req.method,
            path: `${service.pathname.replace(/\/$/, '')}${req.url}`,
            headers: { ...req.headers, host: service.host },
          }
        : { host: '127.0.0.1', port: prismPort, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => {
          const body = Buffer.concat(chunks);
          const header = answer.headers['sl-violations'];
          let findings: string[] = [];
          if (redirect && !redirect.statuses.includes(String(answer.statusCode))) {
            findings.push(`response: status ${answer.statusCode} is not one of ${redirect.statuses.join(', ')}`);
          }
          if (typeof header === 'string') findings = describe(JSON.parse(header) as PrismFinding[]);
          if (/json/.test(String(answer.headers['content-type'] ?? ''))) {
            try {
              const problem = JSON.parse(body.toString()) as {
                type?: string;
                validation?: PrismFinding[];
                detail?: string;
              };
              if (problem.type?.startsWith('https://stoplight.io/prism/errors')) {
                findings = [
                  ...findings,
                  ...(problem.validation ? describe(problem.validation) : [problem.detail ?? problem.type]),
                ];
              }
            } catch {
              // not JSON after all: the service's own answer
            }
          }
          // Prism names a breach in its problem and again in the header: each once.
          if (findings.length > 0)
            violations.push({ call, status: answer.statusCode ?? 0, findings: [...new Set(findings)] });
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          res.end(body);
        });
      },
    );
    upstream.on('error', (error) => {
      violations.push({ call, status: 502, findings: [`prism proxy unreachable: ${error.message}`] });
      res.writeHead(502).end();
    });
    req.pipe(upstream);
  });
  const port = await listen(recorder);
  return {
    url: `http://127.0.0.1:${port}`,
    violations,
    calls,
    stop: async () => {
      await new Promise((done) => recorder.close(done));
      prism.kill('SIGTERM');
    },
  };
}

/** The violations as a person reads them: one block per call. */
export function report(name: string, proxy: Pick<PrismProxy, 'violations' | 'calls'>): string {
  if (proxy.violations.length === 0) return `${name}: ${proxy.calls.length} calls, no contract violation`;
  return [
    `${name}: ${proxy.violations.length} of ${proxy.calls.length} calls break openapi/upstream/${name}.yaml`,
    ...proxy.violations.map((v) => `  ${v.call} → ${v.status}\n${v.findings.map((f) => `      ${f}`).join('\n')}`),
  ].join('\n');
}
