import { useState } from 'react';
import { hydratesWithAnswers, seededCache, type ServerData } from '../lib/api/server-data.ts';
import { AppProvider, initialSite } from './provider.tsx';
import { AppRouter } from './router.tsx';

/**
 * The app; `server` when it hydrates a page the server rendered (its data and failures), `answers`
 * the server's answers the browser keeps as they are (lib/api/server-data.ts), all of them unless
 * given.
 */
export function App({ server, answers = server?.data }: { server?: ServerData; answers?: Record<string, unknown> }) {
  const [site] = useState(() => initialSite(window.location, server !== undefined));
  // The server painted the consent banner in the page (lib/consent.ts): hydration renders it too.
  const [consentAsked] = useState(() => server !== undefined && document.querySelector('#root .consent') !== null);
  const [swr] = useState(
    () =>
      server && {
        swrProvider: () => seededCache(server.failures, answers),
        swrMiddleware: hydratesWithAnswers(new Set(Object.keys(answers ?? {}))),
      },
  );
  return (
    <AppProvider
      site={site}
      serverRendered={server !== undefined}
      consentAsked={consentAsked}
      {...(server ? { fallback: server.data } : {})}
      {...swr}
    >
      <AppRouter />
    </AppProvider>
  );
}
