import { useSyncExternalStore } from 'react';
import { useTranslation } from '../../lib/i18n-react.tsx';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}

/** "You're currently browsing in offline mode" while the browser reports no connection. */
export function OfflineBanner() {
  const online = useOnline();
  const { t } = useTranslation();
  return (
    <div role="status" aria-live="polite" className="offline-banner-region">
      {online ? null : <p className="offline-banner">{t('shell.offlineBanner')}</p>}
    </div>
  );
}
