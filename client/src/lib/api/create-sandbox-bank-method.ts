/** createSandboxBankMethod (POST /api/sandbox/bank-methods): sandbox mode's iDEAL or Bancontact payment method. */
import { useMutation } from './mutation.ts';
import { api, CSRF, request, type components } from './client.ts';

const createSandboxBankMethod = (
  paymentMethodType: components['schemas']['SandboxBankMethodRequest']['paymentMethodType'],
) => request(api.POST('/sandbox/bank-methods', { params: { header: CSRF }, body: { paymentMethodType } }));

export const useCreateSandboxBankMethod = () => useMutation('createSandboxBankMethod', createSandboxBankMethod);
