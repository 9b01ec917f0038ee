/**
 * The customer's one saved method (account §1, §3 Stored payment record), read from the order system
 * and, for a card, as its provider holds it now:
 * - Payment details (account §2 Payment method page, §5, §8): the method with its billing address (a
 *   card's expiry as its provider holds it, so that the expired card of §8 shows), whether active
 *   subscriptions use it, whether a method can be added; deleting it (detached at the provider, the
 *   record blanked) and changing its billing address (the restricted-region rule and the billing
 *   mismatch control first);
 * - the checkout's saved card (storefront §6 "Registered customers get saved addresses and saved
 *   payment methods", decision 017): offered by the payment step, and the card an order that asks
 *   for it pays with, never one the browser names.
 */
import type { components } from '../../../../generated/proxy/types.ts';
import { joinAddressLines, normalizeCountryCode, splitAddressLines } from '../../../../domain/address-form.ts';
import { isRestrictedBillingRegion, REGION_NOT_SUPPORTED_MESSAGE } from '../../../../domain/postal-codes.ts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { adyenShopperReference } from '../payments/adyen-request.ts';
import { asPaymentProblem, billingMismatch, savedCardUnavailable } from '../payments/payment-problems.ts';
import type { CardExpiry, StoredCard, StoredMethod } from '../payments/provider.ts';
import { paymentProvider } from '../payments/providers.ts';
import { customPreferences } from '../../upstream/commerce/preferences.ts';
import type { Shopper } from '../identity/shopper.ts';
import { savedMethodDisplay, savedMethodType } from './payment-display.ts';
import {
  activeSubscriptionList,
  changePaymentRecord,
  customerOf,
  paymentMethodInformation,
  type Customer,
  type Som,
} from '../../upstream/som.ts';

type Schemas = components['schemas'];

/**
 * The provider's stored method of a record's token: Adyen keeps it under the shopper's commerce
 * customer id (the shopperReference every checkout and saving stores under, decision 020); Stripe
 * needs the token alone.
 */
export const storedMethodOf = (shopper: Pick<Shopper, 'tokens'>, token: string): StoredMethod => {
  const shopperReference = adyenShopperReference(shopper.tokens);
  return { token, ...(shopperReference ? { shopperReference } : {}) };
};

/** The card of a record's token as the market's provider holds it: null when it holds none; throws when it cannot be read. */
const heldCard = (ctx: AppContext, shopper: Shopper, token: string): Promise<StoredCard | null> =>
  paymentProvider(shopper.market.provider).storedCard(ctx, storedMethodOf(shopper, token));

/** The stored billing address as the page shows it (address1 may hold two lines joined by a pipe; §3). */
export function addressOf(address: Som['BillingAddress'] | null | undefined): Schemas['Address'] | null {
  if (!address?.address1 || !address.city) return null;
  const lines = splitAddressLines(address.address1);
  return {
    firstName: address.firstName ?? '',
    lastName: address.lastName ?? '',
    countryCode: normalizeCountryCode(address.countryCode) as Schemas['CountryCode'],
    address1: lines.address1,
    address2: address.address2 || lines.address2 || null,
    city: address.city,
    stateCode: address.stateCode ?? null,
    postalCode: address.postalCode ?? '',
  };
}

/** The billing fields of the save payload: the second street line joined to the first by a pipe (§5). */
export function billingPayload(address: Schemas['Address']): Som['BillingAddressPayload'] {
  return {
    SNP_OMS_FirstName__c: address.firstName,
    SNP_OMS_LastName__c: address.lastName,
    SNP_OMS_BillingAddress__Street__s: joinAddressLines(address.address1, address.address2),
    SNP_OMS_BillingAddress__PostalCode__s: address.postalCode,
    SNP_OMS_BillingAddress__CountryCode__s: address.countryCode,
    SNP_OMS_BillingAddress__City__s: address.city,
    ...(address.stateCode ? { SNP_OMS_BillingAddress__StateCode__s: address.stateCode } : {}),
  };
}

