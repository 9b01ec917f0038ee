import { useState } from 'react';
import { seededCache, type ServerData } from '../lib/api/server-data.ts';
import { AppProvider, initialSite } from './provider.tsx';
import { AppRouter } from './router.tsx';

/** The app; `server` when it hydrates a page the server rendered (its data and failures). */
export function App({ server }: { server?: ServerData }) {
  const [site] = useState(() => initialSite(window.location, server !== undefined));
  const failures = server && Object.keys(server.failures).length > 0 ? server.failures : undefined;
  return (
    <AppProvider
      site={site}
      serverRendered={server !== undefined}
      {...(server ? { fallback: server.data } : {})}
      {...(failures ? { swrProvider: () => seededCache(failures) } : {})}
    >
      <AppRouter />
    </AppProvider>
  );
}
