/**
 * Path traversal and encoded paths against static serving (issue 17; server/src/static.ts): `..`,
 * `%2e%2e`, `%2f`, `%5c`, double encoding, overlong UTF-8 and null bytes, sent byte for byte, never
 * reach a file outside the client directory (nor its build metadata, .vite/), and never break the
 * proxy. The client directory sits in a temporary tree whose other files hold a sentinel, as
 * dist/client sits beside the project's package.json and server/.
 */
import express from 'express';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createErrorHandler, notFoundHandler } from '../../server/src/errors.ts';
import { clientApp } from '../../server/src/static.ts';
import { ledger, raw } from './support.ts';

const attacks = ledger('static-traversal');
const SECRET = 'SENTINEL-OUTSIDE-CLIENT';

const root = mkdtempSync(path.join(tmpdir(), 'attacks-static-'));
const client = path.join(root, 'dist', 'client');
mkdirSync(path.join(client, 'assets'), { recursive: true });
mkdirSync(path.join(client, '.vite'));
mkdirSync(path.join(root, 'server', 'src'), { recursive: true });
writeFileSync(path.join(root, 'package.json'), `{"name":"${SECRET}"}`);
writeFileSync(path.join(root, 'dist', 'package.json'), `{"name":"${SECRET}"}`);
writeFileSync(path.join(root, 'server', 'src', 'config.ts'), `export const secret = '${SECRET}';`);
writeFileSync(
  path.join(client, 'index.html'),
  '<!doctype html><html lang="en"><head><title>Shop</title></head><body></body></html>',
);
writeFileSync(path.join(client, 'assets', 'app-1.js'), 'console.log(1)');
writeFileSync(
  path.join(client, '.vite', 'manifest.json'),
  JSON.stringify({ 'index.html': { file: 'assets/app-1.js' }, secret: SECRET }),
);

let server: ReturnType<express.Express['listen']>;
let base = '';
beforeAll(async () => {
  const app = express();
  app.use(clientApp(client, { siteOf: () => 'aurora', imageOrigins: [], idleDelayMs: 60_000 })!);
  app.use(notFoundHandler);
  app.use(createErrorHandler());
  server = app.listen(0);
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server?.close();
  rmSync(root, { recursive: true, force: true });
});

const PATHS = [
  '/../package.json',
  '/../../package.json',
  '/./../package.json',
  '//../package.json',
  '/%2e%2e/package.json',
  '/%2e%2e/%2e%2e/package.json',
  '/%2E%2E%2Fpackage.json',
  '/..%2fpackage.json',
  '/..%2f..%2fpackage.json',
  '/%252e%252e%252fpackage.json',
  '/..%252f..%252fpackage.json',
  '/..%5c..%5cpackage.json',
  '/..\\..\\package.json',
  '/%c0%ae%c0%ae/package.json',
  '/assets/..%2f..%2fserver/src/config.ts',
  '/assets/..%2f..%2f..%2fserver/src/config.ts',
  '/assets/../../../server/src/config.ts',
  '/assets/%2e%2e/%2e%2e/%2e%2e/package.json',
  '/assets/..%252f..%252f..%252fpackage.json',
  '/assets/..%5c..%5c..%5cpackage.json',
  '/assets/app-1.js%00../../../package.json',
  '/index.html%00.js',
  '/%00/../package.json',
  '/.vite/manifest.json',
  '/%2evite/manifest.json',
  '/assets/../.vite/manifest.json',
  '/assets/%2e%2e%2f.vite%2fmanifest.json',
];

describe('static serving', () => {
  it('when a built file is asked for plainly, then it is served (the check can see a file)', async () => {
    const answer = await raw(base, 'GET /assets/app-1.js HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 200/);
    expect(answer).toContain('console.log(1)');
  });

  it.each(PATHS)('when %s is asked for, then no file outside the client directory and no 5xx', async (target) => {
    await attacks.attack(`GET ${target}`, async () => {
      for (const accept of ['*/*', 'text/html']) {
        const answer = await raw(
          base,
          `GET ${target} HTTP/1.1\r\nHost: x\r\nAccept: ${accept}\r\nConnection: close\r\n\r\n`,
        );
        expect(answer).toMatch(/^HTTP\/1\.1 [234]\d\d/);
        expect(answer).not.toContain(SECRET);
      }
    });
  });

  it('when every attempt is over, then the server still answers', async () => {
    const res = await fetch(`${base}/assets/app-1.js`);
    expect(res.status).toBe(200);
  });
});
