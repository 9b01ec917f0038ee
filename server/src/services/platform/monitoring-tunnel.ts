/**
 * The browser's error-reporting tunnel (POST /api/monitoring, issue 15): the Sentry SDK in the page
 * posts its envelopes to the shop, which forwards them to Sentry. The tunnel is no open relay: an
 * envelope goes only to the configured DSN (SENTRY_DSN), and its header must name that DSN. It scrubs
 * every item again with the browser's scrubber (domain/error-report.ts), so a page running old or
 * altered code still sends no personal data, and drops the kinds of item it cannot read (attachments,
 * profiles, a compressed replay recording: the browser's replay is configured uncompressed).
 */
import type { components } from '../../../../generated/proxy/types.ts';
import { scrubEvent, scrubValue } from '../../../../domain/error-report.ts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { parseEnvelope, serializeEnvelope, EnvelopeError, type EnvelopeItem } from '../../monitoring/envelope.ts';
import { parseDsn, sameDsn } from '../../monitoring/settings.ts';

type MonitoringReceipt = components['schemas']['MonitoringReceipt'];

/** The largest envelope the tunnel takes (a replay segment of a long page is the largest). */
export const MAX_ENVELOPE_BYTES = 1024 * 1024;

/** The problem type of a failed forward: server.ts does not report it to Sentry, which just failed. */
export const NOT_FORWARDED = 'envelope-not-forwarded';

/** Items holding an event: scrubbed as an event (no user, request reduced, personal keys filtered). */
const EVENT_ITEMS = new Set(['event', 'transaction', 'replay_event']);
/** Items holding counts and SDK state: scrubbed as values (a session's `did` and IP go). */
const VALUE_ITEMS = new Set(['session', 'sessions', 'client_report']);

const json = (payload: Buffer): unknown => JSON.parse(payload.toString('utf8'));
const bytes = (value: unknown): Buffer => Buffer.from(JSON.stringify(value));

/**
 * A replay recording: a JSON header line (`{"segment_id":0}`), then the recording's events as JSON.
 * Undefined when it is not JSON (a compressed recording cannot be scrubbed, so it is not forwarded).
 */
function scrubRecording(payload: Buffer): Buffer | undefined {
  const newline = payload.indexOf(0x0a);
  if (newline < 0) return undefined;
  try {
    const header = json(payload.subarray(0, newline));
    const events = json(payload.subarray(newline + 1));
    return Buffer.concat([bytes(header), Buffer.from('\n'), bytes(scrubValue(events))]);
  } catch {
    return undefined;
  }
}

function scrubItem(item: EnvelopeItem): EnvelopeItem | undefined {
  const type = String(item.header.type);
  try {
    if (EVENT_ITEMS.has(type)) return { header: item.header, payload: bytes(scrubEvent(json(item.payload) as object)) };
    if (VALUE_ITEMS.has(type)) return { header: item.header, payload: bytes(scrubValue(json(item.payload))) };
  } catch {
    return undefined;
  }
  if (type === 'replay_recording') {
    const payload = scrubRecording(item.payload);
    return payload ? { header: item.header, payload } : undefined;
  }
  return undefined;
}

/** Scrubs the envelope and forwards it to the configured DSN; an AppError when it may not or could not. */
export async function forwardEnvelope(ctx: AppContext, body: Buffer): Promise<MonitoringReceipt> {
  const settings = ctx.config.errorReporting;
  if (!settings) {
    throw new AppError(404, 'error-reporting-off', 'Error reporting is off', 'No error-reporting DSN is configured.');
  }
  let envelope;
  try {
    envelope = parseEnvelope(body);
  } catch (error) {
    if (error instanceof EnvelopeError) throw new AppError(400, 'invalid-envelope', 'Invalid envelope', error.message);
    throw error;
  }
  const dsn = typeof envelope.header.dsn === 'string' ? parseDsn(envelope.header.dsn) : undefined;
  if (!dsn) {
    throw new AppError(400, 'invalid-envelope', 'Invalid envelope', "The envelope's header names no DSN.");
  }
  if (!sameDsn(dsn, settings.dsn)) {
    throw new AppError(
      403,
      'envelope-dsn-refused',
      'DSN refused',
      "This tunnel forwards envelopes for the shop's own DSN only.",
    );
  }

  let items = envelope.items.map(scrubItem).filter((item): item is EnvelopeItem => item !== undefined);
  // A replay's event without its recording is an empty replay: both go, or neither.
  if (!items.some((item) => item.header.type === 'replay_recording')) {
    items = items.filter((item) => item.header.type !== 'replay_event');
  }
  const id = typeof envelope.header.event_id === 'string' ? envelope.header.event_id : undefined;
  if (items.length === 0) return { ...(id ? { id } : {}), items: 0 };
  // The header's DSN is the configured one, written again: the scrubber would take its key for an e-mail address.
  const header = { ...scrubEvent(envelope.header), dsn: settings.dsn.value };

  let answer: Response;
  try {
    answer = await fetch(settings.dsn.envelopeUrl, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-sentry-envelope',
        'X-Sentry-Auth': `Sentry sentry_version=7, sentry_key=${settings.dsn.publicKey}, sentry_client=shop-tunnel/1`,
      },
      body: new Uint8Array(serializeEnvelope({ header, items })),
      signal: AbortSignal.timeout(ctx.config.upstreamTimeoutMs),
    });
    await answer.arrayBuffer();
  } catch (cause) {
    ctx.logger.warn({ err: cause }, 'error report not forwarded');
    throw new AppError(502, NOT_FORWARDED, 'Not forwarded', 'Sentry did not take the envelope.');
  }
  if (answer.status === 429) {
    const passed: Record<string, string> = {};
    for (const name of ['Retry-After', 'X-Sentry-Rate-Limits']) {
      const value = answer.headers.get(name);
      if (value) passed[name] = value;
    }
    throw new AppError(
      429,
      'rate-limited',
      'Too many requests',
      'Sentry asks to send no more events for now.',
      {},
      passed,
    );
  }
  if (!answer.ok) {
    ctx.logger.warn({ status: answer.status }, 'error report refused by Sentry');
    throw new AppError(502, NOT_FORWARDED, 'Not forwarded', 'Sentry did not take the envelope.');
  }
  return { ...(id ? { id } : {}), items: items.length };
}
