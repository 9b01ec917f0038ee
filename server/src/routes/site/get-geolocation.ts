import type { OpenOperation } from '../../http/operation.ts';
import { geolocation } from '../../services/site/site-info.ts';

/**
 * GET /api/geolocation: the caller's country and IP. The caller's IP (req.ip, which honours
 * X-Forwarded-For only from trusted proxies) is forwarded to the vehicle services.
 */
export const getGeolocation = {
  access: 'anyone',
  run: (ctx, _input, { client, signal }) => geolocation(ctx, client.ipAddress.replace(/^::ffff:/, ''), signal),
} satisfies OpenOperation<'getGeolocation'>;
