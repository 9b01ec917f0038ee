/**
 * The idle indicator (storefront §4 Other): the shopper is flagged idle after a configurable delay
 * without keypress, mousemove, touchmove, click or scroll, and active again at the next of them.
 * The delay is the server's IDLE_DELAY_MS, handed over on <html data-idle-delay> (server/src/static.ts).
 * The watcher is a chunk of its own, loaded once the shell runs (useIdle in idle.ts): nothing of it
 * is needed before the page is shown, and the first route's JavaScript budget is tight.
 */
export const DEFAULT_IDLE_DELAY_MS = 900_000;

/** keydown beside keypress: keypress does not fire for Tab and the arrow keys, which keyboard users press. */
export const ACTIVITY_EVENTS = ['keypress', 'keydown', 'mousemove', 'touchmove', 'click', 'scroll'] as const;

/** The configured delay, or the default when the page carries none (tests, `vite dev`). */
export function idleDelayMs(root: HTMLElement = document.documentElement): number {
  const value = Number(root.dataset.idleDelay);
  return Number.isInteger(value) && value >= 1000 ? value : DEFAULT_IDLE_DELAY_MS;
}

/**
 * Calls `onChange(true)` once `delayMs` pass without activity and `onChange(false)` at the first
 * activity after that. Mouse moves restart the clock at most once a second. Returns the stop function.
 */
export function watchIdle(target: Window, delayMs: number, onChange: (idle: boolean) => void): () => void {
  let idle = false;
  let lastReset = 0;
  let timer = setTimeout(() => flag(true), delayMs);
  function flag(value: boolean) {
    if (idle === value) return;
    idle = value;
    onChange(value);
  }
  const activity = (event: Event) => {
    const now = Date.now();
    if (!idle && event.type === 'mousemove' && now - lastReset < 1000) return;
    lastReset = now;
    clearTimeout(timer);
    timer = setTimeout(() => flag(true), delayMs);
    flag(false);
  };
  for (const type of ACTIVITY_EVENTS) target.addEventListener(type, activity, { passive: true, capture: true });
  return () => {
    clearTimeout(timer);
    for (const type of ACTIVITY_EVENTS) target.removeEventListener(type, activity, { capture: true });
  };
}

// Error reporting (issue 15) starts from this chunk, which loads once the shell runs: the first route's
// JavaScript has no room for it. Built pages only: tests and `vite dev` report nothing.
if (import.meta.env.PROD) {
  import('./error-reporting.ts').then(
    ({ startErrorReporting }) => startErrorReporting(),
    () => undefined,
  );
}

/**
 * The service worker (/worker.js, client/worker/; docs/decisions/018): the shell and its assets
 * offline. Registered from this chunk, a few seconds after the page's `load`, so that its install
 * (it fetches the shell and the first route's assets) never competes with the page becoming
 * interactive: registered at `load`, it doubled the renewal page's Total Blocking Time in Lighthouse
 * (4 runs each on this machine: 37-166 ms without a worker, 128-245 ms registered at load, 74-152 ms
 * registered 5 s after it). Built pages only.
 */
export const WORKER_DELAY_MS = 5000;
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  const register = () =>
    setTimeout(() => void navigator.serviceWorker.register('/worker.js').catch(() => undefined), WORKER_DELAY_MS);
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
