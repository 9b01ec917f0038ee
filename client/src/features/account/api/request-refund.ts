/** requestRefund (POST /api/account/subscriptions/{subscriptionId}/refund): the manage modal's refund (account §2). */
import { api, CSRF, request, type components } from '../../../lib/api/client.ts';
import { useMutation } from '../../../lib/api/mutation.ts';

const requestRefund = (subscriptionId: string, reason: components['schemas']['RefundRequest']) =>
  request(
    api.POST('/account/subscriptions/{subscriptionId}/refund', {
      params: { header: CSRF, path: { subscriptionId } },
      body: reason,
    }),
  );

/** Requests the refund, then asks the subscriptions, the overview and the renewal page again (the cache table). */
export const useRequestRefund = () => useMutation('requestRefund', requestRefund);
