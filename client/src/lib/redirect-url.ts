/**
 * Where a problem's redirectUrl sends the shopper (storefront §6, docs/decisions/016): a page of the
 * shop (a path, under the current locale prefix) or another site, the identity provider's login in
 * production, which the browser opens itself.
 */
export const isExternalUrl = (url: string): boolean => /^[a-z][a-z\d+.-]*:\/\//i.test(url);
