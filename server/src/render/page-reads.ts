/**
 * The reads a page renders with on the server (domain/page-render.ts PageReads): the services the
 * API's routes call, in the same process, for the same shopper; a problem they throw reaches the
 * renderer as the status and problem the API would have answered.
 */
import { PageReadError, type PageReads } from '../../../domain/page-render.ts';
import type { AppContext } from '../context.ts';
import { AppError } from '../errors.ts';
import type { OperationId } from '../../../generated/proxy/operations.ts';
import { isCustomerSession, loginRequired } from '../http/customer.ts';
import { listOrders, orderDetail } from '../services/account/orders.ts';
import { accountOverview, helpContent } from '../services/account/overview.ts';
import { paymentMethodPage } from '../services/account/payment-method.ts';
import { listSubscriptions } from '../services/account/subscriptions.ts';
import { switchLocale } from '../services/shopper.ts';
import { checkoutState } from '../services/checkout/checkout-state.ts';
import { orderConfirmation } from '../services/checkout/order-confirmation.ts';
import { requireContentAsset, searchFaqs } from '../services/content.ts';
import { renewalPage } from '../services/renewal-page.ts';
import type { Shopper } from '../services/shopper.ts';
import { sessionView } from '../session.ts';

/** The API's answer to a problem: a PageReadError the renderer understands. */
async function asRead<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof AppError) throw new PageReadError(error.toProblem());
    throw error;
  }
}

/**
 * An account read: a registered customer's only, in the locale asked for, as the API's route answers
 * it. A read during which the platform refused the shopper's tokens and the sign-in ended (issue 30)
 * is the login, whatever it read, as the API's route answers it.
 */
function accountRead<T>(
  shopper: Shopper,
  operationId: OperationId,
  locale: string | undefined,
  read: () => Promise<T>,
): Promise<T> {
  return asRead(async () => {
    if (!isCustomerSession(shopper.session)) throw loginRequired(operationId, {}, shopper.session);
    await switchLocale(shopper, locale);
    let answer: T;
    try {
      answer = await read();
    } catch (error) {
      if (isCustomerSession(shopper.session)) throw error;
      throw loginRequired(operationId, {}, shopper.session);
    }
    if (!isCustomerSession(shopper.session)) throw loginRequired(operationId, {}, shopper.session);
    return answer;
  });
}

export function pageReads(ctx: AppContext, shopper: Shopper, page: { testHost: boolean; path: string }): PageReads {
  return {
    getSession: async () => sessionView(shopper.session),
    getRenewalPage: (productId, query) =>
      asRead(() =>
        renewalPage(ctx, shopper, {
          productId,
          query,
          testHost: page.testHost,
          pagePath: page.path.replace(/^\/[a-z]{2}-[A-Z]{2}(?=\/)/, ''),
        }),
      ),
    getCheckoutState: () =>
      asRead(() => checkoutState(ctx, shopper)).catch((error: unknown) => {
        // The API's 409 basket-empty: the checkout's empty state.
        if (error instanceof PageReadError && error.status === 409) return null;
        throw error;
      }),
    getOrderConfirmation: (orderNo) => asRead(() => orderConfirmation(ctx, shopper, orderNo)),
    getContentAsset: (assetId, locale) => asRead(() => requireContentAsset(ctx, { ...shopper, locale }, assetId)),
    searchFaqs: (query) => asRead(() => searchFaqs(ctx, { ...shopper, locale: query.locale ?? shopper.locale }, query)),
    getAccountOverview: (query) =>
      accountRead(shopper, 'getAccountOverview', query.locale, () => accountOverview(ctx, shopper, query.carvin)),
    listSubscriptions: (query) =>
      accountRead(shopper, 'listSubscriptions', query.locale, () => listSubscriptions(ctx, shopper, query.carvin)),
    getHelpContent: (query) => accountRead(shopper, 'getHelpContent', query.locale, () => helpContent(ctx, shopper)),
    listOrders: (query) =>
      accountRead(shopper, 'listOrders', query.locale, () =>
        listOrders(ctx, shopper, { offset: query.offset ?? 0, limit: query.limit ?? 5 }),
      ),
    getPaymentMethod: () => accountRead(shopper, 'getPaymentMethod', undefined, () => paymentMethodPage(ctx, shopper)),
    getOrder: (id, orderNo, query) =>
      accountRead(shopper, 'getOrder', query.locale, () =>
        orderDetail(ctx, shopper, id, orderNo, {
          forceRefunded: page.testHost && (query.refunded === true || query.creditNoteError === true),
        }),
      ),
  };
}
