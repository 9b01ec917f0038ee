/**
 * completeLogin (POST /api/session/login/callback): the proxy exchanges the identity provider's
 * code with the PKCE verifier it kept and answers where the login started.
 */
import { useMutation } from '../../../lib/api/mutation.ts';
import { api, CSRF, request, type components } from '../../../lib/api/client.ts';

const completeLogin = (body: components['schemas']['LoginCallbackRequest']) =>
  request(api.POST('/session/login/callback', { params: { header: CSRF }, body }));

/** Completes the login, then drops and reads again every shopper-specific answer (the cache table). */
export const useCompleteLogin = () => useMutation('completeLogin', completeLogin);
