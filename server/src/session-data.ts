/**
 * What a server-side session holds (session.ts stores it): the shopper's tokens, the vehicle, the
 * payment in flight and the other server-only values, and the browser's view of it.
 */
import type { components as CommerceComponents } from '../../generated/commerce/types.ts';
import type { components } from '../../generated/proxy/types.ts';
import type { SiteId } from './config.ts';
import { isStoredValueExpired } from '../../domain/expiry.ts';
import type { OrderedService } from '../../domain/checkout-control.ts';

type Schemas = components['schemas'];

/**
 * "Refresh-token cookie 90 days" (storefront §9, §4 Authentication): the session holding a
 * registered shopper's refresh token (the cookie and the stored session) lives 90 days; guest
 * sessions keep SESSION_TTL_SECONDS.
 */
export const REGISTERED_SESSION_TTL_SECONDS = 90 * 24 * 60 * 60;

export interface ShopperTokens {
  accessToken: string;
  refreshToken?: string;
  usid?: string;
  customerId?: string;
  expiresAt?: number;
  /**
   * Issued to the server's private SLAS client (the registered shopper's trusted-system token):
   * refreshed with HTTP Basic, its logout names the private client.
   */
  privateClient?: boolean;
}

export interface SessionData {
  id: string;
  csrfToken: string;
  authType: Schemas['Session']['authType'];
  site: SiteId;
  locale: string;
  customer: Schemas['CustomerSummary'] | null;
  basketItemCount: number;
  vehicle?: Schemas['VehicleSummary'] | null;
  /**
   * Server-only: what the vehicle lookup told of that vehicle which only its orders carry for the
   * order-management system (storefront §3 Order c_SNP_OMS_subbrand, c_SNP_OMS_vehicleId;
   * docs/decisions/031): its `brand` as the lookup named it (absent when it named only the make, which
   * `vehicle.brand` stands in with) and its connected-car id (`wirelessCarId`). Never in the browser's view.
   */
  vehicleRecord?: { brand?: string; wirelessCarId?: string };
  /** Server-only: the current expiry (ISO date) of each product of that vehicle, from its record. */
  subscriptionExpiries?: Record<string, string>;
  /**
   * Server-only: the e-mail of the vehicle owner's registered account, from the vehicle's
   * connected-services record (customer id and e-mail); a guest checkout may not use it.
   */
  ownerAccountEmail?: string;
  /** Server-only: never serialised into a response. */
  shopperTokens?: ShopperTokens;
  /**
   * Server-only: when the browser's cookie was last set, with the session's lifetime (epoch ms).
   * The cookie is sent again only when it is new, re-signed, or due for renewal
   * (`Sessions.save`, docs/decisions/026).
   */
  cookieSetAt?: number;
  /**
   * Server-only: why this browser's sign-in ended without a logout (issue 30, docs/decisions/029):
   * the commerce platform refused the shopper's tokens, or the stored session was lost (a Redis
   * restart without persistence, an eviction, a failover). The account's login problem then says
   * "Your session has ended"; the next login or logout clears it.
   */
  sessionEnded?: 'token-refused' | 'session-lost';
  /** Server-only: the identity provider's id token (logout). */
  idToken?: string;
  /** Server-only: PKCE verifier and state of a login in progress. */
  login?: { verifier: string; state: string; returnTo?: string; nonce?: string; redirectUri?: string };
  /** Server-only: the identity provider's subject of the logged-in shopper. */
  principalUUID?: string;
  /** Server-only: an order waiting for 3-D Secure or a bank page (services/checkout/place-order.ts). */
  pendingPayment?: PendingPayment;
  /**
   * Server-only: the account's saving of a payment method waiting for 3-D Secure or a bank page
   * (services/account/payment-method.ts), finished by confirmPayment's accountPaymentMethod context.
   */
  pendingMethodSave?: PendingMethodSave;
  /**
   * Server-only: the Stripe payment customer this session found or created, for the shopper of that
   * CDC id (none for a guest); read back before reuse, replaced when Stripe no longer holds it.
   */
  stripeCustomer?: { id: string; sapCdcId?: string };
  /**
   * Server-only: the one Stripe SetupIntent of the checkout (or of the account's saving), confirmed
   * again by the next attempt while it waits for a payment method (services/payments/stripe.ts).
   */
  stripeSetupIntent?: {
    id: string;
    customerId: string;
    purpose: NonNullable<components['schemas']['PaymentSetupRequest']['context']>;
  };
  /** Server-only: orders this session placed (it may read their confirmation). */
  placedOrders?: string[];
  /** Server-only: the first answer per Idempotency-Key of placeOrder, replayed on a retry. */
  paymentResults?: Record<string, { fingerprint: string; status: number; body: unknown }>;
  /** Server-only: the card of the last placed order (the confirmation's payment method section). */
  lastCard?: {
    orderNo: string;
    brand: string;
    last4: string;
    expMonth: number;
    expYear: number;
    country?: string | null;
  };
  /** Server-only: the logged-in customer's CDC id (c_sapCdcId), compared with a vehicle's owner. */
  sapCdcId?: string;
  /** Server-only: the mail token of the current vehicle's link, when it came with one (logout redirect). */
  mailToken?: string;
  /**
   * Server-only: when the vehicle values (vehicle, vehicleRecord, subscriptionExpiries, mailToken, ownerAccountEmail)
   * were first stored (epoch ms). They expire 10 days later (storefront §9); saving the same vehicle
   * again keeps this instant, so the lifetime does not slide.
   */
  vehicleStoredAt?: number;
  /**
   * Server-only: the isADAS flag of storefront §3, set once the ADAS page (/product) was opened. While
   * set, a page that names no vehicle is not sent to the main page (§6).
   */
  isADAS?: boolean;
  /**
   * Server-only: the services this session ordered in the last 24 hours (vehicle, master product,
   * order date), which the checkout control holds back (docs/decisions/015, storefront §3 orderCreated).
   */
  orderedServices?: OrderedService[];
  /** Server-only: storefront §3 skipCheckoutControl, kept once given on an allow-listed host (§2, §6). */
  skipCheckoutControl?: boolean;
}

