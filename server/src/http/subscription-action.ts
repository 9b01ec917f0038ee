/**
 * The manage modal's actions (account §2, §5): refund and auto-renewal off and on, each with its
 * optional reason read as §5 says, under the session's lock so a double click or a second tab sees
 * the first request's change (the operation is `locked`).
 */
import { accountPagePath } from '../../../domain/pages.ts';
import type { z } from 'zod';
import { zCancelAutoRenewalBody, zRequestRefundBody } from '../../../generated/proxy/zod/zod.gen.ts';
import { isTextTooLong, TEXT_TOO_LONG_MESSAGE } from '../../../domain/text-area.ts';
import { ADDITIONAL_INFO_MAX, OTHER_REASON } from '../../../domain/subscription.ts';
import { AppError } from '../errors.ts';
import type { ShopperOperation } from './operation.ts';
import { changeOwnSubscription, type SubscriptionAction } from '../services/account/subscriptions.ts';

const invalid = (field: string, message: string, code: string) =>
  new AppError(400, 'validation-error', 'Your request has invalid fields', message, {
    errors: [{ field, message, code }],
  });

/**
 * The optional reason and additional information (account §5): a reason from the list, text of at
 * most 150 characters and only with the reason Other. Field errors carry the form's own words.
 */
type Cancellation = { reason?: string; additionalInfo?: string };

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
  // The limit counts characters as a person does (and as JSON Schema's maxLength does: code points),
  // as the form's counter; the schema's own check would count an emoji twice (issue 34).
  const info = raw.additionalInfo;
  if (typeof info === 'string' && isTextTooLong(info, ADDITIONAL_INFO_MAX)) {
    throw invalid('/additionalInfo', TEXT_TOO_LONG_MESSAGE, 'max_length');
  }
  const parsed = schema.safeParse(typeof info === 'string' ? { ...raw, additionalInfo: '' } : raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    if (issue.path[0] === 'additionalInfo') {
      throw issue.code === 'too_big'
        ? invalid('/additionalInfo', TEXT_TOO_LONG_MESSAGE, 'max_length')
        : invalid('/additionalInfo', 'Enter text.', 'invalid_type');
    }
    throw invalid('/reason', 'Please select a value', 'enum');
  }
  const value: z.output<typeof schema> = {
    ...parsed.data,
    ...(typeof info === 'string' ? { additionalInfo: info } : {}),
  };
  if (value.additionalInfo?.trim() && value.reason !== OTHER_REASON) {
    throw invalid('/additionalInfo', 'Additional information goes with the reason Other.', 'not_allowed');
  }
  return { reason: value.reason, additionalInfo: value.additionalInfo?.trim() || undefined };
}

/** One manage-modal action's operation (routes/account/request-refund.ts and the two auto-renewal ones). */
export function subscriptionAction<Id extends 'requestRefund' | 'cancelAutoRenewal' | 'reactivateAutoRenewal'>(
  action: SubscriptionAction,
): ShopperOperation<Id> {
  return {
    access: { customer: () => accountPagePath('my-subscriptions') },
    locked: true,
    cache: 'no-store',
    parseBody: (body, mediaType) =>
      action === 'reactivateAutoRenewal'
        ? {}
        : cancellationOf(action === 'refund' ? zRequestRefundBody : zCancelAutoRenewalBody, body, mediaType),
    run: (ctx, shopper, input) => {
      const { path, body } = input as { path: { subscriptionId: string }; body?: Cancellation };
      return changeOwnSubscription(ctx, shopper, path.subscriptionId, action, body ?? {});
    },
  };
}
