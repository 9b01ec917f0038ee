/** The app itself, started by main.tsx once the page's header has painted. */
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { ADAS_PRODUCT_ID, preloadRenewalPage } from './features/renewal/api/get-renewal-page.ts';
import { preloadSession } from './lib/api/get-session.ts';
import { DEFAULT_LOCALE, splitLocale } from './lib/locales.ts';

// The first calls start now, beside React's start rather than after its first render: the session
// (its cookie came with the page) and, on a renewal page, the page's one call.
const { locale: prefix, rest } = splitLocale(window.location.pathname);
preloadSession(prefix);
const renewal = /^\/(?:service\/([^/]+)|product)\/?$/.exec(rest);
if (renewal) {
  preloadRenewalPage(
    decodeURIComponent(renewal[1] ?? ADAS_PRODUCT_ID),
    window.location.search,
    prefix ?? DEFAULT_LOCALE,
  );
}

const root = document.getElementById('root');
if (!root) throw new Error('The #root element is missing from index.html');
// The first render as a transition: React renders it in slices and lets the browser paint and
// answer input between them, instead of one long task (Lighthouse's total blocking time).
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
