/**
 * Renders kept for the next request with the same inputs (issue 35, render-memo.server.ts): the
 * key follows the inputs and the day, a shopper's secrets never leave with another's page.
 */
import { describe, expect, it } from 'vitest';
import { RenderMemo, renderDays, type KeptRender } from './render-memo.server.ts';

const TOKEN_A = 'tokenAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';
const TOKEN_B = 'tokenBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB';
const NOON = Date.parse('2026-11-29T12:00:00Z');

const render = (markup: string): KeptRender => ({
  status: 200,
  lang: 'en-GB',
  title: 'Renew',
  description: 'Renew your service',
  modules: ['src/pages/renewal-page.tsx'],
  markup,
});

function memoAt(start = NOON, options: { maxEntries?: number; ttlMs?: number } = {}) {
  const clock = { now: start };
  const memo = new RenderMemo({
    maxEntries: options.maxEntries ?? 10,
    ttlMs: options.ttlMs ?? 60_000,
    now: () => clock.now,
  });
  return { memo, clock };
}

const PATH = '/en-GB/service/cn?carvin=VIN';
const data = (token: string, basketItems = 1) =>
  JSON.stringify({ data: { session: { csrfToken: token, basketItemCount: basketItems } } });

describe('the key of a render', () => {
  it('is the same for the same inputs, and differs when any input differs', () => {
    const { memo } = memoAt();
    expect(memo.keyOf([PATH], data(TOKEN_A), [TOKEN_A])).toBe(memo.keyOf([PATH], data(TOKEN_A), [TOKEN_A]));
    expect(memo.keyOf([PATH], data(TOKEN_A, 2), [TOKEN_A])).not.toBe(memo.keyOf([PATH], data(TOKEN_A), [TOKEN_A]));
    expect(memo.keyOf(['/en-GB/other'], data(TOKEN_A), [TOKEN_A])).not.toBe(
      memo.keyOf([PATH], data(TOKEN_A), [TOKEN_A]),
    );
  });

  it('is the same for two shoppers whose inputs differ only by their secrets', () => {
    const { memo } = memoAt();
    expect(memo.keyOf([PATH], data(TOKEN_A), [TOKEN_A])).toBe(memo.keyOf([PATH], data(TOKEN_B), [TOKEN_B]));
    // Not hidden, the tokens make the keys differ.
    expect(memo.keyOf([PATH], data(TOKEN_A), [])).not.toBe(memo.keyOf([PATH], data(TOKEN_B), []));
  });

  it('changes at midnight UTC, and not within the day', () => {
    const { memo, clock } = memoAt(Date.parse('2026-11-29T00:00:01Z'));
    const morning = memo.keyOf([PATH], data(TOKEN_A), [TOKEN_A]);
    clock.now = Date.parse('2026-11-29T23:59:59Z');
    expect(memo.keyOf([PATH], data(TOKEN_A), [TOKEN_A])).toBe(morning);
    clock.now = Date.parse('2026-11-30T00:00:00Z');
    expect(memo.keyOf([PATH], data(TOKEN_A), [TOKEN_A])).not.toBe(morning);
  });

  it('names the UTC day and the local day', () => {
    const at = Date.parse('2026-12-31T23:30:00Z');
    const local = new Date(at);
    expect(renderDays(at)).toBe(`2026-12-31/${local.getFullYear()}-${local.getMonth() + 1}-${local.getDate()}`);
  });
});

describe('a kept render', () => {
  it("is answered with the asking shopper's secrets in the kept shopper's places", () => {
    const { memo } = memoAt();
    const key = memo.keyOf([PATH], data(TOKEN_A), [TOKEN_A, 'nonceA==']);
    memo.set(key, render(`<input value="${TOKEN_A}"/><p>Ein Fahrzeug</p>`), [TOKEN_A, 'nonceA==']);
    const other = memo.get(memo.keyOf([PATH], data(TOKEN_B), [TOKEN_B, 'nonceB==']), [TOKEN_B, 'nonceB==']);
    expect(other?.markup).toBe(`<input value="${TOKEN_B}"/><p>Ein Fahrzeug</p>`);
    expect(other?.markup).not.toContain(TOKEN_A);
    expect(other).toMatchObject({
      status: 200,
      lang: 'en-GB',
      title: 'Renew',
      modules: ['src/pages/renewal-page.tsx'],
    });
    // The first shopper gets theirs back.
    expect(memo.get(key, [TOKEN_A, 'nonceA=='])?.markup).toContain(TOKEN_A);
  });

  it('is answered for its time to live only', () => {
    const { memo, clock } = memoAt(NOON, { ttlMs: 60_000 });
    const key = memo.keyOf([PATH], data(TOKEN_A), [TOKEN_A]);
    memo.set(key, render('<p>kept</p>'), [TOKEN_A]);
    clock.now += 59_000;
    expect(memo.get(key, [TOKEN_A])?.markup).toBe('<p>kept</p>');
    clock.now += 2_000;
    expect(memo.get(key, [TOKEN_A])).toBeUndefined();
  });

  it('leaves, the one used longest ago first, when more than maxEntries are kept', () => {
    const { memo } = memoAt(NOON, { maxEntries: 2 });
    const keys = [1, 2, 3].map((items) => memo.keyOf([PATH], data(TOKEN_A, items), [TOKEN_A]));
    memo.set(keys[0]!, render('<p>1</p>'), [TOKEN_A]);
    memo.set(keys[1]!, render('<p>2</p>'), [TOKEN_A]);
    memo.get(keys[0]!, [TOKEN_A]);
    memo.set(keys[2]!, render('<p>3</p>'), [TOKEN_A]);
    expect(memo.get(keys[1]!, [TOKEN_A])).toBeUndefined();
    expect(memo.get(keys[0]!, [TOKEN_A])?.markup).toBe('<p>1</p>');
    expect(memo.get(keys[2]!, [TOKEN_A])?.markup).toBe('<p>3</p>');
  });

  it('is forgotten on clear', () => {
    const { memo } = memoAt();
    const key = memo.keyOf([PATH], data(TOKEN_A), [TOKEN_A]);
    memo.set(key, render('<p>kept</p>'), [TOKEN_A]);
    memo.clear();
    expect(memo.get(key, [TOKEN_A])).toBeUndefined();
  });
});
