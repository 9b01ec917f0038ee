/**
 * completeLogin (POST /api/session/login/callback): the proxy exchanges the identity provider's
 * code with the PKCE verifier it kept and answers where the login started. The login rotates the
 * session's id and CSRF token (issue 16): the next change sends the new token, and the reads the
 * return page held (issue 30) are sent with the new cookie.
 */
import { useMutation } from '../../../lib/api/mutation.ts';
import { api, CSRF, request, setCsrfToken, type components } from '../../../lib/api/client.ts';
import { releaseReads } from '../../../lib/api/read-hold.ts';

const completeLogin = async (body: components['schemas']['LoginCallbackRequest']) => {
  try {
    const result = await request(api.POST('/session/login/callback', { params: { header: CSRF }, body }));
    setCsrfToken(result.session.csrfToken);
    return result;
  } finally {
    // The reads the return page held go now, with the cookie the login set (read-hold.ts), and
    // before the cache table asks them again.
    releaseReads();
  }
};

/** Completes the login, then drops and reads again every shopper-specific answer (the cache table). */
export const useCompleteLogin = () => useMutation('completeLogin', completeLogin);