/**
 * The saved card's expiry as the market's provider holds it (§5 card expiry, §8 expired card); only
 * cards have one. Null when the provider holds no such card or cannot be read (a warning): the page
 * then shows the record's expiry and never fails for it.
 */
async function savedCardExpiry(
  ctx: AppContext,
  shopper: Shopper,
  record: Som['PaymentMethodRecord'] | null,
): Promise<CardExpiry | null> {
  if (!record || savedMethodType(record) !== 'CREDIT_CARD') return null;
  try {
    const saved = await heldCard(ctx, shopper, record.token);
    return saved ? { expMonth: saved.card.expMonth, expYear: saved.card.expYear } : null;
  } catch (error) {
    shopper.log.warn({ err: error }, "saved card's expiry not readable at the provider: the record's is shown");
    return null;
  }
}

/**
 * Account §2, §6: "The subscriptions and payment content render only if the customer is enabled
 * (flag isCustomerEnabled)". Every payment-method write is refused for another customer before
 * anything is read from or written to a provider or the order system.
 */
export const customerNotEnabled = () =>
  new AppError(
    403,
    'customer-not-enabled',
    'Payment details unavailable',
    'Payment details are not available for this account.',
  );

/**
 * Whether the customer's account in the order system is switched off: it exists and its
 * isCustomerEnabled is false. A customer with no account yet is not "not enabled": the page offers
 * Add, whose 'cannot be added' modal says why (§2).
 */
const notEnabled = (information: Som['PaymentMethodInformationResponse'], isCustomerEnabled: boolean) =>
  information.accountRecordId !== null && !isCustomerEnabled;

/** Throws customerNotEnabled when the order system says so (its ActiveSubsctionList answer), with `information` read already. */
export async function requireEnabledCustomer(
  ctx: AppContext,
  customer: Customer,
  information: Som['PaymentMethodInformationResponse'],
): Promise<void> {
  if (notEnabled(information, (await activeSubscriptionList(ctx, customer)).isCustomerEnabled))
    throw customerNotEnabled();
}

/**
 * GET /account/payment-method (account §2 Payment method page). For a customer who is not enabled
 * the page holds nothing of the payment content (§6): the provider is not asked for the card.
 */
export async function paymentMethodPage(ctx: AppContext, shopper: Shopper): Promise<Schemas['PaymentMethodPage']> {
  const customer = customerOf(shopper);
  const [information, active, preferences] = await Promise.all([
    paymentMethodInformation(ctx, customer),
    activeSubscriptionList(ctx, customer),
    customPreferences(ctx, shopper.siteId, shopper.market.country, shopper.headers),
  ]);
  const showAutoRenewal = preferences.c_showAutoRenewal === true;
  // §2: "If no account exists yet, or a flag is unset, the button opens a modal instead."
  const savingAllowed = preferences.c_allowPaymentMethodSaving === true;
  if (notEnabled(information, active.isCustomerEnabled)) {
    return {
      isCustomerEnabled: false,
      paymentMethod: null,
      billingAddress: null,
      hasLinkedActiveSubscriptions: false,
      canAddPaymentMethod: false,
      provider: shopper.market.provider,
      showAutoRenewal,
    };
  }
  const expiry = await savedCardExpiry(ctx, shopper, information.paymentMethod);
  return pageOf(shopper, information, expiry, active.subscriptions.length > 0, { showAutoRenewal, savingAllowed });
}

