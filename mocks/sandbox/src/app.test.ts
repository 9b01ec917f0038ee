import express from 'express';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSandbox, type Sandbox } from './app.ts';

// A stand-in upstream with a counter, to observe resets, faults and the clock through the controls.
let counter = 0;
const sandbox: Sandbox = createSandbox([
  {
    upstream: 'loqate',
    errorBody: (status) => ({ Items: [{ Error: String(status), Description: 'Injected' }] }),
    router: (context) => {
      context.resetHooks.push(() => {
        counter = 0;
      });
      const router = express.Router();
      router.get('/count', (_req, res) => {
        counter += 1;
        res.json({ counter, now: context.clock.now().toISOString() });
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

const json = (body: unknown) => ({
  method: 'PUT',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

describe('sandbox controls', () => {
  it('when reset, then upstream state goes back to the seed', async () => {
    await fetch(`${base}/loqate/count`);
    await fetch(`${base}/loqate/count`);
    await fetch(`${base}/__sandbox/reset`, { method: 'POST' });
    expect(await (await fetch(`${base}/loqate/count`)).json()).toMatchObject({ counter: 1 });
  });

  it('when the clock is advanced by 30 days, then upstreams see the moved time', async () => {
    const before = Date.parse(((await (await fetch(`${base}/loqate/count`)).json()) as { now: string }).now);
    const moved = await fetch(`${base}/__sandbox/clock`, { ...json({ advanceDays: 30 }), method: 'POST' });
    expect(moved.status).toBe(200);
    const after = Date.parse(((await (await fetch(`${base}/loqate/count`)).json()) as { now: string }).now);
    expect(after - before).toBeGreaterThanOrEqual(30 * 86_400_000);
    expect(after - before).toBeLessThan(30 * 86_400_000 + 60_000);
  });

  it('when a clock request has nothing usable, then it answers 400 with what to give', async () => {
    const res = await fetch(`${base}/__sandbox/clock`, { ...json({ advanceDays: 'soon' }), method: 'POST' });
    expect(res.status).toBe(400);
  });

  it('when an error status is injected, then the upstream answers it in its own error shape until cleared', async () => {
    expect((await fetch(`${base}/__sandbox/faults/loqate`, json({ status: 503 }))).status).toBe(200);
    const faulted = await fetch(`${base}/loqate/count`);
    expect(faulted.status).toBe(503);
    expect(await faulted.json()).toEqual({ Items: [{ Error: '503', Description: 'Injected' }] });
    await fetch(`${base}/__sandbox/faults/loqate`, { method: 'DELETE' });
    expect((await fetch(`${base}/loqate/count`)).status).toBe(200);
  });

  it('when a fault has remaining 1, then only the next request meets it', async () => {
    await fetch(`${base}/__sandbox/faults/loqate`, json({ status: 500, remaining: 1 }));
    expect((await fetch(`${base}/loqate/count`)).status).toBe(500);
    expect((await fetch(`${base}/loqate/count`)).status).toBe(200);
  });

  it('when latency is injected, then the answer comes at least that much later', async () => {
    await fetch(`${base}/__sandbox/faults/loqate`, json({ latencyMs: 300, remaining: 1 }));
    const started = performance.now();
    expect((await fetch(`${base}/loqate/count`)).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
  });

  it('when a dropped connection is injected, then the request fails at the network level', async () => {
    await fetch(`${base}/__sandbox/faults/loqate`, json({ drop: true, remaining: 1 }));
    await expect(fetch(`${base}/loqate/count`)).rejects.toThrow();
  });

  it.each([
    [{ status: 200 }, 'status must be an integer from 400 to 599.'],
    [{ latencyMs: -1 }, 'latencyMs must be a number from 0 to 120000.'],
    [{}, 'Give at least one of latencyMs, status, drop, dropAfter, malformed or slowBodyMs.'],
    [{ dropAfter: 'yes' }, 'dropAfter must be a boolean.'],
  ])('when the fault %j is asked for, then it is refused with a clear message', async (fault, message) => {
    const res = await fetch(`${base}/__sandbox/faults/loqate`, json(fault));
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: message });
  });

  it('when a fault names an unknown upstream, then it answers 404', async () => {
    expect((await fetch(`${base}/__sandbox/faults/nowhere`, json({ status: 500 }))).status).toBe(404);
  });
});
