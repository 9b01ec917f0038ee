/** Starts the external login (storefront §4: authorization code with PKCE, made by the proxy). */
import { api, request } from './api.ts';

export async function startLogin(returnTo: string, locale: string): Promise<void> {
  const { authorizeUrl } = await request(api.GET('/session/login', { params: { query: { returnTo, locale } } }));
  window.location.assign(authorizeUrl);
}