function pageOf(
  shopper: Shopper,
  information: Som['PaymentMethodInformationResponse'],
  expiry: CardExpiry | null,
  linked: boolean,
  { showAutoRenewal, savingAllowed }: { showAutoRenewal: boolean; savingAllowed: boolean },
): Schemas['PaymentMethodPage'] {
  return {
    isCustomerEnabled: true,
    paymentMethod: savedMethodDisplay(information.paymentMethod, Date.now(), expiry),
    billingAddress: information.paymentMethod ? addressOf(information.billingAddress) : null,
    hasLinkedActiveSubscriptions: linked,
    // No account in the order system yet, or the region's saving switched off (its flag unset): the
    // page's Add button opens the 'cannot be added' modal (§2).
    canAddPaymentMethod: information.accountRecordId !== null && savingAllowed,
    provider: shopper.market.provider,
    showAutoRenewal,
  };
}

export const noMethod = () => new AppError(404, 'not-found', 'Not found', 'No payment method is saved.');

/**
 * DELETE /account/payment-method: refused while active subscriptions use the method (§2: 'Payment
 * method can't be removed', with the way to My Subscriptions); otherwise detached at the provider,
 * then every field of the stored record blanked (§3).
 */
export async function deletePaymentMethod(ctx: AppContext, shopper: Shopper): Promise<void> {
  const customer = customerOf(shopper);
  const [information, active] = await Promise.all([
    paymentMethodInformation(ctx, customer),
    activeSubscriptionList(ctx, customer),
  ]);
  if (notEnabled(information, active.isCustomerEnabled)) throw customerNotEnabled();
  const record = information.paymentMethod;
  if (!record) throw noMethod();
  if (active.subscriptions.length > 0) {
    throw new AppError(
      409,
      'payment-method-in-use',
      "Payment method can't be removed",
      "Payment method can't be removed",
      {
        redirectUrl: '/account/my-subscriptions',
      },
    );
  }
  const provider = paymentProvider(shopper.market.provider);
  const stored = storedMethodOf(shopper, record.token);
  await provider.removeStoredMethod(ctx, stored).catch(async (error: unknown) => {
    // Issue 17: a delete whose record change failed after the detach is retried with the card
    // detached already, which the provider refuses; a card it no longer holds is gone as asked.
    if (!(await cardGone(ctx, shopper, record))) throw asPaymentProblem(error);
  });
  const outcome = await changePaymentRecord(ctx, customer, {
    method: 'DeletePaymentMethod',
    recordId: record.recordId,
  });
  if (!outcome) throw noMethod();
  if (outcome.result !== 'Success') throw refusedByOrderSystem(shopper, outcome);
}

/** Whether the provider no longer holds the record's card; a bank debit's method cannot be told so (false). */
async function cardGone(ctx: AppContext, shopper: Shopper, record: Som['PaymentMethodRecord']): Promise<boolean> {
  const type = savedMethodType(record);
  if (type === 'IDEAL' || type === 'BANCONTACT') return false;
  try {
    return (await heldCard(ctx, shopper, record.token)) === null;
  } catch {
    return false;
  }
}

/** The market's restricted-region rule (§5, configured per market), as the billing form shows it: on the postal code, in the document's words. */
export function checkBillingRegion(
  ctx: AppContext,
  shopper: Pick<Shopper, 'market'>,
  address: Schemas['Address'],
): void {
  const rule = ctx.config.billingRegionRules[shopper.market.country];
  if (!rule || !isRestrictedBillingRegion(rule, address.countryCode, address.postalCode)) return;
  throw new AppError(422, 'region-not-supported', 'Region not supported', REGION_NOT_SUPPORTED_MESSAGE, {
    code: 'region_not_supported',
    errors: [{ field: '/postalCode', message: REGION_NOT_SUPPORTED_MESSAGE, code: 'region_not_supported' }],
  });
}

/** The saved method's country where the provider tells it (Stripe's card or SEPA account); otherwise unknown. */
async function savedMethodCountry(ctx: AppContext, shopper: Shopper, token: string): Promise<string | null> {
  try {
    return await paymentProvider(shopper.market.provider).storedMethodCountry(ctx, storedMethodOf(shopper, token));
  } catch (error) {
    shopper.log.warn({ err: error }, 'saved method not readable for the billing mismatch control');
    return null;
  }
}

