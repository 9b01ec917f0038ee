/**
 * Header and log injection (issue 17): CR/LF, raw and percent-encoded, in every header and parameter
 * the proxy logs or echoes (X-Request-Id, traceparent, query parameters, path segments, the session
 * cookie, the form redirects that carry the query back). No injected header appears in an answer and
 * no forged line appears in the logs, JSON (production) or pretty (a terminal); the logs are
 * captured as server/src/logger.test.ts does.
 */
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../mocks/sandbox/src/app.ts';
import { buildSandbox } from '../../mocks/sandbox/src/sandbox.ts';
import { createLogger, type LogFormat } from '../../server/src/logger.ts';
import { createServer, type ProxyServer } from '../../server/src/server.ts';
import { testConfig } from '../../server/src/test-helpers.ts';
import { ledger, raw } from './support.ts';

const attacks = ledger('injection');
const MARK = 'FORGED-LOG-LINE';
const CRLF = '%0d%0a';
const INJECTED = `${CRLF}X-Injected:%20yes${CRLF}Set-Cookie:%20evil=1${CRLF}${MARK}%20level=50`;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

interface Stack {
  server: ProxyServer;
  base: string;
  logs: () => string;
}

let sandbox: Sandbox;
const stacks: Record<LogFormat, Stack> = {} as Record<LogFormat, Stack>;

