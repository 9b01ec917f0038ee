/**
 * Error reporting in the browser (issue 15): this small chunk asks the site's configuration (GET /api/site)
 * whether error reporting is on, and only then loads the Sentry SDK (error-reporting-sentry.ts, a chunk
 * of its own). It starts from the idle watcher's chunk (idle-watch.ts), which loads once the shell runs.
 *
 * The first route's JavaScript is held to 100 KB and has no room for any of this. So this chunk imports
 * nothing at all: a chunk with imports makes every chunk on the way to it list them for preloading, the
 * first route's chunk included. That is why it reads GET /api/site with fetch rather than through the
 * proxy client's operation file (lib/api/get-site-config.ts), which lives in the first route's chunk.
 *
 * Errors before the SDK runs are not lost: main.tsx holds window.onerror and window.onunhandledrejection
 * until then and keeps their arguments on `window.__earlyErrors`; the SDK reports them once it runs, and
 * without a DSN the handlers and the queue go.
 */
import type { components } from '../../../generated/proxy/types.ts';

type SiteConfig = components['schemas']['SiteConfig'];

/** The arguments of the window.onerror and window.onunhandledrejection calls main.tsx held. */
export type EarlyErrors = unknown[][];

declare global {
  interface Window {
    __earlyErrors?: EarlyErrors;
  }
}

/** Takes the held errors over: main.tsx's handlers stop, and the queue is handed out (once). */
export function takeEarlyErrors(win: Window = window): EarlyErrors {
  const early = win.__earlyErrors ?? [];
  if (win.__earlyErrors) {
    win.onerror = null;
    win.onunhandledrejection = null;
    delete win.__earlyErrors;
  }
  return early;
}

/**
 * The page's site: <html data-site>, which the server sets (aurora, the default site, in index.html).
 * Read here rather than from lib/site.tsx, for the reason above.
 */
const currentSite = (): string => document.documentElement.dataset.site || 'aurora';

/** GET /api/site's errorReporting (openapi/proxy.yaml SiteConfig); undefined when it is off. */
async function errorReportingConfig(site: string): Promise<SiteConfig['errorReporting']> {
  // eslint-disable-next-line no-restricted-syntax -- this chunk imports nothing (see above)
  const response = await fetch(`/api/site?site=${encodeURIComponent(site)}`, {
    credentials: 'same-origin',
    headers: { Accept: 'application/json' },
  });
  if (!response.ok) return undefined;
  return ((await response.json()) as SiteConfig).errorReporting;
}

let started: Promise<boolean> | undefined;

/**
 * Starts error reporting when the site's configuration names a DSN. Resolves whether it runs; never
 * rejects (the shop works without it). Once per page.
 */
export function startErrorReporting(site: string = currentSite()): Promise<boolean> {
  started ??= (async () => {
    try {
      const config = await errorReportingConfig(site);
      if (!config) return false;
      const { startSentry } = await import('./error-reporting-sentry.ts');
      startSentry(config, takeEarlyErrors());
      return true;
    } catch {
      return false;
    } finally {
      // Off, or the configuration or the SDK could not be loaded: main.tsx's handlers go all the same.
      takeEarlyErrors();
    }
  })();
  return started;
}
