/**
 * The operations' JSON answers (send.ts): the body as res.json writes it, who may keep it, its length,
 * and no ETag (a never-stored answer is never revalidated); a HEAD answer has the headers alone.
 */
import express from 'express';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendNoStore, sendPrivate } from './send.ts';

let origin = '';
let close: () => Promise<void>;

beforeAll(async () => {
  const app = express();
  app.get('/private', (_req, res) => sendPrivate(res, { name: 'Zoë', items: [1, 2], none: null }));
  app.get('/created', (_req, res) => sendNoStore(res, { id: 'a' }, 201));
  app.get('/nothing', (_req, res) => sendNoStore(res, undefined));
  const server = app.listen(0);
  await new Promise((resolve) => server.once('listening', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => new Promise((resolve) => server.close(() => resolve()));
});
afterAll(() => close());

describe('JSON answers', () => {
  it('when a shopper’s data is answered, then private no-store JSON with its length and no ETag', async () => {
    const response = await fetch(`${origin}/private`, { headers: { 'accept-encoding': 'identity' } });
    const text = await response.text();
    expect(response.status).toBe(200);
    expect(text).toBe('{"name":"Zoë","items":[1,2],"none":null}');
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(response.headers.get('content-length')).toBe(String(Buffer.byteLength(text)));
    expect(response.headers.get('etag')).toBeNull();
  });

  it('when a state change is answered with its status, then no-store and that status', async () => {
    const response = await fetch(`${origin}/created`);
    expect([response.status, response.headers.get('cache-control'), await response.json()]).toEqual([
      201,
      'no-store',
      { id: 'a' },
    ]);
  });

  it('when there is no body to answer, then an empty JSON answer, as res.json gives', async () => {
    const response = await fetch(`${origin}/nothing`);
    expect([response.status, response.headers.get('content-length'), await response.text()]).toEqual([200, '0', '']);
  });

  it('when asked with HEAD, then the headers with the length, and no body', async () => {
    const response = await fetch(`${origin}/private`, { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(Number(response.headers.get('content-length'))).toBeGreaterThan(0);
    expect(await response.text()).toBe('');
  });
});
