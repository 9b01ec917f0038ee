import type { Handler } from '../../context.ts';
import { sendPrivate } from '../../http/send.ts';
import { geolocation } from '../../services/site-info.ts';

/**
 * GET /api/geolocation: the caller's country and IP. The caller's IP (req.ip, which honours
 * X-Forwarded-For only from trusted proxies) is forwarded to the vehicle services.
 */
export const getGeolocation: Handler = async (req, res, ctx) => {
  sendPrivate(res, await geolocation(ctx, (req.ip ?? '').replace(/^::ffff:/, ''), req.signal));
};
