/**
 * The commerce platform's state: shopper sessions and tokens, baskets, orders, customers, plus the
 * sandbox settings (token lifetime, maintenance). `resetState` puts everything back to the seed.
 */
import { randomBytes } from 'node:crypto';
import type { Clock } from '../../core/clock.ts';
import { ALEX_SAVED_CARD, SANDBOX_PASSWORD, SHOPPERS, type SiteId } from '../../seed.ts';
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

const SEED_CREATION = Date.parse('2025-03-01T09:00:00.000Z');

function seedCustomers(): void {
  SHOPPERS.forEach((shopper, index) => {
    const customer: CustomerRecord = {
      customerId: shopper.customerId,
      customerNo: String(index + 1).padStart(8, '0'),
      email: shopper.email,
      // The trusted-system login's login_id: the identity provider's directory UID (decision 030).
      login: shopper.uid,
      firstName: shopper.firstName,
      lastName: shopper.lastName,
      password: SANDBOX_PASSWORD,
      creationMs: SEED_CREATION,
      modifiedMs: SEED_CREATION,
      addresses: [],
      paymentInstruments: [],
      externalId: shopper.uid,
      custom: {
        c_sapCdcId: shopper.sapCdcId,
        c_svcrmCustomerId: shopper.crmId,
        c_externalId: shopper.uid,
        ...(shopper.stripeCustomerId ? { c_stripeCustomerId: shopper.stripeCustomerId } : {}),
      },
    };
    if (shopper.handle === 'alex') {
      customer.phoneHome = '+44 20 7946 0001';
      const address = ALEX_SAVED_CARD.billingAddress;
      customer.addresses.push({
        addressId: 'home',
        preferred: true,
        firstName: address.firstName,
        lastName: address.lastName,
        address1: address.address1,
        city: address.city,
        postalCode: address.postalCode,
        countryCode: address.countryCode,
        creationDate: new Date(SEED_CREATION).toISOString(),
        lastModified: new Date(SEED_CREATION).toISOString(),
      });
      customer.addresses.push({
        addressId: 'work',
        preferred: false,
        firstName: 'Alex',
        lastName: 'Owner',
        address1: '1 Canada Square',
        address2: 'Floor 12',
        city: 'London',
        postalCode: 'E14 5AB',
        countryCode: 'GB',
        creationDate: new Date(SEED_CREATION).toISOString(),
        lastModified: new Date(SEED_CREATION).toISOString(),
      });
      customer.paymentInstruments.push({
        paymentInstrumentId: 'cpi-4242a1b2c3',
        paymentMethodId: 'CREDIT_CARD',
        default: true,
        creationDate: new Date(SEED_CREATION).toISOString(),
        lastModified: new Date(SEED_CREATION).toISOString(),
        paymentCard: {
          cardType: 'Visa',
          creditCardToken: 'pm_SandboxVisa4242',
          numberLastDigits: ALEX_SAVED_CARD.last4,
          maskedNumber: `************${ALEX_SAVED_CARD.last4}`,
          expirationMonth: ALEX_SAVED_CARD.expMonth,
          expirationYear: ALEX_SAVED_CARD.expYear,
          holder: 'Alex Owner',
          creditCardExpired: false,
        },
      });
    }
    if (shopper.handle === 'kim')
      customer.addresses.push({
        addressId: 'home',
        preferred: true,
        firstName: 'Kim',
        lastName: 'Driver',
        address1: '5 Harbour Road',
        city: 'Bristol',
        postalCode: 'BS1 4RN',
        countryCode: 'GB',
        creationDate: new Date(SEED_CREATION).toISOString(),
        lastModified: new Date(SEED_CREATION).toISOString(),
      });
    state.customers.set(customer.customerId, customer);
  });
}

