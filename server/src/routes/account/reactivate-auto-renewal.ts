import { subscriptionAction } from '../../http/subscription-action.ts';

/** POST /api/account/subscriptions/{subscriptionId}/auto-renewal/reactivate (account §2 Manage modal, §4). */
export const reactivateAutoRenewal = subscriptionAction<'reactivateAutoRenewal'>('reactivateAutoRenewal');
