/** createSandboxBankMethod (POST /api/sandbox/bank-methods): sandbox mode's iDEAL or Bancontact payment method. */
import { useMutation } from '../../../lib/api/mutation.ts';
import { api, CSRF, request, type components } from '../../../lib/api/client.ts';

/** The method type, with the Elements group's options as Stripe.js would know them (the sandbox checks them). */
const createSandboxBankMethod = (body: components['schemas']['SandboxBankMethodRequest']) =>
  request(api.POST('/sandbox/bank-methods', { params: { header: CSRF }, body }));

export const useCreateSandboxBankMethod = () => useMutation('createSandboxBankMethod', createSandboxBankMethod);
