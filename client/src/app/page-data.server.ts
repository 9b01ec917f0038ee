/**
 * What each page reads while it renders on the server (entry-server.tsx): the operations its hooks
 * call over HTTP, answered in-process by the proxy (domain/page-render.ts), kept under the keys
 * those hooks ask with, so the browser's cache takes them over when the page hydrates. Also the
 * page's title and description, where it redirects instead, and its status. Server only: the
 * browser's bundle never imports this module (*.server.ts).
 */
import type { TFunction } from '../lib/translator.ts';
import type { Key } from 'swr';
import { isPageReadError, type PageRead, type PageReadError } from '../../../domain/page-render.ts';
import { getAccountOverviewKey } from '../features/account/api/get-account-overview.ts';
import { getHelpContentKey } from '../features/account/api/get-help-content.ts';
import { getOrderKey, orderTestHooks } from '../features/account/api/get-order.ts';
import { getPaymentMethodKey } from '../features/account/api/get-payment-method.ts';
import { listOrdersKey } from '../features/account/api/list-orders.ts';
import { listSubscriptionsKey } from '../features/account/api/list-subscriptions.ts';
import { ORDERS_PAGE_SIZE } from '../../../domain/my-orders.ts';
import { getCheckoutStateKey } from '../features/checkout/api/get-checkout-state.ts';
import { getOrderConfirmationKey } from '../features/confirmation/api/get-order-confirmation.ts';
import {
  faqCategoryOf,
  faqSearchOf,
  faqsQuery,
  searchFaqsKey,
  topFaqsQuery,
} from '../features/content/api/search-faqs.ts';
import { TERMS_ASSET_ID } from '../features/content/content-assets.ts';
import { ADAS_PRODUCT_ID, getRenewalPageKey, renewalQuery } from '../features/renewal/api/get-renewal-page.ts';
import { renewalFailure } from '../features/renewal/renewal-errors.ts';
import { FOOTER_ASSET_ID, FOOTER_COPYRIGHT_ASSET_ID } from '../components/layout/footer.tsx';
import { NEED_HELP_ASSET_ID } from '../components/ui/need-help.tsx';
import { getContentAssetKey } from '../lib/api/get-content-asset.ts';
import { getSessionKey } from '../lib/api/get-session.ts';
import { getSiteConfigKey } from '../lib/api/get-site-config.ts';
import { localePath, type LocaleId } from '../lib/locales.ts';
import { isExternalUrl } from '../lib/redirect-url.ts';
import { REDIRECT_SOURCE_FACT } from '../features/errors/redirect-facts.ts';
import { PAGES } from '../../../domain/pages.ts';

export interface PageInput {
  /** The matched route's path pattern (app/routes.tsx), e.g. `service/:productId`. */
  route: string;
  params: Record<string, string | undefined>;
  /** The page's path as the request named it (with its locale prefix), without the query. */
  pathname: string;
  search: string;
  /** The URL's locale prefix, if any, and the effective locale. */
  prefix: LocaleId | undefined;
  locale: LocaleId;
  /** The brand's site the page is rendered for. */
  site: string;
  /** Runs one of the proxy's operations for the page, as the browser's hooks call it over HTTP. */
  read: PageRead;
  t: TFunction;
}

export interface PageData {
  /** [SWR key, answer] of every read. */
  entries: Array<[key: Key, data: unknown]>;
  /** Reads that failed as the API answers them, by SWR key (the page shows their failure). */
  failures: Array<[key: Key, error: PageReadError]>;
  title?: string;
  description?: string;
  redirect?: string;
  status?: number;
}

type Loader = (input: PageInput, data: PageData) => Promise<void>;

/** A redirect target under the page's locale prefix, with its facts in the query. */
function redirectTo(prefix: LocaleId | undefined, target: string, facts: Record<string, string>): string {
  // Another site (the identity provider's login, storefront §6 in production) as it is.
  if (isExternalUrl(target)) return target;
  const [path, query] = target.split('?');
  const search = new URLSearchParams(query);
  for (const [name, value] of Object.entries(facts)) search.set(name, value);
  const text = search.toString();
  return `${localePath(prefix, path!)}${text ? `?${text}` : ''}`;
}

