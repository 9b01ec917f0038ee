/** createSandboxWalletMethod (POST /api/sandbox/wallet-methods): the sandbox wallet sheet's Pay. */
import { useMutation } from '../../../lib/api/mutation.ts';
import { api, CSRF, request, type components } from '../../../lib/api/client.ts';

/** The wallet and the card chosen in the sheet, with the Elements group's options in Stripe markets. */
const createSandboxWalletMethod = (body: components['schemas']['SandboxWalletRequest']) =>
  request(api.POST('/sandbox/wallet-methods', { params: { header: CSRF }, body }));

export const useCreateSandboxWalletMethod = () => useMutation('createSandboxWalletMethod', createSandboxWalletMethod);
