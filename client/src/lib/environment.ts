/**
 * Whether the shop runs in production: the server's NODE_ENV, handed to the page on
 * <html data-env> (server/src/static.ts). Test and developer pages exist only outside production
 * (storefront §2, §6); a build is the same in every environment, so the build mode cannot say.
 */
export function isProduction(root: HTMLElement = document.documentElement): boolean {
  return root.dataset.env === 'production';
}
