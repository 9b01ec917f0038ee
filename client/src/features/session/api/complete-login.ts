/**
 * completeLogin (POST /api/session/login/callback): the proxy exchanges the identity provider's
 * code with the PKCE verifier it kept and answers where the login started. The login rotates the
 * session's id and CSRF token (issue 16): the next change sends the new token.
 */
import { useMutation } from '../../../lib/api/mutation.ts';
import { api, CSRF, request, setCsrfToken, type components } from '../../../lib/api/client.ts';

const completeLogin = async (body: components['schemas']['LoginCallbackRequest']) => {
  const result = await request(api.POST('/session/login/callback', { params: { header: CSRF }, body }));
  setCsrfToken(result.session.csrfToken);
  return result;
};

/** Completes the login, then drops and reads again every shopper-specific answer (the cache table). */
export const useCompleteLogin = () => useMutation('completeLogin', completeLogin);
