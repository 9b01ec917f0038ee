/** The idle indicator (storefront §4 Other: idle after a configurable delay; keypress, mousemove, touchmove, click and scroll reset it). */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_IDLE_DELAY_MS, idleDelayMs, watchIdle } from './idle-watch.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('idle indicator', () => {
  it('when the delay passes without activity, then idle is flagged once', () => {
    const changes: boolean[] = [];
    const stop = watchIdle(window, 5000, (idle) => changes.push(idle));
    vi.advanceTimersByTime(4999);
    expect(changes).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(changes).toEqual([true]);
    vi.advanceTimersByTime(60_000);
    expect(changes).toEqual([true]);
    stop();
  });

  it.each(['keypress', 'keydown', 'mousemove', 'touchmove', 'click', 'scroll'])(
    'when %s happens before the delay, then the clock restarts',
    (type) => {
      const changes: boolean[] = [];
      const stop = watchIdle(window, 5000, (idle) => changes.push(idle));
      vi.advanceTimersByTime(4000);
      window.dispatchEvent(new Event(type));
      vi.advanceTimersByTime(4000);
      expect(changes).toEqual([]);
      vi.advanceTimersByTime(1000);
      expect(changes).toEqual([true]);
      stop();
    },
  );

  it('when activity follows idleness, then active is flagged at once', () => {
    const changes: boolean[] = [];
    const stop = watchIdle(window, 5000, (idle) => changes.push(idle));
    vi.advanceTimersByTime(5000);
    window.dispatchEvent(new Event('mousemove'));
    expect(changes).toEqual([true, false]);
    stop();
  });

  it('when stopped, then nothing more is flagged', () => {
    const changes: boolean[] = [];
    watchIdle(window, 5000, (idle) => changes.push(idle))();
    vi.advanceTimersByTime(10_000);
    expect(changes).toEqual([]);
  });

  it.each([
    ['60000', 60_000],
    ['999', DEFAULT_IDLE_DELAY_MS],
    ['soon', DEFAULT_IDLE_DELAY_MS],
    [undefined, DEFAULT_IDLE_DELAY_MS],
  ])('when <html data-idle-delay> is %s, then the delay is %i ms', (attribute, expected) => {
    const root = document.createElement('html');
    if (attribute !== undefined) root.dataset.idleDelay = attribute;
    expect(idleDelayMs(root)).toBe(expected);
  });
});
