/**
 * The route table, typed from generated/proxy/operations.ts: `satisfies { [K in OperationId]:
 * Operation<K> }` makes a missing (or unknown) operation a compile error, and types each one's input
 * from its generated schemas. Each operation lives in `routes/<tag>/<operation-id in kebab case>.ts`
 * (a test holds it there) and says who may call it and what it runs; http/express-door.ts serves all
 * of them over HTTP, render/page-door.ts to the server render (issue 33, docs/decisions/033).
 */
import express, { type RequestHandler, type Router } from 'express';
import { operations, type OperationId } from '../../../generated/proxy/operations.ts';
import type { AppContext } from '../context.ts';
import { expressDoor } from '../http/express-door.ts';
import type { Operation } from '../http/operation.ts';
import type { rateLimits } from '../security.ts';
import { findAddresses } from './address/find-addresses.ts';
import { probeAddressLookup } from './address/probe-address-lookup.ts';
import { retrieveAddress } from './address/retrieve-address.ts';
import { getBasket } from './basket/get-basket.ts';
import { listShippingMethods } from './basket/list-shipping-methods.ts';
import { removeItem } from './basket/remove-item.ts';
import { renewItem } from './basket/renew-item.ts';
import { setBillingAddress } from './basket/set-billing-address.ts';
import { setCustomerEmail } from './basket/set-customer-email.ts';
import { setShippingAddress } from './basket/set-shipping-address.ts';
import { setShippingMethod } from './basket/set-shipping-method.ts';
import { confirmPayment } from './checkout/confirm-payment.ts';
import { createSandboxBankMethod } from './checkout/create-sandbox-bank-method.ts';
import { createSandboxWalletMethod } from './checkout/create-sandbox-wallet-method.ts';
import { getCheckoutState } from './checkout/get-checkout-state.ts';
import { getOrderConfirmation } from './checkout/get-order-confirmation.ts';
import { listSavedAddresses } from './checkout/list-saved-addresses.ts';
import { placeOrder } from './checkout/place-order.ts';
import { setupPayment } from './checkout/setup-payment.ts';
import { submitPaymentDetails } from './checkout/submit-payment-details.ts';
import { tokenizeSandboxCard } from './checkout/tokenize-sandbox-card.ts';
import { cancelAutoRenewal } from './account/cancel-auto-renewal.ts';
import { getAccountOverview } from './account/get-account-overview.ts';
import { getCreditNoteDocument } from './account/get-credit-note-document.ts';
import { getHelpContent } from './account/get-help-content.ts';
import { getInvoiceDocument } from './account/get-invoice-document.ts';
import { getOrder } from './account/get-order.ts';
import { listOrders } from './account/list-orders.ts';
import { listSubscriptions } from './account/list-subscriptions.ts';
import { reactivateAutoRenewal } from './account/reactivate-auto-renewal.ts';
import { requestRefund } from './account/request-refund.ts';
import { getPaymentMethod } from './account/get-payment-method.ts';
import { deletePaymentMethod } from './account/delete-payment-method.ts';
import { updateBillingAddress } from './account/update-billing-address.ts';
import { addPaymentMethod } from './account/add-payment-method.ts';
import { updatePaymentMethod } from './account/update-payment-method.ts';
import { healthz } from './ops/healthz.ts';
import { readyz } from './ops/readyz.ts';
import { sendMonitoringEnvelope } from './ops/send-monitoring-envelope.ts';
import { getRenewalPage } from './renewal/get-renewal-page.ts';
import { completeLogin } from './session/complete-login.ts';
import { createGuestSession } from './session/create-guest-session.ts';
import { getSession } from './session/get-session.ts';
import { logout } from './session/logout.ts';
import { startLogin } from './session/start-login.ts';
import { getContentAsset } from './site/get-content-asset.ts';
import { getGeolocation } from './site/get-geolocation.ts';
import { getMaintenanceStatus } from './site/get-maintenance-status.ts';
import { getSiteConfig } from './site/get-site-config.ts';
import { getTranslations } from './site/get-translations.ts';
import { searchFaqs } from './site/search-faqs.ts';
import { lookupVehicle } from './vehicles/lookup-vehicle.ts';
import { receiveAdyenNotification } from './webhooks/receive-adyen-notification.ts';
import { receiveStripeEvent } from './webhooks/receive-stripe-event.ts';

