/**
 * The idle indicator's watcher starts once the browser is idle, not in the effects that follow the
 * page's hydration (issue 35: loading its chunk there was a long task).
 */
import { render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useIdle } from './idle.ts';

function Watcher({ delayMs }: { delayMs: number }) {
  return <p>{useIdle(delayMs) ? 'idle' : 'active'}</p>;
}

afterEach(() => {
  vi.unstubAllGlobals();
  document.documentElement.removeAttribute('data-idle');
});

describe('useIdle', () => {
  it('when the browser has not been idle yet, then the watcher has not started; once it is, the shopper is flagged idle after the delay', async () => {
    const idleCallbacks: Array<() => void> = [];
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => idleCallbacks.push(callback));
    vi.stubGlobal('cancelIdleCallback', () => undefined);
    const { container, unmount } = render(<Watcher delayMs={20} />);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(container.textContent).toBe('active');
    expect(idleCallbacks).toHaveLength(1);
    idleCallbacks[0]!();
    await waitFor(() => expect(container.textContent).toBe('idle'));
    expect(document.documentElement.hasAttribute('data-idle')).toBe(true);
    unmount();
  });

  it('when the page goes before the browser was idle, then the watcher never starts', async () => {
    const cancel = vi.fn();
    vi.stubGlobal('requestIdleCallback', () => 7);
    vi.stubGlobal('cancelIdleCallback', cancel);
    render(<Watcher delayMs={20} />).unmount();
    expect(cancel).toHaveBeenCalledWith(7);
  });
});
