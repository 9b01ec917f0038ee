/**
 * The idle indicator's hook (storefront §4 Other; the watcher is idle-watch.ts, a chunk of its own
 * loaded when the shell first runs, off the first route's JavaScript).
 */
import { useEffect, useState } from 'react';

/** True while the shopper is idle; <html data-idle> mirrors it for styles and tests. */
export function useIdle(delayMs?: number): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    let stop: (() => void) | undefined;
    let ended = false;
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
    return () => {
      ended = true;
      stop?.();
    };
  }, [delayMs]);
  return idle;
}
