/**
 * One interface for the market's payment provider (DESIGN.md: Stripe in GB, DE, AT, NL, BE, LU,
 * US, CA; Adyen in FR, IT, ES, PT, CZ, SK). The checkout sets up the payment form, checks the
 * method, pays and confirms after a redirect; the account area (account §"payment method")
 * saves, replaces and removes the customer's one stored method through the same providers:
 * `saveMethod` (amount 0, kept for off-session renewals), `keepOnlyStoredMethod`,
 * `removeStoredMethod`, and reads the saved card as the provider holds it with `storedCard` (its
 * expiry; the checkout pays with it, storefront §6 saved payment methods). The
 * orchestration (what is written when, settling the order) is the caller's: a provider only
 * talks to its provider, reads every result back from it, and throws the payment problems of
 * payment-problems.ts.
 */
import type { WalletType } from '../../../../domain/payment-method.ts';
import type { components } from '../../../../generated/proxy/types.ts';
import type { AppContext } from '../../context.ts';
import type { PendingPayment } from '../../session.ts';
import type { CommerceAddress } from '../../upstream/commerce/baskets.ts';
import type { Shopper } from '../identity/shopper.ts';

type Schemas = components['schemas'];

export interface CardFacts {
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  /** The card's issuing country, when the provider tells (the billing-mismatch control). */
  country?: string | null;
}

/**
 * A bank debit's account as the provider tells it (Stripe: the SEPA Direct Debit method an iDEAL or
 * Bancontact set-up generated, and the set-up's attempt): what the order and the order-management
 * record keep of it (decision 020).
 */
export type BankAccountFacts = NonNullable<PendingPayment['bank']>;

/** The payment method fields shared by placing an order and saving a method (SavePaymentMethodRequest). */
export type MethodRequest = Pick<
  Schemas['PlaceOrderRequest'],
  'provider' | 'paymentMethodType' | 'sandboxCardToken' | 'stripePaymentMethodId' | 'adyenStateData'
>;

/** The payment method of an attempt, checked with the provider before anything is written. */
export interface CheckedMethod {
  /** The provider's id of the method, when it exists before paying (a Stripe PaymentMethod). */
  id?: string;
  /** `card`, or a bank method (`ideal`, `bancontact`); Adyen's component type. */
  type: string;
  /** The card, when the provider knows it before paying. */
  card?: CardFacts;
  /**
   * The digital wallet the card came from, as the provider tells it (Stripe's `card.wallet.type`,
   * Adyen's googlepay or applepay): the order records GooglePay or ApplePay (storefront §3).
   */
  wallet?: WalletType;
  /** The account's saved method paying this order (storefront §6), as its provider holds it. */
  stored?: StoredMethod;
}

/** The provider's references of a payment or a saving, recorded for the read-back after a redirect. */
export type ProviderReferences = Pick<
  PendingPayment,
  | 'key'
  | 'paymentType'
  | 'setupIntentId'
  | 'stripeCustomerId'
  | 'pspReference'
  | 'card'
  | 'paymentMethodId'
  | 'shopperReference'
>;

/** What a payment or a saving needs besides the method: who, the billing address, where to come back. */
export interface PaymentParty {
  customer: { email: string; name: string };
  billing: CommerceAddress;
  /** Where 3-D Secure or the bank page sends the shopper back. */
  returnUrl: string;
  /** The shopper's browser, as a bank debit's mandate records its online acceptance (Stripe's mandate_data). */
  client: { ipAddress: string; userAgent: string };
}

export interface PaymentAttempt extends PaymentParty {
  /** The order being paid; the provider records its references on it (intent, PSP reference, card). */
  pending: PendingPayment;
  method: CheckedMethod;
  request: Schemas['PlaceOrderRequest'];
  amount: { value: number; currency: string };
}

export interface SaveAttempt extends PaymentParty {
  /** Where the provider records its references (an order's pending payment, or the account's). */
  record: ProviderReferences;
  /** The order paid by this saving (checkout with Stripe); absent when the account saves a method. */
  orderNo?: string;
  method: CheckedMethod;
  request: MethodRequest;
  /** The market's currency: a saving is an amount of 0 in it. */
  currency: string;
}

/** An action for the shopper: a page to open by GET, or Adyen's answer for its component (any action). */
export type ActionRequired = {
  status: 'actionRequired';
  actionType: Schemas['ActionRequired']['actionType'];
  redirectUrl?: string;
  adyen?: Schemas['AdyenActionAnswer'];
};

/**
 * The browser's return: the redirect's parameters (ConfirmPaymentRequest), or the Adyen
 * component's additional details after a native 3-D Secure 2 challenge (PaymentDetailsRequest).
 */
export type ReturnRequest = Schemas['ConfirmPaymentRequest'] & { threeDSResult?: string };

/** What a payment came to, verified with the provider; failures are thrown as payment problems. */
export type PaymentResult = { status: 'paid'; card?: CardFacts } | ActionRequired | { status: 'processing' };

/** A method stored with the provider for off-session renewals (the account's one saved method). */
export interface StoredMethod {
  /** Stripe PaymentMethod id or Adyen storedPaymentMethodId. */
  token: string;
  /** Adyen's shopperReference of the customer (Stripe needs none). */
  shopperReference?: string;
  /** Stripe's payment customer holding the method. */
  customerId?: string;
}

