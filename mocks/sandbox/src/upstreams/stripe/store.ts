/**
 * The Stripe stand-in's state: customers, payment methods, setup intents and their attempts, the
 * SEPA Direct Debit mandates iDEAL and Bancontact set-ups generate, payment intents (the renewals'
 * off-session charges), digital wallets' card tokens, stored idempotent responses and a ledger of
 * setup confirmations. `resetStripeStore` puts it back to the seed (alex's payment customer with his
 * saved Visa ending 4242, and one deleted customer).
 */
import type { components } from '../../../../../generated/stripe/types.ts';
import { ALEX_SAVED_CARD, SHOPPERS } from '../../seed.ts';

export type Customer = components['schemas']['customer'];
export type DeletedCustomer = components['schemas']['deleted_customer'];
export type PaymentMethod = components['schemas']['payment_method'];
export type SetupIntent = components['schemas']['setup_intent'];
export type SetupAttemptObject = components['schemas']['setup_attempt'];
export type PaymentIntent = components['schemas']['payment_intent'];
export type ApiError = components['schemas']['api_errors'];

/** A payment method with what only the stand-in knows: the full card number and detached state. */
export interface StoredPaymentMethod {
  object: PaymentMethod;
  /** The card number (cards only), to decide the outcome at confirmation. */
  cardNumber?: string;
  /** Detached methods can no longer be used or attached again. */
  detached: boolean;
  /**
   * A single-use method (iDEAL, Bancontact) a set-up used, or a method a payment used without it
   * being attached to a customer: Stripe refuses it from then on.
   */
  used?: boolean;
}

/**
 * The mandate of a SEPA Direct Debit method an iDEAL or Bancontact set-up generated: multi-use,
 * accepted online by the customer (the set-up's mandate_data), what lets a renewal debit the account.
 */
export interface SepaMandate {
  id: string;
  paymentMethod: string;
  type: 'multi_use';
  status: 'active';
  acceptance: { ipAddress: string; userAgent: string };
}

/** A payment intent; a SEPA Direct Debit stays `processing` until it is read again, then succeeds. */
export interface StoredPaymentIntent {
  object: PaymentIntent;
  /** A SEPA Direct Debit submitted: it clears (succeeds) once read again. */
  clears: boolean;
}

/** A setup intent with the return URL and the action the shopper must complete. */
export interface StoredSetupIntent {
  object: SetupIntent;
  returnUrl: string | null;
  /** The kind of page the shopper is sent to while `requires_action`. */
  action: 'challenge' | 'bank' | null;
  /** The SEPA Direct Debit mandate an iDEAL or Bancontact set-up was confirmed with (mandate_data). */
  mandate: { ipAddress: string; userAgent: string } | null;
}

/**
 * A card token (`tok_...`) as Stripe's Token object has it (spec3 `token` with its `card`): what a
 * Google Pay or Apple Pay wallet's payment data becomes. Not part of the contract: the shop never
 * reads tokens through the REST API, it only passes their id to `card[token]`.
 */
export interface Token {
  id: string;
  object: 'token';
  type: 'card';
  used: boolean;
  livemode: false;
  created: number;
  client_ip: null;
  card: {
    id: string;
    object: 'card';
    /** As Stripe's token cards spell it: Visa, MasterCard, American Express, Unknown. */
    brand: string;
    last4: string;
    exp_month: number;
    exp_year: number;
    country: string | null;
    funding: 'credit';
    fingerprint: string;
    /** The device account number's last four digits (Apple Pay), else null. */
    dynamic_last4: string | null;
    tokenization_method: 'google_pay' | 'apple_pay';
  };
}

/** A token with the card number it stands for (to decide outcomes, as a typed card's number does). */
export interface StoredToken {
  object: Token;
  cardNumber: string;
}

export interface IdempotentResponse {
  fingerprint: string;
  status: number;
  body: unknown;
  storedAtMs: number;
}

/** One confirmation of a setup intent (what "charging" means for a setup). */
export interface SetupAttempt {
  setupIntent: string;
  paymentMethod: string;
  outcome: 'succeeded' | 'requires_action' | 'failed';
  atMs: number;
}

export interface StripeStore {
  customers: Map<string, Customer | DeletedCustomer>;
  paymentMethods: Map<string, StoredPaymentMethod>;
  setupIntents: Map<string, StoredSetupIntent>;
  setupAttempts: Map<string, SetupAttemptObject>;
  mandates: Map<string, SepaMandate>;
  paymentIntents: Map<string, StoredPaymentIntent>;
  tokens: Map<string, StoredToken>;
  idempotency: Map<string, IdempotentResponse>;
  ledger: SetupAttempt[];
}

/** Seed ids (stable: the commerce seed refers to them as `c_stripeCustomerId` and saved card). */
export const STRIPE_SEED = {
  alexCustomerId: SHOPPERS.find((s) => s.handle === 'alex')?.stripeCustomerId ?? 'cus_SandboxAlex01',
  alexPaymentMethodId: 'pm_SandboxVisa4242',
  deletedCustomerId: 'cus_SandboxGone01',
  /** 2026-01-01T00:00:00Z, when the seed objects were "created". */
  createdAt: 1767225600,
} as const;

