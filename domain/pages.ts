/**
 * Every page of the shop (storefront §2 "Routes", account §2), once: its path after the locale prefix
 * (react-router's pattern), its page type, the source module of its chunk, whether it is painted
 * with the first answer (a landing page), whether §6's second rule guards it, whether it exists
 * outside production only, and where it redirects. The browser's route table (client/src/app/
 * routes.tsx), the server render's loaders and modules (app/page-data.server.ts), the landing pages'
 * preloads (server/src/static.ts), the forms that work without JavaScript (server/src/render/) and
 * §6's guarded pages (page-access.ts) all read it (issue 33, docs/decisions/034).
 */

/** Page types recognised by the shell (storefront §2); §6's redirects read them too (page-access.ts). */
export type PageType =
  | 'listing'
  | 'feature'
  | 'test'
  | 'error'
  | 'uikit'
  | 'checkout'
  | 'maintenance'
  | 'splash'
  | 'login-redirect'
  | 'restricted-access'
  | 'payment-confirmation'
  | 'adas'
  | 'loqate'
  | 'account'
  | 'terms';

export interface Page {
  /** The path after the locale prefix, as react-router writes it (`service/:productId`); '' is `/`. */
  path: string;
  type?: PageType;
  /** The source of the page's chunk under client/ (its Vite manifest key), for preloads and style sheets. */
  module?: string;
  /** A landing page: index.html preloads its chunk with the first answer. */
  firstPaint?: true;
  /** Storefront §6's second rule sends an unauthenticated customer away from it. */
  guarded?: true;
  /** Built outside production only (storefront §2 test pages). */
  dev?: true;
  /** Answered by the server as a redirect to this path, under the same prefix, with the same query. */
  redirect?: string;
}

const RENEWAL = 'src/app/routes/renewal/renewal-page.tsx';
const ACCOUNT = 'src/app/routes/account/account-pages.tsx';

export const PAGES = {
  main: { path: '', redirect: '/home' },
  home: { path: 'home', type: 'listing', module: 'src/app/routes/home/home-page.tsx' },
  adas: { path: 'product', type: 'adas', module: RENEWAL, firstPaint: true },
  serviceList: { path: 'service', type: 'listing' },
  services: { path: 'services', type: 'listing' },
  renewal: { path: 'service/:productId', type: 'feature', module: RENEWAL, firstPaint: true },
  checkout: {
    path: 'checkout',
    type: 'checkout',
    module: 'src/app/routes/checkout/checkout-page.tsx',
    firstPaint: true,
    guarded: true,
  },
  confirmation: {
    path: 'confirmation/:orderNo',
    module: 'src/app/routes/confirmation/confirmation-page.tsx',
    firstPaint: true,
  },
  paymentConfirmation: { path: 'payment-confirmation', type: 'payment-confirmation', guarded: true },
  account: { path: 'account/*', type: 'account', module: ACCOUNT },
  faqs: { path: 'faqs/*', module: 'src/app/routes/content/faqs-page.tsx' },
  terms: { path: 'terms-conditions', type: 'terms', module: 'src/app/routes/content/terms-page.tsx' },
  subscriptionsRedirect: { path: 'subscriptions-redirect', type: 'login-redirect' },
  callback: { path: 'callback', type: 'login-redirect' },
  callbackForgerock: { path: 'callback/forgerock', type: 'login-redirect' },
  callbackForgerockVcsj: { path: 'callback/forgerock-vcsj', type: 'login-redirect' },
  restrictedAccess: { path: 'restricted-access', type: 'restricted-access' },
  maintenance: { path: 'maintenance', type: 'maintenance' },
  vinError: { path: 'vin-error', type: 'error' },
  invalidMarketVin: { path: 'invalid-market-vin', type: 'error' },
  invalidBrandVin: { path: 'invalid-brand-vin', type: 'error' },
  genericError: { path: 'generic-error', type: 'error' },
  internalServerError: { path: 'internal-server-error', type: 'error' },
  pageNotFound: { path: 'page-not-found', type: 'error' },
  test: { path: 'test', type: 'test', dev: true },
  uikit: { path: 'uikit', type: 'uikit', dev: true },
  loqate: { path: 'loqate', type: 'loqate', dev: true },
  testErrors: { path: 'test-errors', type: 'test', dev: true },
  testMultisite: { path: 'test-multisite-components', type: 'test', dev: true },
  cookiePreferences: { path: 'cookie-preferences', type: 'test', dev: true },
  testOverride: { path: 'test-override', type: 'test', dev: true },
  notFound: { path: '*', type: 'error' },
} as const satisfies Record<string, Page>;

