/**
 * The shop's origins that the sandbox's OAuth clients register (issue 32), as a real tenant registers
 * a client's redirect URIs: SLAS's public shopper-login clients take a redirect URI on any path of
 * these origins, the identity provider's client `webshop` its three callbacks on each, and its
 * RP-initiated logout each origin as a post-logout redirect. Anything else stays refused with the
 * upstream's own error, as the real services refuse it.
 *
 * SANDBOX_SHOP_ORIGINS (main.ts) lists them, comma-separated; `make start` (scripts/start.ts) gives
 * the proxy's PUBLIC_ORIGIN, so `PORT=3005 SANDBOX_PORT=4020 make start` registers
 * http://localhost:3005. Without it: http://localhost:3000, the stable port of DESIGN.md.
 */

export const DEFAULT_SHOP_ORIGINS: readonly string[] = ['http://localhost:3000'];

/** The variable main.ts reads (and scripts/start.ts sets). */
export const SHOP_ORIGINS_ENV = 'SANDBOX_SHOP_ORIGINS';

/**
 * The origins of a SANDBOX_SHOP_ORIGINS value (comma-separated; a trailing slash is dropped); the
 * default when it is unset or blank. Throws, naming the entry, when one is not an http(s) origin
 * without path, query or fragment.
 */
export function parseShopOrigins(value: string | undefined): readonly string[] {
  const entries = (value ?? '')
    .split(',')
    .map((entry) => entry.trim().replace(/\/$/, ''))
    .filter((entry) => entry !== '');
  if (entries.length === 0) return DEFAULT_SHOP_ORIGINS;
  for (const entry of entries) {
    const url = URL.canParse(entry) ? new URL(entry) : undefined;
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.origin !== entry)
      throw new Error(
        `${SHOP_ORIGINS_ENV}: '${entry}' is not an origin such as http://localhost:3005 (scheme, host and port only)`,
      );
  }
  return [...new Set(entries)];
}

/** Whether `uri` is on one of `origins` (any path): SLAS's registered redirect URIs of the sandbox's clients. */
export function onShopOrigin(uri: string, origins: readonly string[]): boolean {
  return URL.canParse(uri) && origins.includes(new URL(uri).origin);
}
