import { useState } from 'react';
import { AppProvider, initialSite } from './provider.tsx';
import { AppRouter } from './router.tsx';

export function App() {
  const [site] = useState(initialSite);
  return (
    <AppProvider site={site}>
      <AppRouter />
    </AppProvider>
  );
}
