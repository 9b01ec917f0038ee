/**
 * The shared reads' caches (catalog.ts, content.ts, preferences.ts; SHARED_READS in ttl-cache.ts):
 * each one against a commerce stand-in that counts its calls, on a clock the test moves. Every test
 * reads its own ids, since the caches live as long as the module.
 */
import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppContext } from '../../context.ts';
import { testConfig } from '../../test-helpers.ts';
import { createUpstreams } from '../clients.ts';
import { categoryOf, getProduct } from './catalog.ts';
import { contentAsset } from './content.ts';
import { readCustomPreferences } from './preferences.ts';

const MINUTE = 60_000;

/** The commerce platform: answers name the locale and the data's version; counts calls per path. */
function platform() {
  const state = { version: 1, failing: false, calls: [] as string[], lines: [] as string[] };
  const fetch = async (request: Request) => {
    const url = new URL(request.url);
    state.calls.push(url.pathname);
    if (state.failing) return Response.json({ title: 'down' }, { status: 503 });
    const locale = url.searchParams.get('locale') ?? '-';
    const site = url.searchParams.get('siteId') ?? /\/s\/([^/]+)\//.exec(url.pathname)?.[1] ?? '-';
    const id = decodeURIComponent(url.pathname.split('/').pop()!);
    const label = `${site} ${locale} ${id} v${state.version}`;
    if (url.pathname.includes('/products/')) return Response.json({ id, name: label });
    if (url.pathname.includes('/categories/')) return Response.json({ id, name: label });
    if (url.pathname.includes('/content/')) return Response.json({ id, c_body: label });
    if (url.pathname.includes('/custom_objects/')) return Response.json({ key_value_string: id, c_label: label });
    return Response.json({}, { status: 404 });
  };
  const config = testConfig({ UPSTREAM_RETRIES: '0' });
  const logger = pino({ level: 'warn' }, { write: (line: string) => state.lines.push(line) });
  const ctx = { config, upstreams: createUpstreams(config, fetch), logger } as unknown as AppContext;
  return { state, ctx };
}

type Where = { siteId: 'aurora' | 'borealis'; locale: string };

/** Each cached read, reduced to the label of what it answered. */
const READS: { name: string; read: (ctx: AppContext, where: Where, id: string) => Promise<unknown> }[] = [
  {
    name: 'product',
    read: async (ctx, where, id) =>
      (await getProduct(ctx, { ...where, currency: 'GBP', headers: { Authorization: 'Bearer t' } }, id))?.name,
  },
  {
    name: 'category',
    read: async (ctx, where, id) =>
      (await categoryOf(ctx, { ...where, organizationId: 'org', headers: { Authorization: 'Bearer t' } }, id))?.name,
  },
  {
    name: 'content asset',
    read: async (ctx, where, id) =>
      (await contentAsset(ctx, { ...where, headers: { Authorization: 'Bearer t' } }, id))?.c_body,
  },
  {
    // Custom preferences are per site and country: the locale's market (the test's id makes it unique).
    name: 'custom preferences',
    read: async (ctx, where, id) => {
      const country = `${id}-${where.locale.slice(3)}`;
      const preferences = await readCustomPreferences(ctx, where.siteId, country, { Authorization: 'Bearer t' });
      return (preferences as Record<string, unknown>).c_label;
    },
  },
];

const GB: Where = { siteId: 'aurora', locale: 'en-GB' };

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: Date.parse('2026-01-01T00:00:00Z') });
});
afterEach(() => {
  vi.useRealTimers();
});

describe.each(READS)('the $name cache', ({ name, read }) => {
  const id = (test: string) => `${name.replace(' ', '-')}-${test}`;

  it('when it is read again within a minute, then it is answered from memory', async () => {
    const { state, ctx } = platform();
    const first = await read(ctx, GB, id('hit'));
    vi.advanceTimersByTime(59_000);
    expect(await read(ctx, GB, id('hit'))).toBe(first);
    expect(state.calls).toHaveLength(1);
  });

  it('when it is older than a minute, then the kept value is served and refreshed once in the background', async () => {
    const { state, ctx } = platform();
    const key = id('swr');
    const first = await read(ctx, GB, key);
    state.version = 2;
    vi.advanceTimersByTime(MINUTE + 1);
    expect(await Promise.all([read(ctx, GB, key), read(ctx, GB, key), read(ctx, GB, key)])).toEqual([
      first,
      first,
      first,
    ]);
    await vi.waitFor(() => expect(state.calls).toHaveLength(2));
    await vi.waitFor(async () => expect(await read(ctx, GB, key)).toMatch(/v2$/));
    expect(state.calls).toHaveLength(2);
  });

  it('when the refresh fails, then the kept value is served (logged) until five minutes past its minute', async () => {
    const { state, ctx } = platform();
    const key = id('stale-on-error');
    const loadedAt = Date.now();
    const first = await read(ctx, GB, key);
    state.failing = true;
    vi.setSystemTime(loadedAt + MINUTE + 1);
    expect(await read(ctx, GB, key)).toBe(first);
    // (vi.waitFor moves the faked clock too: the next step sets it again.)
    await vi.waitFor(() => expect(state.lines.join('')).toContain(`${name} refresh failed: the kept copy is served`));
    vi.setSystemTime(loadedAt + 6 * MINUTE - 1);
    expect(await read(ctx, GB, key)).toBe(first);
  });

  it('when it is older than six minutes and the platform fails, then the failure reaches the caller, and nothing of it is kept', async () => {
    const { state, ctx } = platform();
    const key = id('expiry');
    await read(ctx, GB, key);
    state.failing = true;
    vi.advanceTimersByTime(6 * MINUTE);
    await expect(read(ctx, GB, key)).rejects.toMatchObject({ status: 502 });
    state.failing = false;
    state.version = 3;
    expect(await read(ctx, GB, key)).toMatch(/v3$/);
  });

  it('when another site or locale reads it, then each has its own value', async () => {
    const { state, ctx } = platform();
    const key = id('keys');
    const answers = [
      await read(ctx, GB, key),
      await read(ctx, { siteId: 'aurora', locale: 'fr-FR' }, key),
      await read(ctx, { siteId: 'borealis', locale: 'en-GB' }, key),
    ];
    expect(new Set(answers).size).toBe(3);
    expect(await read(ctx, GB, key)).toBe(answers[0]);
    expect(state.calls).toHaveLength(3);
  });
});

describe('the product cache', () => {
  it('when nothing is kept and the platform fails, then the renewal loader fails with the spec log line (storefront §8)', async () => {
    const { state, ctx } = platform();
    state.failing = true;
    await expect(READS[0]!.read(ctx, GB, 'never-read')).rejects.toMatchObject({
      status: 502,
      detail: expect.stringContaining('VCS PWA - ERROR - product-renewal'),
    });
    expect(state.lines.join('')).toContain('VCS PWA - ERROR - product-renewal');
  });
});
