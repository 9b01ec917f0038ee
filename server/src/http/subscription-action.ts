/**
 * The manage modal's actions (account §2, §5): refund and auto-renewal off and on, each with its
 * optional reason read as §5 says, under the session's lock so a double click or a second tab sees
 * the first request's change (withLockedShopper).
 */
import type { z } from 'zod';
import {
  zCancelAutoRenewalBody,
  zCancelAutoRenewalPath,
  zReactivateAutoRenewalPath,
  zRequestRefundBody,
  zRequestRefundPath,
} from '../../../generated/proxy/zod/zod.gen.ts';
import { OTHER_REASON, TEXT_TOO_LONG_MESSAGE } from '../../../domain/subscription.ts';
import type { Handler } from '../context.ts';
import { AppError } from '../errors.ts';
import { sendNoStore } from './send.ts';
import { withLockedShopper } from './shopper.ts';
import { changeOwnSubscription, type SubscriptionAction } from '../services/account/subscriptions.ts';
import { parsePath } from '../validate.ts';

const invalid = (field: string, message: string, code: string) =>
  new AppError(400, 'validation-error', 'Your request has invalid fields', message, {
    errors: [{ field, message, code }],
  });

/**
 * The optional reason and additional information (account §5): a reason from the list, text of at
 * most 150 characters and only with the reason Other. Field errors carry the form's own words.
 */
function cancellationOf(
  schema: typeof zRequestRefundBody | typeof zCancelAutoRenewalBody,
  body: unknown,
  mediaType: string | undefined,
) {
  if (body === undefined && mediaType !== undefined && !/^application\/([\w.+-]+\+)?json$/i.test(mediaType)) {
    // A body sent as something else than JSON is not read at all: refuse it rather than act without it.
    throw invalid('/', 'The body must be JSON (Content-Type: application/json).', 'invalid_type');
  }
  if (body !== undefined && (typeof body !== 'object' || body === null || Array.isArray(body))) {
    throw invalid('/', 'The body must be a JSON object.', 'invalid_type');
  }
  const raw = (body ?? {}) as Record<string, unknown>;
  const unknownField = Object.keys(raw).find((key) => key !== 'reason' && key !== 'additionalInfo');
  if (unknownField) throw invalid(`/${unknownField}`, `Unknown field '${unknownField}'.`, 'unrecognized_keys');
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    if (issue.path[0] === 'additionalInfo') {
      throw issue.code === 'too_big'
        ? invalid('/additionalInfo', TEXT_TOO_LONG_MESSAGE, 'max_length')
        : invalid('/additionalInfo', 'Enter text.', 'invalid_type');
    }
    throw invalid('/reason', 'Please select a value', 'enum');
  }
  const value: z.output<typeof schema> = parsed.data;
  if (value.additionalInfo?.trim() && value.reason !== OTHER_REASON) {
    throw invalid('/additionalInfo', 'Additional information goes with the reason Other.', 'not_allowed');
  }
  return { reason: value.reason, additionalInfo: value.additionalInfo?.trim() || undefined };
}

/** The handler of one manage-modal action (routes/account/request-refund.ts and the two auto-renewal ones). */
export function subscriptionActionHandler(action: SubscriptionAction): Handler {
  const pathSchema =
    action === 'refund'
      ? zRequestRefundPath
      : action === 'cancelAutoRenewal'
        ? zCancelAutoRenewalPath
        : zReactivateAutoRenewalPath;
  return async (req, res, ctx) => {
    const { subscriptionId } = parsePath(pathSchema, req);
    const reason =
      action === 'reactivateAutoRenewal'
        ? {}
        : cancellationOf(
            action === 'refund' ? zRequestRefundBody : zCancelAutoRenewalBody,
            req.body,
            req.headers['content-type']?.split(';')[0]!.trim(),
          );
    const result = await withLockedShopper(req, res, ctx, (shopper) =>
      changeOwnSubscription(ctx, shopper, subscriptionId, action, reason),
    );
    sendNoStore(res, result);
  };
}
