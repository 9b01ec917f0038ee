import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import type { AppContext } from '../../context.ts';
import { testConfig } from '../../test-helpers.ts';
import { createUpstreams } from '../../upstream/clients.ts';
import { formBody } from '../../upstream/loqate.ts';
import { findAddressItems, lookupOutcome, retrieveAddressItems } from './address-lookup.ts';

function capturingContext(answer: unknown = { Items: [] }) {
  const seen: Request[] = [];
  const config = testConfig();
  const upstreams = createUpstreams(config, async (request) => {
    seen.push(request.clone());
    return Response.json(answer);
  });
  const ctx = { config, upstreams, logger: pino({ level: 'silent' }) } as unknown as AppContext;
  return { ctx, seen };
}

describe('address lookup calls', () => {
  it('when Find is called, then a form-encoded POST with the key and the fields given', async () => {
    const { ctx, seen } = capturingContext();
    await findAddressItems(ctx, { text: 'NW1 6XE', countries: 'GB', language: 'en' });
    const request = seen[0]!;
    expect(request.method).toBe('POST');
    expect(new URL(request.url).pathname).toMatch(/\/Capture\/Interactive\/Find\/v1\.10\/json3\.ws$/);
    expect(request.headers.get('content-type')).toBe('application/x-www-form-urlencoded');
    const form = new URLSearchParams(await request.text());
    expect(Object.fromEntries(form)).toEqual({
      Key: 'SANDBOX-LOQATE-KEY',
      Text: 'NW1 6XE',
      Countries: 'GB',
      Limit: '10',
      Language: 'en',
    });
  });

  it('when Retrieve is called, then a form-encoded POST with Key and Id', async () => {
    const { ctx, seen } = capturingContext();
    await retrieveAddressItems(ctx, 'GB|RM|A|1');
    const request = seen[0]!;
    expect(request.headers.get('content-type')).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(await request.text()))).toEqual({
      Key: 'SANDBOX-LOQATE-KEY',
      Id: 'GB|RM|A|1',
    });
  });

  it('when undefined fields are serialised, then they are left out', () => {
    expect(formBody({ A: 'x y', B: undefined, C: 3, D: false })).toBe('A=x+y&C=3&D=false');
  });
});

describe('lookupOutcome', () => {
  const err = (code: string) => ({ items: [{ Error: code, Description: 'x' }] });
  it.each([
    [{ networkError: true }, 'unavailable'],
    [{ status: 400 }, 'unavailable'],
    [{ status: 599 }, 'unavailable'],
    [{ status: 200, ...err('1009') }, 'unavailable'],
    [{ status: 200, ...err('2') }, 'unavailable'],
    [{ status: 200, ...err('-1') }, 'unavailable'],
    [{ status: 200, ...err('1001') }, 'notFound'],
    [{ status: 200, ...err('1008') }, 'notFound'],
    [{ status: 200, items: [] }, 'notFound'],
    [{ status: 200, items: [{ Id: 'a', Type: 'Address', Text: 't' }] }, 'ok'],
  ])('when the answer is %j, then %s', (answer, outcome) => {
    expect(lookupOutcome(answer).outcome).toBe(outcome);
  });
});

describe('the Loqate key (storefront §8 "No API KEY")', () => {
  it.each([
    ['find', (ctx: AppContext) => findAddressItems(ctx, { text: 'NW1 6XE' }, { log: ctx.logger })],
    ['retrieve', (ctx: AppContext) => retrieveAddressItems(ctx, 'GB|RM|A|1', { log: ctx.logger })],
  ] as const)(
    'when the key is missing, then %s is unavailable, "No API KEY" is logged and Loqate is not asked',
    async (what, call) => {
      const { ctx, seen } = capturingContext();
      const lines: string[] = [];
      const logged = {
        ...ctx,
        config: { ...ctx.config, credentials: { ...ctx.config.credentials, loqate: { key: '' } } },
        logger: pino({ level: 'error' }, { write: (line: string) => void lines.push(line) }),
      } as unknown as AppContext;
      expect(await call(logged)).toEqual({ ok: false, outcome: 'unavailable' });
      expect(seen).toHaveLength(0);
      expect(lines.join('')).toContain(`address lookup ${what}: No API KEY`);
    },
  );
});
