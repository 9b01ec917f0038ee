/**
 * Return targets the shop accepts from the browser (issue 17, open redirects): a path of the shop,
 * or an absolute URL on PUBLIC_ORIGIN. Browsers read `/\host` and `/<tab>/host` as `//host`, another
 * site, so a target is judged by where a browser would resolve it, not by its first characters.
 */

const BASE = 'http://shop.invalid';

/** A path of this shop (`/account/my-subscriptions?x=1`): never another host, scheme or control character. */
export function isShopPath(value: string): boolean {
  // eslint-disable-next-line no-control-regex -- control characters are what is refused
  if (!value.startsWith('/') || /[\u0000-\u001f\u007f\\]/.test(value)) return false;
  try {
    return new URL(value, BASE).origin === BASE;
  } catch {
    return false;
  }
}

/** An absolute URL on the shop's own origin (PUBLIC_ORIGIN). */
export function isShopUrl(value: string, publicOrigin: string): boolean {
  try {
    return new URL(value).origin === publicOrigin;
  } catch {
    return false;
  }
}