export const store: StripeStore = {
  customers: new Map(),
  paymentMethods: new Map(),
  setupIntents: new Map(),
  setupAttempts: new Map(),
  mandates: new Map(),
  paymentIntents: new Map(),
  tokens: new Map(),
  idempotency: new Map(),
  ledger: [],
};

export function resetStripeStore(): void {
  store.customers.clear();
  store.paymentMethods.clear();
  store.setupIntents.clear();
  store.setupAttempts.clear();
  store.mandates.clear();
  store.paymentIntents.clear();
  store.tokens.clear();
  store.idempotency.clear();
  store.ledger.length = 0;

  const alex = SHOPPERS.find((s) => s.handle === 'alex')!;
  store.customers.set(STRIPE_SEED.alexCustomerId, {
    id: STRIPE_SEED.alexCustomerId,
    object: 'customer',
    created: STRIPE_SEED.createdAt,
    livemode: false,
    email: alex.email,
    name: `${alex.firstName} ${alex.lastName}`,
    phone: null,
    address: null,
    description: null,
    preferred_locales: ['en-GB'],
    metadata: { sap_cdc_id: alex.sapCdcId, locale_id: 'en_GB', host_name: 'localhost' },
  });
  store.customers.set(STRIPE_SEED.deletedCustomerId, {
    id: STRIPE_SEED.deletedCustomerId,
    object: 'customer',
    deleted: true,
  });
  const billing = ALEX_SAVED_CARD.billingAddress;
  store.paymentMethods.set(STRIPE_SEED.alexPaymentMethodId, {
    cardNumber: '4242424242424242',
    detached: false,
    object: {
      id: STRIPE_SEED.alexPaymentMethodId,
      object: 'payment_method',
      type: 'card',
      card: {
        brand: ALEX_SAVED_CARD.brand,
        last4: ALEX_SAVED_CARD.last4,
        exp_month: ALEX_SAVED_CARD.expMonth,
        exp_year: ALEX_SAVED_CARD.expYear,
        country: billing.countryCode,
        funding: 'credit',
        fingerprint: 'SbxFp4242GB',
      },
      billing_details: {
        name: `${billing.firstName} ${billing.lastName}`,
        email: alex.email,
        phone: null,
        address: {
          line1: billing.address1,
          line2: billing.address2 || null,
          city: billing.city,
          postal_code: billing.postalCode,
          state: null,
          country: billing.countryCode,
        },
      },
      customer: STRIPE_SEED.alexCustomerId,
      created: STRIPE_SEED.createdAt,
      livemode: false,
      metadata: {},
    },
  });
}

resetStripeStore();

const clone = <T>(value: T): T => structuredClone(value);

/** Read-only: a setup intent by id, as the API would return it (for server-side verification). */
export function getSetupIntent(id: string): SetupIntent | undefined {
  const intent = store.setupIntents.get(id);
  return intent ? clone(intent.object) : undefined;
}

/** Sets a card payment method's expiry (the expiry control); false when no card has that id. */
export function setStripeCardExpiry(id: string, expMonth: number, expYear: number): boolean {
  const card = store.paymentMethods.get(id)?.object.card;
  if (!card) return false;
  card.exp_month = expMonth;
  card.exp_year = expYear;
  return true;
}

/** Read-only: a payment method by id. */
export function getStripePaymentMethod(id: string): PaymentMethod | undefined {
  const method = store.paymentMethods.get(id);
  return method ? clone(method.object) : undefined;
}

/** Read-only: a customer (or deleted customer) by id. */
export function getStripeCustomer(id: string): Customer | DeletedCustomer | undefined {
  const customer = store.customers.get(id);
  return customer ? clone(customer) : undefined;
}

/** Read-only: every setup confirmation so far, oldest first. */
export function stripeLedger(): SetupAttempt[] {
  return clone(store.ledger);
}

/** Read-only: the mandate a setup intent was confirmed with (iDEAL or Bancontact), or null. */
export function getSetupIntentMandate(id: string): StoredSetupIntent['mandate'] | undefined {
  const intent = store.setupIntents.get(id);
  return intent ? clone(intent.mandate) : undefined;
}

/** Read-only: the ids of every setup intent created so far (one per checkout, reused by retries). */
export function stripeSetupIntentIds(): string[] {
  return [...store.setupIntents.keys()];
}

/** Deletes a customer as `DELETE /v1/customers/{id}` does (its id then reads as a deleted customer); false when unknown. */
export function deleteStripeCustomer(id: string): boolean {
  if (!store.customers.has(id)) return false;
  store.customers.set(id, { id, object: 'customer', deleted: true });
  for (const method of store.paymentMethods.values()) {
    if (method.object.customer === id) {
      method.object.customer = null;
      method.detached = true;
    }
  }
  return true;
}
