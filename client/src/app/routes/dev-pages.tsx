/**
 * The test and developer pages of storefront §2 (outside production only): one chunk that
 * production never loads. They compose the shop's own features and components, so what a tester
 * sees here is what the shop does.
 */
export { CookiePreferencesPage } from './dev-pages/cookie-preferences-page.tsx';
export { LoqatePage } from './dev-pages/loqate-page.tsx';
export { TestErrorsPage } from './dev-pages/test-errors-page.tsx';
export { TestOverridePage } from './dev-pages/test-override-page.tsx';
export { TestPage } from './dev-pages/test-page.tsx';
export { TestMultisitePage, UiKitPage } from './dev-pages/ui-kit-pages.tsx';
