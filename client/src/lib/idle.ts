/**
 * The idle indicator's hook (storefront §4 Other; the watcher is idle-watch.ts, a chunk of its own
 * loaded when the shell first runs, off the first route's JavaScript).
 */
import { useEffect, useState } from 'react';

/** The longest the watcher waits for the browser to be idle before it starts all the same. */
const IDLE_START_TIMEOUT_MS = 1000;

/** Runs `then` once the browser is idle (at the latest after IDLE_START_TIMEOUT_MS); returns the cancel. */
function whenIdle(then: () => void): () => void {
  // Not in every browser the shop supports (Safari before 18.4), nor in jsdom.
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(then, { timeout: IDLE_START_TIMEOUT_MS });
    return () => window.cancelIdleCallback(id);
  }
  const id = setTimeout(then, 0);
  return () => clearTimeout(id);
}

/** True while the shopper is idle; <html data-idle> mirrors it for styles and tests. */
export function useIdle(delayMs?: number): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    let stop: (() => void) | undefined;
    let ended = false;
    const watch = () => {
      if (ended) return;
      import('./idle-watch.ts').then(
        ({ watchIdle, idleDelayMs }) => {
          if (ended) return;
          stop = watchIdle(window, delayMs ?? idleDelayMs(), (value) => {
            document.documentElement.toggleAttribute('data-idle', value);
            setIdle(value);
          });
        },
        () => undefined,
      );
    };
    // When the browser has nothing else to do (issue 35): not in the hydration's own effects, where
    // loading the chunk (its links, its evaluation, the error reporting it starts) was a long task.
    const cancel = whenIdle(watch);
    return () => {
      ended = true;
      cancel();
      stop?.();
    };
  }, [delayMs]);
  return idle;
}
