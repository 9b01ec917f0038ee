/** logout (POST /api/session/logout): ends the shopper's login; the answer says where to go next. */
import { useMutation } from './mutation.ts';
import { api, CSRF, request } from './client.ts';

const logout = () => request(api.POST('/session/logout', { params: { header: CSRF } }));

/** Logs out, then reads again the session and every shopper-specific read (the cache table). */
export const useLogout = () => useMutation('logout', logout);
