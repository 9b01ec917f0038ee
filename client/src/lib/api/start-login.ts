/** startLogin (GET /api/session/login): the external login (storefront §4: authorization code with PKCE, made by the proxy). */
import { api, request } from './client.ts';

/** Asks the proxy for the identity provider's authorize URL and goes there. */
export async function startLogin(returnTo: string, locale: string): Promise<void> {
  const { authorizeUrl } = await request(api.GET('/session/login', { params: { query: { returnTo, locale } } }));
  window.location.assign(authorizeUrl);
}
