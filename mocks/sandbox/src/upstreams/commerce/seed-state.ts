/**
 * What the commerce platform's state (state.ts) is reset to: the seed's registered customers (alex with
 * two saved addresses and a saved card, kim with one address, sam with none) and alex's past orders.
 * `resetState` puts everything back; `ordersMadeSinceReset` tells the sandbox's ledger what was made since.
 */
import type { Clock } from '../../core/clock.ts';
import { ALEX_SAVED_CARD, SANDBOX_PASSWORD, SHOPPERS } from '../../seed.ts';
import type { Schemas } from './errors.ts';
import {
  DEFAULT_TOKEN_LIFETIME_S,
  SHIPMENT_ID,
  state,
  type CustomerRecord,
  type OrderAddress,
  type OrderRecord,
  type OrderStatus,
} from './state.ts';

const SEED_CREATION = Date.parse('2025-03-01T09:00:00.000Z');

/** The fields of an address, as an address book and an order hold them. */
type AddressFields = Omit<Schemas['CustomerAddress'], 'addressId' | 'preferred' | 'creationDate' | 'lastModified'>;

/** alex's billing address: his saved card's, on his home address and on his past orders. */
const ALEX_ADDRESS: AddressFields = {
  firstName: ALEX_SAVED_CARD.billingAddress.firstName,
  lastName: ALEX_SAVED_CARD.billingAddress.lastName,
  address1: ALEX_SAVED_CARD.billingAddress.address1,
  city: ALEX_SAVED_CARD.billingAddress.city,
  postalCode: ALEX_SAVED_CARD.billingAddress.postalCode,
  countryCode: ALEX_SAVED_CARD.billingAddress.countryCode,
};

/** An address of a seed customer's address book, saved when the seed's customers were created. */
function savedAddress(addressId: string, preferred: boolean, address: AddressFields): Schemas['CustomerAddress'] {
  const created = new Date(SEED_CREATION).toISOString();
  return { addressId, preferred, ...address, creationDate: created, lastModified: created };
}

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
      customer.addresses.push(savedAddress('home', true, ALEX_ADDRESS));
      customer.addresses.push(
        savedAddress('work', false, {
          firstName: 'Alex',
          lastName: 'Owner',
          address1: '1 Canada Square',
          address2: 'Floor 12',
          city: 'London',
          postalCode: 'E14 5AB',
          countryCode: 'GB',
        }),
      );
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
      customer.addresses.push(
        savedAddress('home', true, {
          firstName: 'Kim',
          lastName: 'Driver',
          address1: '5 Harbour Road',
          city: 'Bristol',
          postalCode: 'BS1 4RN',
          countryCode: 'GB',
        }),
      );
    state.customers.set(customer.customerId, customer);
  });
}

/** alex's past order: a 12-month connected navigation renewal, paid, 60 days ago. */
function seedOrders(clock: Clock): void {
  const createdMs = clock.nowMs() - 60 * 86_400_000;
  const created = new Date(createdMs).toISOString();
  const billingAddress: OrderAddress = { ...ALEX_ADDRESS };
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
  state.preferenceOverrides.clear();
  state.codes.clear();
  state.trustedLogins.clear();
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
