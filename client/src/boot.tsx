/** The app itself, started by main.tsx once the page has painted. */
import './lib/early-errors.ts';
import { startTransition, StrictMode } from 'react';
import { App } from './app/app.tsx';
import { loadConsentBanner } from './components/layout/consent-slot.tsx';
import { routeTable } from './app/routes.tsx';
import { ADAS_PRODUCT_ID, preloadRenewalPage } from './features/renewal/api/get-renewal-page.ts';
import { preloadProxyClient } from './lib/api/client.ts';
import { holdReadsOnLoginReturn } from './lib/api/read-hold.ts';
import { preloadSession } from './lib/api/get-session.ts';
import { readServerData, serverAnswers } from './lib/api/server-data.ts';
import { setLocale } from './lib/i18n.ts';
import { catalogueAt, preloadPagesAt } from './lib/lazy.ts';
import { DEFAULT_LOCALE, parseLocalePath } from '../../domain/locales.ts';
import { pendingOrder } from './lib/order-storage.ts';
import { markHydrating, unlessLeaving } from './lib/page-exit.ts';

const root = document.getElementById('root');
if (!root) throw new Error('The #root element is missing from index.html');
// The browser's request edge: the page's locale prefix, parsed once before anything renders.
const { locale: prefix, rest } = parseLocalePath(window.location.pathname);
// On the login's return page, no read goes before the login has answered (issue 30).
holdReadsOnLoginReturn(rest);
const server = readServerData();

if (server) {
  // The server rendered the page (docs/decisions/006): its answers go into the hooks' cache, and the
  // hooks ask the proxy nothing again; the renewal page asks once more only to report an order an
  // earlier attempt left (storefront §3 orderCreated), which the server cannot know.
  const reportsOrder = pendingOrder() !== null;
  const answers = serverAnswers(server.data, (key) => reportsOrder && key.includes('getRenewalPage'));
  // The page's own catalogue first, as hydration must render the words the server rendered, and the
  // page's chunk, so that the page hydrates in one pass.
  // The renewal page needs the core of the catalogue only; the Shell loads the rest once it runs.
  // First the browser's turn: the app's modules were evaluated in this task, and matching the path
  // (React Router flattens and ranks the whole table) is a long piece of work of its own (issue 35).
  await new Promise((resolve) => setTimeout(resolve, 0));
  // React's DOM renderer, a chunk of its own evaluated in a task of its own (issue 35): evaluated
  // with the app's chunk, the two made one long task.
  const reactDom = import('react-dom/client');
  const routes = routeTable();
  const [{ hydrateRoot }] = await Promise.all([
    reactDom,
    setLocale(prefix ?? DEFAULT_LOCALE, catalogueAt(routes, window.location.pathname)),
    preloadPagesAt(routes, window.location.pathname),
    // The consent banner the server painted hydrates with the page (components/layout/consent-slot.tsx).
    root.querySelector('.consent') ? loadConsentBanner().catch(() => undefined) : undefined,
  ]);
  // The browser's turn between the app's start (its modules' evaluation, the catalogue and the
  // page's chunk) and hydration's first slice, rather than one long task (issue 35).
  await new Promise((resolve) => setTimeout(resolve, 0));
  // Not while the browser follows a link or sends a form the shopper used before the app ran.
  // As a transition: React hydrates in slices and lets the browser paint and answer between them.
  unlessLeaving(() => {
    markHydrating();
    startTransition(() => {
      hydrateRoot(
        root,
        <StrictMode>
          <App server={server} answers={answers} />
        </StrictMode>,
      );
    });
    // The proxy client, for the shopper's first action (the renewal page's "Renew now").
    setTimeout(preloadProxyClient, 0);
  });
} else {
  // Rendered in the browser (`make dev`): the first calls start beside React's start rather than
  // after its first render: the session and, on a renewal page, the page's one call.
  preloadSession(prefix);
  const renewal = /^\/(?:service\/([^/]+)|product)\/?$/.exec(rest);
  if (renewal) {
    preloadRenewalPage(
      decodeURIComponent(renewal[1] ?? ADAS_PRODUCT_ID),
      window.location.search,
      prefix ?? DEFAULT_LOCALE,
    );
  }
  // The first render as a transition: React renders it in slices and lets the browser paint and
  // answer input between them, instead of one long task (Lighthouse's total blocking time).
  const { createRoot } = await import('react-dom/client');
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
}
