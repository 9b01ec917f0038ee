/**
 * requestRefund, cancelAutoRenewal and reactivateAutoRenewal (POST
 * /api/account/subscriptions/{subscriptionId}/…): the manage modal's actions (account §2 step two),
 * each followed by its cache row (the subscriptions and the overview are asked again).
 */
import { api, CSRF, request, type components } from '../../../lib/api/client.ts';
import { useMutation } from '../../../lib/api/mutation.ts';

export type CancellationReason = components['schemas']['RefundRequest'];

const path = (subscriptionId: string) => ({ header: CSRF, path: { subscriptionId } });

const requestRefund = (subscriptionId: string, reason: CancellationReason) =>
  request(api.POST('/account/subscriptions/{subscriptionId}/refund', { params: path(subscriptionId), body: reason }));

const cancelAutoRenewal = (subscriptionId: string, reason: components['schemas']['CancelAutoRenewalRequest']) =>
  request(
    api.POST('/account/subscriptions/{subscriptionId}/auto-renewal/cancel', {
      params: path(subscriptionId),
      body: reason,
    }),
  );

const reactivateAutoRenewal = (subscriptionId: string) =>
  request(
    api.POST('/account/subscriptions/{subscriptionId}/auto-renewal/reactivate', { params: path(subscriptionId) }),
  );

export const useRequestRefund = () => useMutation('requestRefund', requestRefund);
export const useCancelAutoRenewal = () => useMutation('cancelAutoRenewal', cancelAutoRenewal);
export const useReactivateAutoRenewal = () => useMutation('reactivateAutoRenewal', reactivateAutoRenewal);
