/**
 * Error reporting is off without SENTRY_DSN (issue 15): a server error sends nothing, GET /api/site
 * names no DSN, and the tunnel refuses every envelope. A file of its own: the Sentry SDK is
 * process-wide, and the file with a DSN (error-reporting.test.ts) starts it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../../mocks/sandbox/src/app.ts';
import { buildSandbox } from '../../../mocks/sandbox/src/sandbox.ts';
import { sandboxDsn } from '../../../mocks/sandbox/src/upstreams/sentry/index.ts';
import { loadConfig } from '../config.ts';
import type { ProxyServer } from '../server.ts';
import { configProblems, startTestServer, testConfig } from '../test-helpers.ts';
import { expectConforms } from '../testing/conformance.ts';

let sandbox: Sandbox;
let server: ProxyServer;
let proxy: (path: string) => string;
let root: string;

beforeAll(async () => {
  sandbox = buildSandbox();
  root = `http://localhost:${await sandbox.start(0)}`;
  ({ server, url: proxy } = await startTestServer(testConfig({ SANDBOX_URL: root })));
});
afterAll(async () => {
  await server?.stop();
  await sandbox?.stop();
});

const envelopeCount = async (): Promise<number> =>
  ((await (await fetch(`${root}/sentry/__sandbox/envelopes`)).json()) as { envelopes: unknown[] }).envelopes.length;

describe('without SENTRY_DSN', () => {
  it('when the configuration loads, then error reporting is off', () => {
    expect(loadConfig({}).errorReporting).toBeUndefined();
    expect(loadConfig({ SENTRY_DSN: '  ' }).errorReporting).toBeUndefined();
  });

  it('when the proxy answers 5xx, then nothing reaches the sandbox', async () => {
    await fetch(`${root}/__sandbox/faults/vehicles`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ status: 500 }),
    });
    const res = await fetch(proxy('/api/vehicles/lookup?carvin=ZAAAA1000AA000001'));
    expect(res.status).toBeGreaterThanOrEqual(500);
    // Long enough for a report to arrive (the file with a DSN sees one in well under a second).
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await envelopeCount()).toBe(0);
  });

  it('when the site configuration is read, then it names no DSN', async () => {
    const res = await fetch(proxy('/api/site?site=aurora&locale=en-GB'));
    const body = (await res.json()) as Record<string, unknown>;
    expectConforms('getSiteConfig', res, body);
    expect(body).not.toHaveProperty('errorReporting');
  });

  it('when an envelope is posted to the tunnel, then 404 error-reporting-off and nothing is forwarded', async () => {
    const envelope = `${JSON.stringify({ dsn: sandboxDsn(root) })}\n{"type":"event"}\n{"message":"x"}`;
    const res = await fetch(proxy('/api/monitoring'), {
      method: 'POST',
      headers: { 'content-type': 'application/x-sentry-envelope' },
      body: envelope,
    });
    const problem = (await res.json()) as { type: string };
    expect(res.status).toBe(404);
    expectConforms('sendMonitoringEnvelope', res, problem);
    expect(problem.type).toBe('https://shop.example/problems/error-reporting-off');
    expect(await envelopeCount()).toBe(0);
  });
});

describe('SENTRY_DSN, SENTRY_RELEASE and SENTRY_ENVIRONMENT', () => {
  it("when only a DSN is given, then the release is the package's and the environment the upstream mode", () => {
    const settings = loadConfig({ SENTRY_DSN: 'https://abc123@o1.ingest.sentry.io/4506' }).errorReporting;
    expect(settings).toEqual({
      dsn: {
        value: 'https://abc123@o1.ingest.sentry.io/4506',
        publicKey: 'abc123',
        projectId: '4506',
        envelopeUrl: 'https://o1.ingest.sentry.io/api/4506/envelope/',
      },
      release: expect.stringMatching(/^vehicle-services-shop@\d+\.\d+\.\d+/),
      environment: 'sandbox',
    });
  });

  it("when the DSN has a path, then the envelope URL keeps it before /api (the sandbox's DSN)", () => {
    const settings = loadConfig({
      SENTRY_DSN: 'http://sandboxpublickey@localhost:4010/sentry/1',
      SENTRY_RELEASE: 'shop@2026.11.1',
      SENTRY_ENVIRONMENT: 'staging',
    }).errorReporting;
    expect(settings?.dsn.envelopeUrl).toBe('http://localhost:4010/sentry/api/1/envelope/');
    expect(settings?.release).toBe('shop@2026.11.1');
    expect(settings?.environment).toBe('staging');
  });

  it.each([
    ['no public key', 'https://o1.ingest.sentry.io/4506'],
    ['a project that is not a number', 'https://abc123@o1.ingest.sentry.io/shop'],
    ['no project', 'https://abc123@o1.ingest.sentry.io/'],
    ['another scheme', 'ftp://abc123@o1.ingest.sentry.io/4506'],
    ['a public key Sentry cannot read', 'https://abc-123@o1.ingest.sentry.io/4506'],
    ['not a URL', 'abc123'],
  ])('when the DSN has %s, then the configuration is refused and names SENTRY_DSN', (_what, value) => {
    expect(configProblems({ SENTRY_DSN: value })).toEqual([
      'SENTRY_DSN: not a Sentry DSN (http(s)://<public key>@<host>[/<path>]/<project id>)',
    ]);
  });
});
