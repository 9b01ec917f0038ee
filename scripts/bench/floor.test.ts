/**
 * Issue 16's floor (floor-server.ts): the bare server the renewal figure is set beside answers only
 * after the sandbox's two lookups, with a body of the renewal answer's size, and never answers
 * without them; cpuMs reads a process's CPU time.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildSandbox } from '../../mocks/sandbox/src/sandbox.ts';
import { VIN } from './config.ts';
import { cpuMs, startFloor, type Floor } from './floor.ts';

const sandbox = buildSandbox();
let base = '';
let floor: Floor;
const ANSWER_BYTES = 4353;

beforeAll(async () => {
  base = `http://127.0.0.1:${await sandbox.start(0)}`;
  floor = await startFloor(base, ANSWER_BYTES);
});
afterAll(async () => {
  floor?.stop();
  await sandbox.stop();
});
beforeEach(async () => {
  await fetch(`${base}/__sandbox/reset`, { method: 'POST' });
});

describe('the bare floor', () => {
  it("when asked, then it answers the sandbox's vehicle twice, padded to the renewal answer's size", async () => {
    const answer = await fetch(floor.url);
    const text = await answer.text();
    expect(answer.status).toBe(200);
    expect(Buffer.byteLength(text)).toBe(ANSWER_BYTES);
    const body = JSON.parse(text) as { vehicle: unknown; second: unknown };
    expect(JSON.stringify(body.vehicle)).toContain(VIN);
    expect(body.second).toEqual(body.vehicle);
  });

  it('when the sandbox fails the lookup, then it answers 502, never a made-up vehicle', async () => {
    await fetch(`${base}/__sandbox/faults/vehicles`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ status: 503 }),
    });
    const answer = await fetch(floor.url);
    expect(answer.status).toBe(502);
    expect(await answer.text()).toContain('503');
  });
});

describe('cpuMs', () => {
  it('when the process exists, then its CPU time grows with work; when it does not, then there is none', () => {
    const before = cpuMs(process.pid)!;
    const until = Date.now() + 60;
    while (Date.now() < until);
    expect(cpuMs(process.pid)!).toBeGreaterThan(before);
    expect(cpuMs(2 ** 22 + 1)).toBeUndefined();
  });
});