/** The renewal and ADAS pages: the page's one call; a failure redirects, or fails the page (HTTP 500). */
const renewal: Loader = async ({ params, pathname, search, prefix, locale, read, t }, data) => {
  const productId = params.productId ?? ADAS_PRODUCT_ID;
  const query = renewalQuery(search, locale);
  const key = getRenewalPageKey(productId, query);
  try {
    const page = await read('getRenewalPage', { path: { productId }, query });
    data.entries.push([key, page]);
    data.title = page.upToDate ? t('renewal.upToDate.title') : t('renewal.pageTitle', { name: page.product.name });
    if (!page.upToDate) data.description = t('renewal.pageDescription', { name: page.product.name });
  } catch (error) {
    if (!isPageReadError(error)) throw error;
    const failure = renewalFailure(error.status, error.problem);
    if (failure.kind === 'redirect') {
      // The generic error page reports the page that sent the shopper there (storefront §2 Error
      // pages, §7 generic_error_page): a redirect made here, before any script ran, names it in the
      // query, as the browser's redirect keeps it in session storage (issue 34).
      const facts =
        failure.path === '/generic-error'
          ? { ...failure.facts, [REDIRECT_SOURCE_FACT]: pathname + search }
          : failure.facts;
      data.redirect = redirectTo(prefix, failure.path, facts);
    } else {
      data.failures.push([key, error]);
      data.status = 500;
      data.title = t('errors.unableToLoad.title');
    }
  }
};

const checkout: Loader = async ({ read, t }, data) => {
  // The API's 409 basket-empty is the checkout's empty state.
  const state = await read('getCheckoutState', {}).catch((error: unknown) => {
    if (isPageReadError(error) && error.status === 409) return null;
    throw error;
  });
  data.entries.push([getCheckoutStateKey, state]);
  data.title = t('checkout.title');
};

/**
 * "Need any help?" (the confirmation's and the help centre's, components/ui/need-help.tsx): its
 * content asset, read beside the page's own; without it, the page leaves the browser to ask.
 */
function needHelp({ locale, read }: PageInput, data: PageData): Promise<unknown> {
  return read('getContentAsset', { path: { assetId: NEED_HELP_ASSET_ID }, query: { locale } }).then(
    (asset) => data.entries.push([getContentAssetKey(NEED_HELP_ASSET_ID, locale), asset]),
    () => undefined,
  );
}

const confirmation: Loader = async (input, data) => {
  const { params, read, t } = input;
  const orderNo = params.orderNo ?? '';
  const key = getOrderConfirmationKey(orderNo);
  const help = needHelp(input, data);
  try {
    data.entries.push([key, await read('getOrderConfirmation', { path: { orderNo } })]);
  } catch (error) {
    if (!isPageReadError(error)) throw error;
    data.failures.push([key, error]);
  }
  await help;
  data.title = t('confirmation.title');
};

const terms: Loader = async ({ locale, read, t }, data) => {
  const asset = await read('getContentAsset', { path: { assetId: TERMS_ASSET_ID }, query: { locale } });
  data.entries.push([getContentAssetKey(TERMS_ASSET_ID, locale), asset]);
  data.title = t('content.termsTitle');
};

/** The help centre: the first results of its category (or all), and the top questions while browsing. */
const faqs: Loader = async (input, data) => {
  const { params, search, locale, read, t } = input;
  const help = needHelp(input, data);
  const category = faqCategoryOf(params['*'] ?? '');
  const q = faqSearchOf(search);
  const queries = [faqsQuery(locale, category, q), ...(category || q ? [] : [topFaqsQuery(locale)])];
  await Promise.all(
    queries.map(async (query) => {
      const key = searchFaqsKey(query);
      try {
        data.entries.push([key, await read('searchFaqs', { query })]);
      } catch (error) {
        if (!isPageReadError(error)) throw error;
        data.failures.push([key, error]);
      }
    }),
  );
  await help;
  data.title = t('content.helpTitle');
};

/**
 * An account page's one read (account §2). A guest's 401 is the page's failure: it shows the login
 * prompt and starts the login, back to this page. The overview's 403 (a region without it) redirects.
 */
function accountPage(read: (input: PageInput) => [key: Key, answer: Promise<unknown>], titleKey: string): Loader {
  return async (input, data) => {
    const [key, answer] = read(input);
    // The account's navigation, filtered by the region's preferences (account §2), as the browser
    // shows it: without it the browser would read it once hydrated and redraw the frame.
    const config = input.read('getSiteConfig', { query: { site: input.site } }).then(
      (answer) => data.entries.push([getSiteConfigKey(input.site), answer]),
      () => undefined,
    );
    try {
      data.entries.push([key, await answer]);
    } catch (error) {
      if (!isPageReadError(error)) throw error;
      if (error.status === 403 && error.problem.redirectUrl) {
        data.redirect = localePath(input.prefix, error.problem.redirectUrl);
      } else {
        data.failures.push([key, error]);
        // Another customer's order, or none: the page says so, with the status a browser expects.
        if (error.status === 404) data.status = 404;
      }
    }
    await config;
    data.title = input.t(titleKey);
  };
}

