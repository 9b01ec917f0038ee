import type { components } from '../../../../generated/proxy/types.ts';
import type { Handler } from '../../context.ts';
import { upstreamError } from '../../errors.ts';

/**
 * GET /api/geolocation: the caller's country and IP from the vehicle services' geolocation. The
 * caller's IP (req.ip, which honours X-Forwarded-For only from trusted proxies) is forwarded.
 */
export const getGeolocation: Handler = async (req, res, ctx) => {
  const ip = (req.ip ?? '').replace(/^::ffff:/, '');
  const { data, error } = await ctx.upstreams.vehicles
    .GET('/v1/geolocation', { headers: ip ? { 'X-Forwarded-For': ip } : {}, signal: req.signal })
    .catch((cause: unknown) => {
      throw upstreamError('vehicles', cause);
    });
  if (error || !data) throw upstreamError('vehicles');
  const body: components['schemas']['Geolocation'] = { country: data.country, ip: data.ip };
  res.setHeader('Cache-Control', 'private, no-store');
  res.json(body);
};
