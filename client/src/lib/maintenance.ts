/**
 * Maintenance polling (storefront §4 Maintenance): every 120000 ms the storefront status is read;
 * in maintenance the shopper is taken to /maintenance, where polling stops. The first check waits
 * for the page's main content (lib/page-ready.ts), so it never delays the first screen. While the
 * shopper is idle (lib/idle.ts) polling rests; the first activity after that checks at once.
 */
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useLocale } from './locales.ts';
import { getMaintenanceStatus } from './api/get-maintenance-status.ts';
import { mainContentShown } from './page-ready.ts';

export const MAINTENANCE_POLL_MS = 120_000;

export function useMaintenancePolling(onMaintenancePage: boolean, idle = false): void {
  const navigate = useNavigate();
  const { to } = useLocale();
  useEffect(() => {
    if (onMaintenancePage || idle) return;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = async () => {
      try {
        const status = await getMaintenanceStatus();
        if (live && status.maintenance) {
          void navigate(to('/maintenance'), { replace: true });
          return;
        }
      } catch {
        // Offline, the proxy is down or answered an error: try again at the next tick.
      }
      if (live) timer = setTimeout(() => void check(), MAINTENANCE_POLL_MS);
    };
    void mainContentShown().then(() => live && void check());
    return () => {
      live = false;
      if (timer) clearTimeout(timer);
    };
  }, [onMaintenancePage, idle, navigate, to]);
}
