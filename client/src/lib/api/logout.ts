/** logout (POST /api/session/logout): ends the shopper's login; the answer says where to go next. */
import { useMutation } from './mutation.ts';
import { api, CSRF, request, setCsrfToken } from './client.ts';
import { holdReads, releaseReads } from './read-hold.ts';

/**
 * The logout rotates the session's id and CSRF token (issue 16): the next change sends the new
 * token. Reads asked while it runs wait for its answer (read-hold.ts, issue 30), and then go with
 * the cookie it set, rather than with the old one, whose answer could land after the logout's.
 */
const logout = async () => {
  holdReads();
  try {
    const result = await request(api.POST('/session/logout', { params: { header: CSRF } }));
    setCsrfToken(result.session.csrfToken);
    return result;
  } finally {
    releaseReads();
  }
};

/** Logs out, then reads again the session and every shopper-specific read (the cache table). */
export const useLogout = () => useMutation('logout', logout);
