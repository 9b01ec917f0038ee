import express from 'express';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSandbox, type Sandbox } from '../app.ts';

// A stand-in upstream with a counter (its side effect) and two answers, to aim faults at one call.
let counter = 0;
const sandbox: Sandbox = createSandbox([
  {
    upstream: 'commerce',
    errorBody: (status) => ({ title: 'Injected', status }),
    router: (context) => {
      context.resetHooks.push(() => {
        counter = 0;
      });
      const router = express.Router();
      router.post('/orders', (_req, res) => {
        counter += 1;
        res.status(201).json({ orderNo: `0000${counter}`, total: 12.5, paid: false, items: [{ id: 'a' }] });
      });
      router.get('/baskets/:id', (req, res) => {
        res.json({ basketId: req.params.id, counter });
      });
      return router;
    },
  },
]);
let base = '';

beforeAll(async () => {
  base = `http://127.0.0.1:${await sandbox.start(0)}`;
});
afterAll(() => sandbox.stop());
beforeEach(async () => {
  await fetch(`${base}/__sandbox/reset`, { method: 'POST' });
});

const put = (body: unknown) =>
  fetch(`${base}/__sandbox/faults/commerce`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
const order = () => fetch(`${base}/commerce/orders`, { method: 'POST' });

describe('sandbox faults: malformed and slow bodies, aimed at one call', () => {
  it('when a truncated body is injected, then the request is handled and its JSON is cut short', async () => {
    expect((await put({ malformed: 'truncated' })).status).toBe(200);
    const res = await order();
    expect(res.status).toBe(201);
    const text = await res.text();
    expect(() => JSON.parse(text)).toThrow();
    expect(text.length).toBeGreaterThan(0);
    expect(JSON.stringify({ orderNo: '00001' }).startsWith(text.slice(0, 12))).toBe(true);
    expect(counter).toBe(1);
  });

  it('when an answer is dropped after the request, then the request is handled and the connection ends without an answer', async () => {
    await put({ dropAfter: true, remaining: 1 });
    await expect(order()).rejects.toThrow();
    expect(counter).toBe(1);
    // The fault is spent: the next request is answered, and it sees the first one's effect.
    expect(await (await order()).json()).toMatchObject({ orderNo: '00002' });
  });

  it('when a wrongly typed body is injected, then the answer is JSON with every top-level field of another type', async () => {
    await put({ malformed: 'wrong-type' });
    const res = await order();
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(await res.json()).toEqual({ orderNo: 12345, total: 'wrong-type', paid: 'wrong-type', items: 'wrong-type' });
  });

  it('when a slow body is injected, then the headers come at once and the whole body after slowBodyMs', async () => {
    await put({ slowBodyMs: 400 });
    const started = performance.now();
    const res = await order();
    const headersAt = performance.now() - started;
    const body = await res.json();
    const doneAt = performance.now() - started;
    expect(headersAt).toBeLessThan(200);
    expect(doneAt).toBeGreaterThanOrEqual(380);
    expect(body).toMatchObject({ orderNo: '00001' });
  });

  it('when a fault names a method and a path prefix, then only that call meets it and only it is counted', async () => {
    await put({ status: 503, method: 'post', path: '/orders', remaining: 1 });
    expect((await fetch(`${base}/commerce/baskets/b1`)).status).toBe(200);
    expect((await order()).status).toBe(503);
    expect((await order()).status).toBe(201);
  });

  it('when a fault path starts with ^, then it is a regular expression over the path', async () => {
    await put({ drop: true, path: '^/baskets/[a-z]+\\d$' });
    await expect(fetch(`${base}/commerce/baskets/b1`)).rejects.toThrow();
    expect((await fetch(`${base}/commerce/baskets/b12`)).status).toBe(200);
    expect((await order()).status).toBe(201);
  });

  it('when faults are listed, then the aim is shown', async () => {
    await put({ malformed: 'truncated', method: 'POST', path: '/orders' });
    const listed = (await (await fetch(`${base}/__sandbox`)).json()) as { faults: Record<string, unknown> };
    expect(listed.faults.commerce).toEqual({ malformed: 'truncated', method: 'POST', path: '/orders' });
  });

  it.each([
    [{ malformed: 'half' }, 'malformed must be one of truncated, wrong-type.'],
    [{ slowBodyMs: 0 }, 'slowBodyMs must be a number above 0 and up to 120000.'],
    [{ status: 500, method: 'GET /x' }, 'method must be an HTTP method name.'],
    [{ status: 500, path: '^(' }, 'path starting with ^ must be a valid regular expression.'],
    [{ method: 'GET' }, 'Give at least one of latencyMs, status, drop, dropAfter, malformed or slowBodyMs.'],
  ])('when the fault %j is asked for, then it is refused with a clear message', async (fault, message) => {
    const res = await put(fault);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: message });
  });
});