/**
 * Rejects and removes the stored vehicle values once 10 days (864e6 ms) have passed since they were
 * stored (storefront §9 "Stored vehicle data expiry 864e6 ms (10 days)"). True when it removed them.
 */
export function dropExpiredVehicle(session: SessionData, now: number = Date.now()): boolean {
  if (session.vehicleStoredAt === undefined || !isStoredValueExpired(session.vehicleStoredAt, now)) return false;
  delete session.vehicle;
  delete session.vehicleRecord;
  delete session.subscriptionExpiries;
  delete session.mailToken;
  delete session.ownerAccountEmail;
  delete session.vehicleStoredAt;
  return true;
}

/** The browser's view of a session: never tokens, never the store's internals. */
export function sessionView(session: SessionData): Schemas['Session'] {
  return {
    authType: session.authType,
    customer: session.customer,
    csrfToken: session.csrfToken,
    basketItemCount: session.basketItemCount,
    site: session.site,
    locale: session.locale,
    ...(session.vehicle !== undefined ? { vehicle: session.vehicle } : {}),
  };
}

/** A payment in flight: the order, the provider's object to verify, and the card shown on the confirmation. */
type CommerceOrderFields = CommerceComponents['schemas']['OrderCustomAttributes'];

export interface PendingPayment {
  orderNo: string;
  /** The order attempt's id in the journal (services/attempts/, issue 29). */
  attempt?: string;
  provider: components['schemas']['PaymentProvider'];
  key: string;
  setupIntentId?: string;
  paymentMethodId?: string;
  /**
   * The account's saved card pays (PlaceOrderRequest.useSavedPaymentMethod, storefront §6): a
   * reversal never detaches it at Stripe, since the order did not attach it (issue 29).
   */
  savedCard?: true;
  stripeCustomerId?: string;
  /**
   * Adyen's shopperReference the payment's method is stored under (the commerce customer id), which
   * a renewal's payment names with the token (paymentMethodId); recorded on the order (decision 020).
   */
  shopperReference?: string;
  pspReference?: string;
  paymentType: string;
  card?: { brand: string; last4: string; expMonth: number; expYear: number; country?: string | null };
  /**
   * A bank debit's account (Stripe's iDEAL and Bancontact, issue 31): the bank's facts the set-up
   * told, written on the order (c_iban_last4, c_bank, SNP_OMS_BankCode__c,
   * SNP_OMS_PaymentInformation__c); `paymentMethodId` is then the SEPA Direct Debit method the
   * set-up generated, the one the renewals charge. `country`: the bank account's (the SEPA method's),
   * for the account's billing mismatch control (account §5).
   */
  bank?: {
    ibanLast4: string | null;
    bank: string | null;
    bankCode: string | null;
    bic: string | null;
    country?: string | null;
  };
  /** The services the order holds, recorded for the checkout control once it is paid (docs/decisions/015). */
  ordered?: Omit<OrderedService, 'status'>[];
  /** Verified paid, but the order is not written new yet (settlement.ts paidNotSettled): the confirmation settles it. */
  paid?: boolean;
  /**
   * The storefront §3 fields of the order (attempts/order-fields.ts), gathered when it was created and
   * written with the order update that places it (settlement.ts writeOrderPaid): createOrder considers
   * only the basket id. Kept in the journal, so the reconciler writes them too.
   */
  orderFields?: CommerceOrderFields;
}

export interface PendingMethodSave {
  mode: 'add' | 'update';
  provider: components['schemas']['PaymentProvider'];
  key: string;
  paymentType: string;
  setupIntentId?: string;
  stripeCustomerId?: string;
  /** The method the saving is for, where it existed before (a Stripe PaymentMethod). */
  methodId?: string;
  card?: PendingPayment['card'];
  billingAddress: Schemas['Address'];
  ipAddress: string;
}
