import { useState } from 'react';
import { seededCache, type ServerData } from '../lib/api/server-data.ts';
import { AppProvider, initialSite } from './provider.tsx';
import { AppRouter } from './router.tsx';

/** The app; `server` when it hydrates a page the server rendered (its data and failures). */
export function App({ server }: { server?: ServerData }) {
  const [site] = useState(() => initialSite(window.location, server !== undefined));
  // The server painted the consent banner in the page (lib/consent.ts): hydration renders it too.
  const [consentAsked] = useState(() => server !== undefined && document.querySelector('#root .consent') !== null);
  const failures = server && Object.keys(server.failures).length > 0 ? server.failures : undefined;
  return (
    <AppProvider
      site={site}
      serverRendered={server !== undefined}
      consentAsked={consentAsked}
      {...(server ? { fallback: server.data } : {})}
      {...(failures ? { swrProvider: () => seededCache(failures) } : {})}
    >
      <AppRouter />
    </AppProvider>
  );
}