/**
 * PUT /account/billing-address (§2 Edit billing address, §5): the restricted-region rule, then the
 * region's billing mismatch control against the saved method's country, then the stored record.
 */
export async function updateBillingAddress(
  ctx: AppContext,
  shopper: Shopper,
  address: Schemas['Address'],
): Promise<Schemas['PaymentMethodPage']> {
  const customer = customerOf(shopper);
  const [information, active, preferences] = await Promise.all([
    paymentMethodInformation(ctx, customer),
    activeSubscriptionList(ctx, customer),
    customPreferences(ctx, shopper.siteId, shopper.market.country, shopper.headers),
  ]);
  // §6: nothing of the payment content for a customer who is not enabled, whatever the address.
  if (notEnabled(information, active.isCustomerEnabled)) throw customerNotEnabled();
  checkBillingRegion(ctx, shopper, address);
  const record = information.paymentMethod;
  if (!record) {
    throw new AppError(
      409,
      'no-payment-method',
      'No payment method',
      'Add a payment method to give it a billing address.',
    );
  }
  // §5: the country of the card, bank account or debit (a wallet's card, iDEAL's or Bancontact's SEPA account).
  if (preferences.c_billingMismatchControl === true) {
    const country = await savedMethodCountry(ctx, shopper, record.token);
    if (country && country !== address.countryCode) throw billingMismatch();
  }
  const outcome = await changePaymentRecord(ctx, customer, {
    method: 'UpdateBillingAddress',
    recordId: record.recordId,
    billingAddress: billingPayload(address),
  });
  if (!outcome) throw noMethod();
  if (outcome.result !== 'Success') throw refusedByOrderSystem(shopper, outcome);
  return paymentMethodPage(ctx, shopper);
}

export function refusedByOrderSystem(shopper: Pick<Customer, 'log'>, outcome: Som['PatchResult']): AppError {
  shopper.log.warn({ message: outcome.message }, 'order management refused the payment record change');
  return new AppError(502, 'upstream-error', 'Service unavailable', 'Upstream som failed.');
}

// ---- The checkout's saved card (storefront §6) ------------------------------------------------------

export interface SavedCard {
  /** The card as the payment step shows it. */
  display: Schemas['PaymentMethodDisplay'];
  /** The card as its provider holds it, to pay with. */
  card: StoredCard;
}

/** The saved card a registered customer can pay with; null for a guest or without a usable one. */
export async function savedCardOf(ctx: AppContext, shopper: Shopper): Promise<SavedCard | null> {
  if (shopper.session.authType !== 'registered' || !shopper.session.principalUUID) return null;
  const record = (await paymentMethodInformation(ctx, customerOf(shopper), true)).paymentMethod;
  if (!record?.token || savedMethodType(record) !== 'CREDIT_CARD') return null;
  const card = await heldCard(ctx, shopper, record.token);
  if (!card) return null;
  const display = savedMethodDisplay(record, Date.now(), card.card);
  return display && !display.expired ? { display, card } : null;
}

/** The saved card as the payment step offers it: a failed read offers none (a warning), it never blocks paying. */
export async function offeredSavedCard(
  ctx: AppContext,
  shopper: Shopper,
): Promise<Schemas['PaymentMethodDisplay'] | null> {
  try {
    return (await savedCardOf(ctx, shopper))?.display ?? null;
  } catch (error) {
    shopper.log.warn({ err: error }, 'saved card not readable: the payment step offers none');
    return null;
  }
}

/** The saved card an order asked for (PlaceOrderRequest.useSavedPaymentMethod); 422 when there is none to use. */
export async function savedCardToPay(ctx: AppContext, shopper: Shopper): Promise<StoredCard> {
  const saved = await savedCardOf(ctx, shopper);
  if (!saved) throw savedCardUnavailable();
  return saved.card;
}
