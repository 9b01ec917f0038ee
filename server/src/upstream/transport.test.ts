/**
 * The upstream calls' transport (upstream/transport.ts) answers as fetch would where the proxy relies
 * on it: the answer's status, headers and body; the request's method, headers and body reach the
 * upstream; a timeout or a shopper's abort rejects with the signal's reason; an unreachable upstream
 * rejects with TypeError('fetch failed'); redirects are followed or handed back as the Request says.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import createClient from 'openapi-fetch';
import { UpstreamRequest } from './message.ts';
import { createUpstreamTransport } from './transport.ts';

let server: Server;
let origin: string;
const transport = createUpstreamTransport();

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://upstream.invalid');
      if (url.pathname === '/echo') {
        res.setHeader('content-type', 'application/json');
        res.setHeader('set-cookie', ['a=1; Path=/', 'b=2; Path=/']);
        res.end(
          JSON.stringify({
            method: req.method,
            requestId: req.headers['x-request-id'],
            contentType: req.headers['content-type'],
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      } else if (url.pathname === '/moved') {
        res.writeHead(303, { location: '/echo' }).end();
      } else if (url.pathname === '/empty') {
        res.writeHead(204).end();
      } else if (url.pathname === '/slow') {
        setTimeout(() => res.end('late'), 2_000);
      } else {
        res.writeHead(404, { 'content-type': 'application/problem+json' }).end('{"title":"Not found"}');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await transport.close();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('the upstream transport', () => {
  it('when a call is answered, then its status, headers (every Set-Cookie) and body, as fetch gives them', async () => {
    const response = await transport.fetch(
      new Request(`${origin}/echo`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-request-id': 'req-1' },
        body: '{"amount":99}',
      }),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(response.headers.getSetCookie()).toEqual(['a=1; Path=/', 'b=2; Path=/']);
    expect(await response.json()).toEqual({
      method: 'POST',
      requestId: 'req-1',
      contentType: 'application/json',
      body: '{"amount":99}',
    });
  });

  it('when the upstream answers 4xx or 204, then that answer, with its body or none', async () => {
    const missing = await transport.fetch(new Request(`${origin}/nothing`));
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ title: 'Not found' });
    const empty = await transport.fetch(new Request(`${origin}/empty`, { method: 'DELETE' }));
    expect(empty.status).toBe(204);
    expect(empty.body).toBeNull();
  });

  it('when the Request follows redirects, then the final answer; with redirect manual, the 303 itself', async () => {
    const followed = await transport.fetch(new Request(`${origin}/moved`));
    expect(followed.status).toBe(200);
    expect(await followed.json()).toMatchObject({ method: 'GET' });
    const manual = await transport.fetch(new Request(`${origin}/moved`, { redirect: 'manual' }));
    expect(manual.status).toBe(303);
    expect(manual.headers.get('location')).toBe('/echo');
  });

  it("when the call's signal times out or is aborted, then it rejects with the signal's reason", async () => {
    const timedOut = transport.fetch(new Request(`${origin}/slow`), { signal: AbortSignal.timeout(50) });
    await expect(timedOut).rejects.toMatchObject({ name: 'TimeoutError' });
    const controller = new AbortController();
    const aborted = transport.fetch(new Request(`${origin}/slow`, { signal: controller.signal }));
    setTimeout(() => controller.abort(), 20);
    await expect(aborted).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('when the upstream cannot be reached, then TypeError fetch failed with the cause', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const failure = await transport
      .fetch(new Request(`http://127.0.0.1:${port}/echo`))
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(TypeError);
    expect((failure as TypeError).message).toBe('fetch failed');
    expect((failure as TypeError).cause).toBeDefined();
  });

  it('when openapi-fetch builds the call with UpstreamRequest, then the same call and answers as with fetch', async () => {
    // What upstream/clients.ts gives every client: its Request class and this transport.
    const client = createClient<Record<string, never>>({
      baseUrl: origin,
      fetch: transport.fetch as (input: Request) => Promise<Response>,
      Request: UpstreamRequest as unknown as typeof Request,
    });
    const call = (method: string, path: string, init: Record<string, unknown> = {}) =>
      (client as unknown as Record<string, (p: string, i: object) => Promise<Record<string, unknown>>>)[method]!(
        path,
        init,
      );
    const posted = await call('POST', '/echo', { body: { amount: 99 }, headers: { 'x-request-id': 'req-2' } });
    expect(posted.data).toEqual({
      method: 'POST',
      requestId: 'req-2',
      contentType: 'application/json',
      body: '{"amount":99}',
    });
    const missing = await call('GET', '/nothing');
    expect([(missing.response as Response).status, missing.error]).toEqual([404, { title: 'Not found' }]);
    const empty = await call('DELETE', '/empty');
    expect([(empty.response as Response).status, empty.data]).toEqual([204, undefined]);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 20);
    await expect(call('GET', '/slow', { signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' });
  });
});