beforeAll(async () => {
  sandbox = buildSandbox();
  const sandboxPort = await sandbox.start(0);
  for (const format of ['json', 'pretty'] as const) {
    const stream = new PassThrough();
    let written = '';
    stream.on('data', (chunk: Buffer) => (written += chunk.toString()));
    const server = createServer(testConfig({ SANDBOX_URL: `http://localhost:${sandboxPort}`, LOG_LEVEL: 'info' }), {
      logger: createLogger('info', format, stream),
      serveClient: false,
    });
    const port = await server.start(0);
    // eslint-disable-next-line no-control-regex -- pino-pretty's colours
    stacks[format] = { server, base: `http://127.0.0.1:${port}`, logs: () => written.replace(/\u001b\[[0-9;]*m/g, '') };
  }
});
afterAll(async () => {
  for (const stack of Object.values(stacks)) await stack.server.stop();
  await sandbox?.stop();
});

/** The answer carries no header the attacker wrote, and nothing that broke the proxy. */
function expectNoInjectedHeader(response: Response): void {
  expect(response.status).toBeLessThan(500);
  expect(response.headers.get('x-injected')).toBeNull();
  expect(response.headers.getSetCookie().some((c) => c.startsWith('evil='))).toBe(false);
  for (const [, value] of response.headers) expect(value).not.toMatch(/[\r\n]/);
}

/** Every captured log line is one whole entry: JSON lines parse, pretty lines never start with the attacker's text. */
function expectNoForgedLine(format: LogFormat): void {
  const lines = stacks[format].logs().split('\n').filter(Boolean);
  expect(lines.length).toBeGreaterThan(0);
  for (const line of lines) {
    if (format === 'json') expect(() => JSON.parse(line), line).not.toThrow();
    expect(line.trimStart().startsWith(MARK), line).toBe(false);
    expect(line.trimStart().startsWith('X-Injected'), line).toBe(false);
  }
}

const ENCODED_REQUESTS: Array<[string, string, Record<string, string>]> = [
  // "forged" has letters no generated id has (a UUID is hex: "abc" appeared in one by chance, 2026-11-29).
  ['x-request-id', '/api/session', { 'x-request-id': `forged${INJECTED}` }],
  ['traceparent', '/api/session', { traceparent: `00-${'a'.repeat(32)}-${'b'.repeat(16)}-01${INJECTED}` }],
  ['a query parameter', `/api/vehicles/lookup?carvin=ZAAAA1000AA000001${INJECTED}`, {}],
  ['a query parameter name', `/api/session?locale${INJECTED}=en-GB`, {}],
  ['a path segment', `/api/renewal/cn-connected-navigation${INJECTED}?carvin=ZAAAA1000AA000001`, {}],
  ['an unknown path', `/api/nothing-here${INJECTED}`, {}],
  ['a content asset id', `/api/content/faq${INJECTED}`, {}],
  ['the session cookie', '/api/session', { cookie: `shop_session=abc${INJECTED}` }],
  ['the locale of translations', `/api/translations/en-GB${INJECTED}`, {}],
];

describe.each(['json', 'pretty'] as const)('with %s logs', (format) => {
  it.each(ENCODED_REQUESTS)(
    'when %s carries an encoded CR/LF, then no injected header and no forged log line',
    async (what, path, headers) => {
      await attacks.attack(`${format}: encoded CR/LF in ${what}`, async () => {
        const res = await fetch(`${stacks[format].base}${path}`, { headers, redirect: 'manual' });
        expectNoInjectedHeader(res);
        // A request id the attacker wrote is not echoed: the proxy made its own.
        if (what === 'x-request-id') expect(res.headers.get('x-request-id')).not.toContain('forged');
        await res.arrayBuffer();
        expectNoForgedLine(format);
      });
    },
  );

  it.each([
    ['the renew form', '/en-GB/service/cn-connected-navigation', 'variantId=x&csrfToken=y'],
    ['the checkout e-mail form', '/en-GB/checkout', 'email=a%40b.example&csrfToken=y'],
    ['a payment return', '/en-GB/payment-confirmation', 'redirectResult=abc%0d%0aX-Injected:%20yes'],
  ])(
    'when %s is posted with CR/LF in its query, then its Location carries it encoded or not at all',
    async (what, path, body) => {
      await attacks.attack(`${format}: CR/LF echoed by ${what}`, async () => {
        const res = await fetch(`${stacks[format].base}${path}?x=${INJECTED}`, {
          method: 'POST',
          redirect: 'manual',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body,
        });
        expect(res.status).toBe(303);
        expectNoInjectedHeader(res);
        // Where the redirect keeps the query, the CR/LF stays percent-encoded.
        const location = res.headers.get('location')!;
        if (location.includes('X-Injected')) expect(location).toMatch(/%0[dD]%0[aA]/);
        expectNoForgedLine(format);
      });
    },
  );

  it.each([
    ['x-request-id', `GET /api/session HTTP/1.1\r\nHost: x\r\nX-Request-Id: abc\r\nX-Injected: yes\r\n${MARK}\r\n\r\n`],
    [
      'a header value with a bare CR',
      `GET /api/session HTTP/1.1\r\nHost: x\r\nX-Request-Id: abc\rX-Injected: yes\r\n\r\n`,
    ],
    ['the request line', `GET /api/session\r\nX-Injected: yes HTTP/1.1\r\nHost: x\r\n\r\n`],
    ['a cookie', `GET /api/session HTTP/1.1\r\nHost: x\r\nCookie: shop_session=a\rSet-Cookie: evil=1\r\n\r\n`],
  ])(
    'when %s carries a raw CR/LF, then the request is refused or read whole, with no injected header or log line',
    async (what, request) => {
      await attacks.attack(`${format}: raw CR/LF in ${what}`, async () => {
        const head = (await raw(stacks[format].base, request)).split('\r\n\r\n')[0]!;
        const [status, ...headers] = head.split('\r\n');
        expect(status).toMatch(/^HTTP\/1\.1 [234]\d\d/);
        expect(headers.some((h) => /^x-injected:/i.test(h))).toBe(false);
        expect(headers.some((h) => /^set-cookie: evil=/i.test(h))).toBe(false);
        // The attacker's id ("abc") is never taken: an answered request carries an id of the proxy's
        // own, a random UUID (which holds "abc" by chance in about one answer in 150: matching /abc/
        // failed a fresh-clone run on such a UUID).
        const requestId = headers.find((h) => /^x-request-id:/i.test(h))?.replace(/^x-request-id:\s*/i, '');
        if (requestId !== undefined) expect(requestId).toMatch(UUID);
        expectNoForgedLine(format);
      });
    },
  );
});
