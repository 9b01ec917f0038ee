/** cancelAutoRenewal (POST /api/account/subscriptions/{subscriptionId}/auto-renewal/cancel): auto-renewal off (account §2). */
import { api, CSRF, request, type components } from '../../../lib/api/client.ts';
import { useMutation } from '../../../lib/api/mutation.ts';

const cancelAutoRenewal = (subscriptionId: string, reason: components['schemas']['CancelAutoRenewalRequest']) =>
  request(
    api.POST('/account/subscriptions/{subscriptionId}/auto-renewal/cancel', {
      params: { header: CSRF, path: { subscriptionId } },
      body: reason,
    }),
  );

/** Turns auto-renewal off, then asks the subscriptions again (the cache table). */
export const useCancelAutoRenewal = () => useMutation('cancelAutoRenewal', cancelAutoRenewal);
