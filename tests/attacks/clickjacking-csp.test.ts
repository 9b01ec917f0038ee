/**
 * Clickjacking and the CSP refusing an injected inline script (issue 17; server/src/security.ts):
 * every answer, pages and API, says `frame-ancestors 'none'` (and X-Frame-Options, where set, does
 * not allow other sites); a server-rendered page's CSP allows no 'unsafe-inline' or 'unsafe-eval'
 * script, and every inline script of the rendered HTML carries that answer's nonce, so a script an
 * attacker gets into the page (a hostile query is tried) does not run. The pages need the built
 * client (dist/client, dist/server: `make test` builds them first).
 */
import { existsSync } from 'node:fs';
import { pino } from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../mocks/sandbox/src/app.ts';
import { buildSandbox } from '../../mocks/sandbox/src/sandbox.ts';
import { SERVER_ENTRY } from '../../server/src/render/pages.ts';
import { createServer, type ProxyServer } from '../../server/src/server.ts';
import { testConfig } from '../../server/src/test-helpers.ts';
import { ledger } from './support.ts';
import { skipWithout } from '../../server/src/testing/suite-prerequisite.ts';

const built = !skipWithout(existsSync(SERVER_ENTRY), 'the built client (dist/server): `make build` makes it');
const attacks = ledger('clickjacking-csp');
/** Script types a browser runs (HTML §4.12.1: a classic script, a module, an import map). */
const EXECUTABLE_TYPES = new Set([
  'text/javascript',
  'application/javascript',
  'module',
  'importmap',
  'speculationrules',
]);
const INJECTED = '"><script>alert(1)</script><img src=x onerror=alert(2)>';

let sandbox: Sandbox;
let server: ProxyServer;
let base = '';
beforeAll(async () => {
  sandbox = buildSandbox();
  const port = await sandbox.start(0);
  server = createServer(testConfig({ SANDBOX_URL: `http://localhost:${port}` }), { logger: pino({ level: 'silent' }) });
  base = `http://127.0.0.1:${await server.start(0)}`;
});
afterAll(async () => {
  await server?.stop();
  await sandbox?.stop();
});
beforeEach(async () => {
  await fetch(`${sandbox.context.baseUrl()}/__sandbox/reset`, { method: 'POST' });
});

/** The CSP's directives by name. */
function directives(response: Response): Map<string, string[]> {
  const header = response.headers.get('content-security-policy') ?? '';
  return new Map(
    header
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...values]) => [name!.toLowerCase(), values]),
  );
}

function expectNoFraming(response: Response): void {
  expect(directives(response).get('frame-ancestors')).toEqual(["'none'"]);
  const xfo = response.headers.get('x-frame-options');
  if (xfo !== null) expect(xfo.toUpperCase()).toMatch(/^(DENY|SAMEORIGIN)$/);
}

const PAGES = [
  '/en-GB/service/cn-connected-navigation?carvin=ZAAAA1000AA000001',
  '/en-GB/checkout',
  '/fr-FR/service/cn-connected-navigation?carvin=ZAAAA1000AA000004',
  '/en-GB/',
  '/en-GB/no-such-page',
  `/en-GB/service/cn-connected-navigation?carvin=${encodeURIComponent(INJECTED)}`,
  `/en-GB/service/${encodeURIComponent(INJECTED)}?carvin=ZAAAA1000AA000001`,
  `/en-GB/checkout?emailError=${encodeURIComponent(INJECTED)}`,
  `/en-GB/service/cn-connected-navigation?carvin=ZAAAA1000AA000001&planError=${encodeURIComponent(INJECTED)}`,
];

describe('framing', () => {
  it.each(['/api/session', '/api/healthz', '/api/no-such-operation'])(
    'when %s is framed by another site, then the answer forbids it',
    async (path) => {
      await attacks.attack(`framing ${path}`, async () => expectNoFraming(await fetch(`${base}${path}`)));
    },
  );
});

describe.skipIf(!built)('server-rendered pages', () => {
  it.each(PAGES)(
    'when %s is rendered, then it cannot be framed and runs only the scripts carrying its nonce',
    async (path) => {
      await attacks.attack(`page ${path}`, async () => {
        const res = await fetch(`${base}${path}`, { headers: { accept: 'text/html' }, redirect: 'manual' });
        expectNoFraming(res);
        if (res.status >= 300 && res.status < 400) return;
        const html = await res.text();
        const scriptSrc = directives(res).get('script-src') ?? directives(res).get('default-src') ?? [];
        expect(scriptSrc).not.toContain("'unsafe-inline'");
        expect(scriptSrc).not.toContain("'unsafe-eval'");
        expect(directives(res).get('script-src-attr')).toEqual(["'none'"]);
        const nonce = scriptSrc.find((v) => v.startsWith("'nonce-"))?.slice(7, -1);
        expect(nonce).toBeTruthy();
        const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
        expect(scripts.length).toBeGreaterThan(0);
        for (const [, attributes, body] of scripts) {
          // A data block (type="application/json", the page's data) is never run; every other inline script needs the nonce.
          const type = /\btype\s*=\s*"([^"]*)"/i.exec(attributes!)?.[1]?.toLowerCase();
          const runs = type === undefined || EXECUTABLE_TYPES.has(type);
          const inline = !/\bsrc\s*=/.test(attributes!) && body!.trim() !== '';
          if (inline && runs) expect(attributes, body!.slice(0, 80)).toContain(`nonce="${nonce}"`);
        }
        // Every <script opening was looked at (none left unclosed outside the matches).
        expect((html.match(/<script\b/gi) ?? []).length).toBe(scripts.length);
        // The hostile query is text in the page, never markup (in the page's data its '<' is \u003c).
        expect(html).not.toContain('<script>alert(1)</script>');
        expect(html).not.toMatch(/<img src=x onerror/i);
      });
    },
  );

  it('when two answers are rendered, then their nonces differ (a nonce cannot be learnt and reused)', async () => {
    const nonceOf = async () => {
      const res = await fetch(`${base}/en-GB/checkout`, { headers: { accept: 'text/html' } });
      await res.text();
      return directives(res)
        .get('script-src')!
        .find((v) => v.startsWith("'nonce-"));
    };
    await attacks.attack('nonce reuse', async () => expect(await nonceOf()).not.toBe(await nonceOf()));
  });
});
