/** reactivateAutoRenewal (POST /api/account/subscriptions/{subscriptionId}/auto-renewal/reactivate): auto-renewal on (account §2). */
import { api, CSRF, request } from '../../../lib/api/client.ts';
import { useMutation } from '../../../lib/api/mutation.ts';

const reactivateAutoRenewal = (subscriptionId: string) =>
  request(
    api.POST('/account/subscriptions/{subscriptionId}/auto-renewal/reactivate', {
      params: { header: CSRF, path: { subscriptionId } },
    }),
  );

/** Turns auto-renewal on, then asks the subscriptions again (the cache table). */
export const useReactivateAutoRenewal = () => useMutation('reactivateAutoRenewal', reactivateAutoRenewal);