/** A saved card's expiry as the provider holds it (account §3 Saved payment method, §5 card expiry). */
export type CardExpiry = Pick<CardFacts, 'expMonth' | 'expYear'>;

/** A saved card as its provider holds it: a method to pay with, and the stored method it is. */
export type StoredCard = CheckedMethod & { type: 'card'; card: CardFacts; stored: StoredMethod };

export type SaveResult =
  | { status: 'saved'; stored: StoredMethod; card?: CardFacts; bank?: BankAccountFacts }
  | ActionRequired
  | { status: 'processing' };

export interface SetupInput {
  amount: Schemas['Money'];
  email: string;
  name: string;
  sandbox: boolean;
}

export interface PaymentProvider {
  readonly name: Schemas['PaymentProvider'];
  /** What the market's payment form needs (a Stripe set-up, Adyen's payment methods). */
  setup(ctx: AppContext, shopper: Shopper, input: SetupInput): Promise<Schemas['PaymentSetup']>;
  /**
   * The request's payment method, read from the provider where it exists already; 422 when unusable,
   * 403 when it is attached to a payment customer other than the shopper's own (Stripe's customer of
   * the shopper, asked only for an attached method: a retry after a lost answer may have attached it
   * to the shopper's own already; issue 30).
   */
  checkMethod(ctx: AppContext, shopper: Shopper, request: MethodRequest): Promise<CheckedMethod>;
  /** Pays the order (keeping the method for off-session renewals) and reads the result back. */
  pay(ctx: AppContext, shopper: Shopper, attempt: PaymentAttempt): Promise<PaymentResult>;
  /** Saves a method with an amount of 0 for off-session renewals, read back from the provider. */
  saveMethod(ctx: AppContext, shopper: Shopper, attempt: SaveAttempt): Promise<SaveResult>;
  /** The browser's return from 3-D Secure or the bank page belongs to this payment; a 400 otherwise. */
  checkReturn(pending: PendingPayment, request: ReturnRequest): void;
  /**
   * After 3-D Secure or the bank page: the result, read back from the provider. A paid result
   * records on `pending` the method kept for the renewals where the return told it (Stripe's iDEAL
   * and Bancontact: the generated SEPA Direct Debit method, with the bank's facts).
   */
  confirm(ctx: AppContext, shopper: Shopper, pending: PendingPayment, request: ReturnRequest): Promise<PaymentResult>;
  /**
   * Completes on a paid `pending` the method kept for the renewals when nothing told it yet (a
   * reconciler placing an order whose shopper never came back from the bank page), before the order
   * records it. Optional: only Stripe's bank set-ups keep another method than the one paid with.
   */
  completeStoredMethod?(ctx: AppContext, pending: PendingPayment): Promise<void>;
  /**
   * Gives back what the payment charged when its order cannot be settled paid (issue 17: never a
   * charge without an order): Adyen reverses it; Stripe's checkout charged nothing but saved a card
   * (a SetupIntent), which is cancelled or detached, never the account's saved card.
   * Never throws: true once the provider received the reversal (or there is nothing to give back),
   * false when it could not be sent; the order attempt's reconciler sends it again (issue 29).
   */
  reverse(ctx: AppContext, shopper: Shopper, pending: PendingPayment): Promise<boolean>;
  /**
   * After 3-D Secure or the bank page of a saving (the account's Add or Edit payment method): the
   * stored method, read back from the provider; `methodId` is the method the saving was for, where
   * it existed before (a Stripe PaymentMethod).
   */
  confirmSave(
    ctx: AppContext,
    shopper: Shopper,
    record: ProviderReferences,
    methodId: string | undefined,
    request: ReturnRequest,
  ): Promise<SaveResult>;
  /** Removes a stored method (replacing or deleting the saved method; a mismatched new Adyen method). */
  removeStoredMethod(ctx: AppContext, stored: StoredMethod): Promise<void>;
  /**
   * One method kept once `kept` is stored (account §1 one saved method; §7 "Adyen saved payment
   * methods (get, remove, keep one)"): Adyen lists the shopper's stored methods and removes all
   * others, Stripe detaches `previous` (the replaced record's). Every removal is tried; a failure is
   * thrown once they are done (the caller logs it).
   */
  keepOnlyStoredMethod(ctx: AppContext, kept: StoredMethod, previous: StoredMethod | undefined): Promise<void>;
  /**
   * The saved card as the provider holds it (account §5 card expiry, §8 expired card; the checkout's
   * saved card, storefront §6), with the stored method completed (Stripe's customer holding it):
   * null when the provider holds no card by that token; throws when the provider cannot be read.
   */
  storedCard(ctx: AppContext, stored: StoredMethod): Promise<StoredCard | null>;
  /**
   * The country of the saved method as the provider holds it, for the billing mismatch control
   * (account §5 "the country of the card, bank account or debit country (card country for Adyen)"):
   * a card's issuing country or a SEPA Direct Debit account's; null when the provider tells none;
   * throws when the provider cannot be read.
   */
  storedMethodCountry(ctx: AppContext, stored: StoredMethod): Promise<string | null>;
}
