/** getMaintenanceStatus (GET /api/maintenance): whether the storefront is in maintenance (polled by lib/maintenance.ts). */
import { api, request } from './client.ts';

export const getMaintenanceStatus = () => request(api.GET('/maintenance'));