/** alex's past order: a 12-month connected navigation renewal, paid, 60 days ago. */
function seedOrders(clock: Clock): void {
  const createdMs = clock.nowMs() - 60 * 86_400_000;
  const created = new Date(createdMs).toISOString();
  const address = ALEX_SAVED_CARD.billingAddress;
  const billingAddress: OrderAddress = {
    firstName: address.firstName,
    lastName: address.lastName,
    address1: address.address1,
    city: address.city,
    postalCode: address.postalCode,
    countryCode: address.countryCode,
  };
  const order: OrderRecord = {
    orderNo: '00012000',
    siteId: 'aurora',
    customerId: 'abcAlexOwner0001',
    status: 'new',
    creationMs: createdMs,
    modifiedMs: createdMs,
    placedNotified: true,
    custom: {
      c_stripe_status: 'succeeded',
      c_cardType: 'visa',
      c_last4: '4242',
      c_payment_type: 'Credit Card',
      c_SNP_OMS_vin: 'ZAAAA1000AA000001',
      c_SNP_OMS_vehicleName: 'Aurora Sport Tourer',
      c_SNP_OMS_brand: 'aurora',
      c_SNP_OMS_locale: 'en-GB',
      c_SNP_OMS_StorefrontCountry: 'GB',
    },
    body: {
      orderNo: '00012000',
      currency: 'GBP',
      siteId: 'aurora',
      creationDate: created,
      lastModified: created,
      customerName: 'Alex Owner',
      customerInfo: { customerId: 'abcAlexOwner0001', customerName: 'Alex Owner', email: 'alex.owner@example.com' },
      billingAddress,
      shipments: [
        {
          shipmentId: SHIPMENT_ID,
          shippingAddress: billingAddress,
          shippingMethod: { id: 'DIGITAL', name: 'Digital delivery', price: 0 },
          shippingTotal: 0,
        },
      ],
      productItems: [
        {
          itemId: 'seed-item-00012000',
          productId: 'cn-connected-navigation-12m',
          productName: 'Connected Navigation 12 months',
          quantity: 1,
          price: 99,
          basePrice: 99,
          priceAfterItemDiscount: 99,
          priceAfterOrderDiscount: 99,
          tax: 16.5,
          taxBasis: 99,
          shipmentId: SHIPMENT_ID,
          c_purchaseMode: 'Subscription',
        },
      ],
      paymentInstruments: [
        {
          paymentInstrumentId: 'pi-seed00012000',
          paymentMethodId: 'CREDIT_CARD',
          amount: 99,
          paymentCard: { cardType: 'Visa', numberLastDigits: '4242', expirationMonth: 12, expirationYear: 2030 },
        },
      ],
      orderPriceAdjustments: [],
      productSubTotal: 99,
      productTotal: 99,
      orderTotal: 99,
      taxTotal: 16.5,
      taxation: 'gross',
    },
  };
  state.orders.set(order.orderNo, order);
  // alex's renewal-page orders (the vehicles stand-in reads and fails them): abandoned, paid, failed.
  const variants: Array<[string, OrderStatus, string | undefined]> = [
    ['00001030', 'created', undefined],
    ['00001031', 'new', 'succeeded'],
    ['00001032', 'failed', 'error'],
  ];
  for (const [orderNo, status, stripeStatus] of variants) {
    const { c_stripe_status: _dropped, ...custom } = order.custom;
    state.orders.set(orderNo, {
      ...order,
      orderNo,
      status,
      placedNotified: true,
      body: { ...order.body, orderNo },
      custom: stripeStatus ? { ...custom, c_stripe_status: stripeStatus } : custom,
    });
  }
}

/** The orders of the seed (alex's past ones), which a reset puts back: none of them was made since. */
const seededOrders = new Set<string>();

/** The orders made since the last reset, oldest first (the sandbox's ledger, issue 29). */
export function ordersMadeSinceReset(): OrderRecord[] {
  return [...state.orders.values()]
    .filter((order) => !seededOrders.has(order.orderNo))
    .sort((a, b) => a.creationMs - b.creationMs || a.orderNo.localeCompare(b.orderNo));
}

export function resetState(clock: Clock): void {
  state.tokenLifetimeS = DEFAULT_TOKEN_LIFETIME_S;
  state.maintenance = false;
  state.codes.clear();
  state.accessTokens.clear();
  state.refreshTokens.clear();
  state.guests.clear();
  state.usids.clear();
  state.baskets.clear();
  state.orders.clear();
  state.customers.clear();
  state.nextOrderNo = 12345;
  state.nextCustomerNo = SHOPPERS.length + 1;
  seedCustomers();
  seedOrders(clock);
  seededOrders.clear();
  for (const orderNo of state.orders.keys()) seededOrders.add(orderNo);
}
