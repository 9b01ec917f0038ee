import { subscriptionAction } from '../../http/subscription-action.ts';

/** POST /api/account/subscriptions/{subscriptionId}/auto-renewal/cancel (account §2 Manage modal, §4). */
export const cancelAutoRenewal = subscriptionAction<'cancelAutoRenewal'>('cancelAutoRenewal');
