import type { OpenOperation } from '../../http/operation.ts';
import { DEFAULT_LOCALE } from '../../../../domain/locales.ts';
import { maintenanceStatus } from '../../services/site/site-info.ts';

/** GET /api/maintenance: the storefront's maintenance flag (storefront §4 Maintenance). */
export const getMaintenanceStatus = {
  access: 'anyone',
  cache: 'no-store',
  run: (ctx, _input, { session, site, signal }) =>
    maintenanceStatus(ctx, { site, locale: session?.locale ?? DEFAULT_LOCALE, signal }),
} satisfies OpenOperation<'getMaintenanceStatus'>;
