/**
 * The commerce platform's state: shopper sessions and tokens, baskets, orders, customers, plus the
 * sandbox settings (token lifetime, maintenance). seed-state.ts's `resetState` puts everything back to
 * the seed.
 */
import { randomBytes } from 'node:crypto';
import type { SiteId } from '../../seed.ts';
import type { Schemas } from './errors.ts';

export type OrderAddress = Schemas['OrderAddress'];
export type Custom = Record<string, unknown>;

export const ORGANIZATION_ID = 'f_ecom_zzzz_001';
export const SHIPMENT_ID = 'me';
export const DEFAULT_TOKEN_LIFETIME_S = 1800;

export function randomId(prefix = '', bytes = 12): string {
  return `${prefix}${randomBytes(bytes).toString('hex')}`;
}

/** Random alphanumeric id of `length` characters (customer ids are at most 28). */
export function alphaId(prefix: string, length: number): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  let id = prefix;
  for (const byte of randomBytes(length)) id += alphabet[byte % alphabet.length];
  return id;
}

export interface ItemRecord {
  itemId: string;
  productId: string;
  productName: string;
  quantity: number;
  /** Unit price in the basket currency. */
  basePrice: number;
  custom: Custom;
}

export interface BasketRecord {
  basketId: string;
  siteId: SiteId;
  customerId: string;
  currency: string;
  /** Country from the locale of the last request that had one (for tax and payment methods). */
  localeCountry?: string;
  creationMs: number;
  modifiedMs: number;
  email?: string;
  customerName?: string;
  items: ItemRecord[];
  shippingAddress?: OrderAddress;
  shippingMethod?: Schemas['ShippingMethod'];
  billingAddress?: OrderAddress;
  paymentInstrument?: Schemas['OrderPaymentInstrument'];
  coupons: Array<{ couponItemId: string; code: string }>;
  custom: Custom;
}

export type OrderStatus = NonNullable<Schemas['Order']['status']>;

export interface OrderRecord {
  orderNo: string;
  siteId: SiteId;
  customerId: string;
  status: OrderStatus;
  creationMs: number;
  modifiedMs: number;
  /** The order body as created from the basket (totals, items, addresses, payment instrument). */
  body: Schemas['Order'];
  custom: Custom;
  /** Whether the order-placed listeners have been told. */
  placedNotified: boolean;
}

export interface CustomerRecord {
  customerId: string;
  customerNo: string;
  email: string;
  login: string;
  firstName: string;
  lastName: string;
  phoneHome?: string;
  password: string;
  creationMs: number;
  modifiedMs: number;
  addresses: Schemas['CustomerAddress'][];
  paymentInstruments: Schemas['CustomerPaymentInstrument'][];
  custom: Custom;
  /** The identity provider's subject, for the sandbox's registered login. */
  externalId?: string;
}

export interface AuthCode {
  code: string;
  clientId: string;
  siteId: string;
  redirectUri: string;
  challenge: string;
  usid: string;
  customerId: string;
  registered: boolean;
  /** The guest that had this usid before a registered login (source of a basket merge). */
  previousGuestId?: string;
  expiresAtMs: number;
}

export interface ShopperSession {
  clientId: string;
  siteId: string;
  usid: string;
  customerId: string;
  registered: boolean;
  previousGuestId?: string;
}

export interface AccessTokenRecord extends ShopperSession {
  token: string;
  expiresAtMs: number;
  revoked: boolean;
}

export interface RefreshTokenRecord extends ShopperSession {
  token: string;
  expiresAtMs: number;
  revoked: boolean;
  /** The last access token issued with it (returned by logout). */
  accessToken: string;
}

export const state = {
  tokenLifetimeS: DEFAULT_TOKEN_LIFETIME_S,
  maintenance: false,
  /** Region preferences a test switched (`POST /commerce/__sandbox/preferences/{country}`), over the seed's. */
  preferenceOverrides: new Map<string, { c_billingMismatchControl?: boolean }>(),
  /** When each login_id last logged in through the trusted-system token (SLAS's 3-second window). */
  trustedLogins: new Map<string, number>(),
  codes: new Map<string, AuthCode>(),
  accessTokens: new Map<string, AccessTokenRecord>(),
  refreshTokens: new Map<string, RefreshTokenRecord>(),
  /** Guest customers by id (creation time). */
  guests: new Map<string, { customerId: string; creationMs: number }>(),
  /** The customer each usid belongs to. */
  usids: new Map<string, { customerId: string; registered: boolean }>(),
  baskets: new Map<string, BasketRecord>(),
  orders: new Map<string, OrderRecord>(),
  customers: new Map<string, CustomerRecord>(),
  nextOrderNo: 12345,
  nextCustomerNo: 4,
};

/** Sets the access token lifetime in seconds (the default is 1800). */
export function setTokenLifetime(seconds: number): void {
  state.tokenLifetimeS = seconds;
}

export function setMaintenance(on: boolean): void {
  state.maintenance = on;
}

export function nextOrderNo(): string {
  const orderNo = String(state.nextOrderNo).padStart(8, '0');
  state.nextOrderNo += 1;
  return orderNo;
}

export function findCustomerByLogin(login: string): CustomerRecord | undefined {
  const wanted = login.trim().toLowerCase();
  for (const customer of state.customers.values())
    if (
      customer.login.toLowerCase() === wanted ||
      customer.email.toLowerCase() === wanted ||
      customer.customerId.toLowerCase() === wanted ||
      customer.externalId?.toLowerCase() === wanted
    )
      return customer;
  return undefined;
}
