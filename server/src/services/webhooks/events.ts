/**
 * What both providers' webhooks share (issue 29): the 401 of a signature that does not hold, and
 * handing the verified events to the order attempts' owner (services/attempts/), which dedupes them
 * by eventId, so that a redelivered event changes nothing.
 */
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import type { ProviderEvent } from '../attempts/provider-events.ts';

/** How long a provider is asked to wait before sending an event the journal could not take. */
const RETRY_AFTER_SECONDS = 60;

/**
 * A missing, wrong or stale signature (or Adyen's Basic authentication): 401, so that the provider
 * retries and its failed-delivery alert shows; nothing of the body is acted on.
 */
export function signatureInvalid(detail: string, headers: Record<string, string> = {}): AppError {
  return new AppError(401, 'webhook-signature-invalid', 'Invalid webhook signature', detail, {}, headers);
}

/**
 * Hands each verified event to the attempts' owner, in the order the provider sent them. An owner
 * that cannot record one (its journal unreachable) makes the answer a 503: the provider sends the
 * whole delivery again later, and the events already recorded are deduplicated then.
 */
export async function recordProviderEvents(ctx: AppContext, events: ProviderEvent[]): Promise<void> {
  for (const event of events) {
    ctx.logger.info({ provider: event.provider, kind: event.kind, eventId: event.eventId }, 'provider event');
    try {
      await ctx.attempts.providerEvent(event);
    } catch (error) {
      if (error instanceof AppError) throw error;
      ctx.logger.error({ err: error, eventId: event.eventId }, 'provider event not recorded');
      throw new AppError(
        503,
        'webhook-not-recorded',
        'Not recorded',
        'The event could not be recorded; send it again later.',
        {},
        { 'Retry-After': String(RETRY_AFTER_SECONDS) },
      );
    }
  }
}
