/** logout (POST /api/session/logout): ends the shopper's login; the answer says where to go next. */
import { useMutation } from './mutation.ts';
import { api, CSRF, request, setCsrfToken } from './client.ts';

/** The logout rotates the session's CSRF token (issue 16): the next change sends the new one. */
const logout = async () => {
  const result = await request(api.POST('/session/logout', { params: { header: CSRF } }));
  setCsrfToken(result.session.csrfToken);
  return result;
};

/** Logs out, then reads again the session and every shopper-specific read (the cache table). */
export const useLogout = () => useMutation('logout', logout);