export const routes = {
  getSession,
  createGuestSession,
  startLogin,
  completeLogin,
  logout,
  getSiteConfig,
  getMaintenanceStatus,
  getTranslations,
  getGeolocation,
  getContentAsset,
  searchFaqs,
  lookupVehicle,
  getRenewalPage,
  getBasket,
  renewItem,
  removeItem,
  setShippingAddress,
  listShippingMethods,
  setShippingMethod,
  setBillingAddress,
  setCustomerEmail,
  getCheckoutState,
  listSavedAddresses,
  setupPayment,
  placeOrder,
  confirmPayment,
  submitPaymentDetails,
  getOrderConfirmation,
  tokenizeSandboxCard,
  createSandboxBankMethod,
  findAddresses,
  createSandboxWalletMethod,
  retrieveAddress,
  probeAddressLookup,
  getAccountOverview,
  listSubscriptions,
  requestRefund,
  cancelAutoRenewal,
  reactivateAutoRenewal,
  listOrders,
  getOrder,
  getInvoiceDocument,
  getCreditNoteDocument,
  getPaymentMethod,
  updatePaymentMethod,
  addPaymentMethod,
  deletePaymentMethod,
  updateBillingAddress,
  getHelpContent,
  healthz,
  readyz,
  sendMonitoringEnvelope,
  receiveStripeEvent,
  receiveAdyenNotification,
} satisfies { [K in OperationId]: Operation<K> };

/** Every operation, each with its own input and answer. */
export type RouteTable = { [K in OperationId]: Operation<K> };

type RateLimitGroup = keyof ReturnType<typeof rateLimits>;

/** Operations behind a rate limit (security.ts), by group. */
export const RATE_LIMITED: Partial<Record<OperationId, RateLimitGroup>> = {
  createGuestSession: 'login',
  startLogin: 'login',
  completeLogin: 'login',
  findAddresses: 'addressLookup',
  retrieveAddress: 'addressLookup',
  probeAddressLookup: 'addressLookup',
  setupPayment: 'payment',
  placeOrder: 'payment',
  confirmPayment: 'payment',
  submitPaymentDetails: 'payment',
  tokenizeSandboxCard: 'payment',
  createSandboxBankMethod: 'payment',
  addPaymentMethod: 'payment',
  updatePaymentMethod: 'payment',
  createSandboxWalletMethod: 'payment',
  receiveStripeEvent: 'webhook',
  receiveAdyenNotification: 'webhook',
};

/** `/account/orders/{id}/invoice` -> `/account/orders/:id/invoice`. */
export const expressPath = (contractPath: string): string => contractPath.replace(/\{([A-Za-z0-9_]+)\}/g, ':$1');

/** Static segments before parameters, so `/orders/{id}/invoice` is not swallowed by `/orders/{id}/{orderNo}`. */
function bySpecificity(a: string, b: string): number {
  const left = a.split('/');
  const right = b.split('/');
  for (let i = 0; i < Math.min(left.length, right.length); i += 1) {
    const l = left[i]!.startsWith('{');
    const r = right[i]!.startsWith('{');
    if (l !== r) return l ? 1 : -1;
  }
  return 0;
}

export interface MountedRoute {
  operationId: OperationId;
  method: string;
  path: string;
}

/** Mounts every operation on a new router (to be used under /api) and returns it with the list. */
export function mountRoutes(
  ctx: AppContext,
  limits: Record<RateLimitGroup, RequestHandler>,
  table: RouteTable = routes,
): { router: Router; mounted: MountedRoute[] } {
  const router = express.Router();
  const mounted: MountedRoute[] = [];
  const ids = (Object.keys(operations) as OperationId[]).sort((a, b) =>
    bySpecificity(operations[a].path, operations[b].path),
  );
  for (const operationId of ids) {
    const { method, path } = operations[operationId];
    const group = RATE_LIMITED[operationId];
    const chain: RequestHandler[] = group ? [limits[group]] : [];
    chain.push(...expressDoor(ctx, operationId, table[operationId] as Operation<typeof operationId>));
    router[method](expressPath(path), ...chain);
    mounted.push({ operationId, method, path: expressPath(path) });
  }
  return { router, mounted };
}