export type PageId = keyof typeof PAGES;

const ENTRIES = Object.entries(PAGES) as Array<[PageId, Page]>;

/** `service/:productId` → a pattern of the path after the prefix, its parameters named (react-router's reading). */
function patternOf(path: string): RegExp {
  if (path === '*') return /^\/.*$/;
  const splat = path.endsWith('/*');
  const body = (splat ? path.slice(0, -2) : path)
    .split('/')
    .map((segment) =>
      segment.startsWith(':') ? `(?<${segment.slice(1)}>[^/]+)` : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('/');
  return new RegExp(`^/${body}${splat ? '(?:/(?<rest>.*))?' : '/?'}$`);
}

/** A path segment decoded; one that is not valid percent-encoding stays as it came. */
function decoded(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

const PATTERNS = ENTRIES.map(([id, page]) => [id, patternOf(page.path)] as const);

/**
 * The page at `rest` (a path after its locale prefix, `/checkout`), with its parameters decoded; the
 * first match in the table's order, which ends with page not found. Production has no test pages.
 */
export function matchPage(
  rest: string,
  production = false,
): { id: PageId; page: Page; params: Record<string, string> } {
  for (const [id, pattern] of PATTERNS) {
    const page: Page = PAGES[id];
    if (page.dev && production) continue;
    const match = pattern.exec(rest);
    if (!match) continue;
    const params = Object.fromEntries(
      Object.entries(match.groups ?? {}).flatMap(([name, value]) =>
        value === undefined ? [] : [[name, decoded(value)]],
      ),
    );
    return { id, page, params };
  }
  return { id: 'notFound', page: PAGES.notFound, params: {} };
}

/** The landing pages, whose chunk index.html preloads with the first answer. */
export const FIRST_PAINT_PAGES: Array<{ id: PageId; module: string }> = ENTRIES.flatMap(([id, page]) =>
  page.firstPaint && page.module ? [{ id, module: page.module }] : [],
);

/** The source module of the page at a route path (app/routes.tsx's, an account page's own), if it has one. */
export function moduleOfRoute(route: string): string | undefined {
  const page = ENTRIES.find(([, entry]) => entry.path === route)?.[1];
  return page?.module ?? (route.startsWith('account/') ? PAGES.account.module : undefined);
}

/**
 * The account area's pages (account §2) under /account (PAGES.account's `account/*`), each path with
 * the page it shows: the account chunk routes within them, the server render reads their data, and
 * an account operation's login returns to the page it serves (server/src/http/customer.ts).
 */
export const ACCOUNT_PATHS = {
  'my-overview': 'overview',
  'my-subscriptions': 'subscriptions',
  'my-services': 'subscriptions',
  'my-orders': 'orders',
  'my-orders/:id/:orderNo': 'order',
  'my-payment-method': 'paymentMethod',
  'my-payment-method/edit-billing-address': 'editBillingAddress',
  'my-payment-method/add-payment-method': 'addPaymentMethod',
  'my-payment-method/edit-payment-method': 'editPaymentMethod',
  'need-help': 'help',
} as const;

export type AccountPath = keyof typeof ACCOUNT_PATHS;
export type AccountPageKey = (typeof ACCOUNT_PATHS)[AccountPath];

/** The path (without locale prefix) of the account page at `path`, its parameters filled in and encoded. */
export function accountPagePath(path: AccountPath, params: Readonly<Record<string, string>> = {}): string {
  return `/account/${path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''))}`;
}
