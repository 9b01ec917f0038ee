import { subscriptionAction } from '../../http/subscription-action.ts';

/** POST /api/account/subscriptions/{subscriptionId}/refund (account §2 Manage modal, §4). */
export const requestRefund = subscriptionAction<'requestRefund'>('refund');
