import type { Request } from 'express';
import { AppError } from '../../errors.ts';
import { forwardEnvelope, MAX_ENVELOPE_BYTES } from '../../services/platform/monitoring-tunnel.ts';
import { httpOperation } from '../../http/operation.ts';

/** The media type the browser's SDK sets for the tunnel (client/src/lib/error-reporting-sentry.ts). */
export const ENVELOPE_TYPE = 'application/x-sentry-envelope';

/** The body's bytes, up to `limit`: a 413 problem beyond it (the rest is not read). */
async function readBody(req: Request, limit: number): Promise<Buffer> {
  const declared = Number(req.get('content-length'));
  const tooLarge = () =>
    new AppError(413, 'payload-too-large', 'Request too large', `An envelope may have up to ${limit} bytes.`);
  if (declared > limit) throw tooLarge();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw tooLarge();
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/**
 * POST /api/monitoring: the browser's error-reporting tunnel (services/platform/monitoring-tunnel.ts). It takes
 * only application/x-sentry-envelope, unencoded: no cross-site form can send that type, and a
 * cross-origin script only after a CORS preflight the proxy never grants, which is why this one POST
 * needs no CSRF token (server.ts).
 */
export const sendMonitoringEnvelope = httpOperation(async (req, res, ctx) => {
  const encoding = req.get('content-encoding');
  if (req.is(ENVELOPE_TYPE) !== ENVELOPE_TYPE || (encoding && encoding !== 'identity')) {
    throw new AppError(415, 'unsupported-media-type', 'Unsupported media type', `Send ${ENVELOPE_TYPE}, not encoded.`);
  }
  res.json(await forwardEnvelope(ctx, await readBody(req, MAX_ENVELOPE_BYTES)));
});