const subscriptions = accountPage(
  ({ locale, read }) => [listSubscriptionsKey(locale), read('listSubscriptions', { query: { locale } })],
  'account.subscriptions.title',
);

const LOADERS: Record<string, Loader> = {
  // `/` is the main page (storefront §2), answered by the server as a redirect: no client-side
  // <Navigate> in a static render, which React cannot follow there.
  '/': async ({ prefix, search }, data) => {
    data.redirect = `${localePath(prefix, PAGES.main.redirect)}${search}`;
  },
  account: async ({ prefix, search }, data) => {
    data.redirect = `${localePath(prefix, '/account/my-overview')}${search}`;
  },
  'account/my-overview': accountPage(({ locale, read, search }) => {
    const carvin = new URLSearchParams(search).get('carvin') ?? undefined;
    return [
      getAccountOverviewKey(locale, carvin),
      read('getAccountOverview', { query: { locale, ...(carvin ? { carvin } : {}) } }),
    ];
  }, 'header.menu.overview'),
  'account/my-subscriptions': subscriptions,
  'account/my-services': subscriptions,
  'account/my-orders': accountPage(
    ({ locale, read }) => [
      listOrdersKey(locale, 0),
      read('listOrders', { query: { locale, offset: 0, limit: ORDERS_PAGE_SIZE } }),
    ],
    'account.orders.title',
  ),
  'account/my-orders/:id/:orderNo': async (input, data) => {
    const { id = '', orderNo = '' } = input.params;
    await accountPage(({ locale, read, search }) => {
      const hooks = orderTestHooks(search);
      return [
        getOrderKey(id, orderNo, locale, hooks),
        read('getOrder', { path: { id, orderNo }, query: { locale, ...hooks } }),
      ];
    }, 'account.orders.title')(input, data);
    data.title = input.t('account.orders.orderNumber', { orderNo });
  },
  'account/my-payment-method': accountPage(
    ({ read }) => [getPaymentMethodKey, read('getPaymentMethod', {})],
    'account.paymentMethod.title',
  ),
  'account/my-payment-method/edit-billing-address': accountPage(
    ({ read }) => [getPaymentMethodKey, read('getPaymentMethod', {})],
    'account.paymentMethod.editAddressTitle',
  ),
  'account/my-payment-method/add-payment-method': accountPage(
    ({ read }) => [getPaymentMethodKey, read('getPaymentMethod', {})],
    'account.paymentMethod.addTitle',
  ),
  'account/my-payment-method/edit-payment-method': accountPage(
    ({ read }) => [getPaymentMethodKey, read('getPaymentMethod', {})],
    'account.paymentMethod.editTitle',
  ),
  'account/need-help': accountPage(
    ({ locale, read }) => [getHelpContentKey(locale), read('getHelpContent', { query: { locale } })],
    'account.helpPage.title',
  ),
  'service/:productId': renewal,
  product: renewal,
  checkout,
  'confirmation/:orderNo': confirmation,
  'terms-conditions': terms,
  'faqs/*': faqs,
};

/**
 * The page's data: the session (every page's header) and the footer's links and copyright, then the page's own
 * reads. A read that fails on a page without a failure of its own leaves the page to ask again.
 */
export async function pageData(input: PageInput): Promise<PageData> {
  const data: PageData = { entries: [], failures: [] };
  const { read, locale, prefix } = input;
  const asset = (assetId: string) => read('getContentAsset', { path: { assetId }, query: { locale } });
  const [session, footer, copyright] = await Promise.all([
    read('getSession', {}),
    asset(FOOTER_ASSET_ID).catch(() => undefined),
    asset(FOOTER_COPYRIGHT_ASSET_ID).catch(() => undefined),
  ]);
  data.entries.push([getSessionKey(prefix), session]);
  if (footer) data.entries.push([getContentAssetKey(FOOTER_ASSET_ID, locale), footer]);
  if (copyright) data.entries.push([getContentAssetKey(FOOTER_COPYRIGHT_ASSET_ID, locale), copyright]);
  await LOADERS[input.route]?.(input, data);
  return data;
}
