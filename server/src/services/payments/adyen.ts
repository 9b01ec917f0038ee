/**
 * Adyen Checkout v71 (storefront §4 "On payment", §8): the component's whole state.data is paid
 * with /payments and its method stored for the renewals (issue 31, docs/decisions/020:
 * storePaymentMethod with the customer's shopperReference, recurring model Subscription; the token
 * Adyen answers is recorded on the order, and its RECURRING_CONTRACT webhook tells it too),
 * 3-D Secure (a redirect by GET or POST, or a native 3-D Secure 2 challenge whose action the
 * component handles) finishes through /payments/details, and the refusal reasons map to the §8 kinds
 * (domain/payment-errors.ts adyenRefusal). Saving a method is a payment of 0 that stores it;
 * the shopper's stored methods are listed (their expiry too) and removed with /storedPaymentMethods
 * (account §7: get, remove, keep one). Amounts travel in minor units.
 */
import { adyenRefusal } from '../../../../domain/payment-errors.ts';
import { WALLET_TYPES, walletOf } from '../../../../domain/payment-method.ts';
import type { components as AdyenComponents } from '../../../../generated/adyen/types.ts';
import type { components } from '../../../../generated/proxy/types.ts';
import type { AppContext } from '../../context.ts';
import { invalidField } from '../../errors.ts';
import * as adyen from '../../upstream/adyen.ts';
import type { Shopper } from '../identity/shopper.ts';
import { geolocation } from '../site/site-info.ts';
import { actionOf, cardOf, detailsOf, type AdyenAction } from './adyen-answers.ts';
import { adyenShopperReference, shopperFields, stateDataFields, storedMethodOfAnswer } from './adyen-request.ts';
import { reverseAdyenPayment } from './adyen-reversal.ts';
import { expiryOf, storedMethodsOf } from './adyen-stored.ts';
import { asPaymentProblem, missingPaymentMethod, providerFailure, refused } from './payment-problems.ts';
import type {
  MethodRequest,
  PaymentParty,
  PaymentProvider,
  PaymentResult,
  ProviderReferences,
  ReturnRequest,
  SaveResult,
  StoredMethod,
} from './provider.ts';
import { knownOutcome } from './uncertain.ts';

type Schemas = components['schemas'];
type AdyenPaymentRequest = AdyenComponents['schemas']['PaymentRequest'];

const minorUnits = (value: number): number => Math.round(value * 100);

interface AdyenResult {
  resultCode?: string;
  pspReference?: string;
  refusalReason?: string;
  action?: AdyenAction | null;
  additionalData?: Record<string, string> | null;
}

/**
 * What an answer of /payments or /payments/details comes to; the card, and the method the payment
 * stored for the renewals (its token and shopperReference), are kept on the record.
 */
function outcomeOf(record: ProviderReferences, data: AdyenResult): PaymentResult {
  // The card shows in any answer that names it (the first /payments answer of a 3-D Secure payment too).
  const card = cardOf(data.additionalData ?? {});
  if (card) record.card = card;
  const stored = data.resultCode === 'Authorised' ? storedMethodOfAnswer(data.additionalData ?? {}) : undefined;
  if (stored) {
    record.paymentMethodId = stored.token;
    if (stored.shopperReference) record.shopperReference = stored.shopperReference;
  }
  switch (data.resultCode) {
    case 'Authorised':
      return record.card ? { status: 'paid', card: record.card } : { status: 'paid' };
    case 'RedirectShopper':
    case 'IdentifyShopper':
    case 'ChallengeShopper': {
      // The action as Adyen gave it, for the component; a page to open by GET as well where it is one.
      const action = actionOf(data.action);
      return {
        status: 'actionRequired',
        // A card's issuer asks for 3-D Secure, a wallet's card too; a bank method sends to the bank.
        actionType:
          record.paymentType === 'IDEAL' || record.paymentType === 'BANCONTACT' ? 'bankRedirect' : 'threeDSecure',
        ...(action.type === 'redirect' && action.method === 'GET' ? { redirectUrl: action.url! } : {}),
        adyen: { resultCode: data.resultCode, action },
      };
    }
    case 'Refused':
      throw refused(adyenRefusal(data.refusalReason));
    default:
      throw providerFailure(500);
  }
}

/** A saving's answer: the stored method Adyen names (tokenization), or the result that is not one yet. */
function savedOf(shopper: Shopper, record: ProviderReferences, data: AdyenResult, reference: string): SaveResult {
  const result = outcomeOf(record, data);
  if (result.status !== 'paid') return result;
  const answered = storedMethodOfAnswer(data.additionalData ?? {});
  if (!answered) throw providerFailure(500);
  const stored = {
    token: answered.token,
    shopperReference: answered.shopperReference ?? shopperReferenceOf(shopper, reference),
  };
  return { status: 'saved', stored, ...(result.card ? { card: result.card } : {}) };
}

/** The shopperReference a new method is stored under: the commerce customer's id, else the payment's own reference. */
const shopperReferenceOf = (shopper: Shopper, reference: string) => adyenShopperReference(shopper.tokens) ?? reference;

/**
 * The shopper's IP for Adyen's risk checks (storefront §9: payments carry shopperIP): the
 * geolocation service's answer for the caller, or the caller's own IP when it cannot answer.
 */
async function shopperIpOf(ctx: AppContext, callerIp: string): Promise<string> {
  const located = await geolocation(ctx, callerIp, AbortSignal.timeout(ctx.config.upstreamTimeoutMs)).catch(
    () => undefined,
  );
  // A wrongly typed answer is no address (issue 17's fault table): the caller's own is sent instead.
  return typeof located?.ip === 'string' && located.ip ? located.ip : callerIp;
}

/** One /payments call: an order's amount, or 0 to store the method; the answer read as the result. */
async function authorise(
  ctx: AppContext,
  shopper: Shopper,
  payment: PaymentParty & {
    record: ProviderReferences;
    reference: string;
    request: MethodRequest;
    amount: { value: number; currency: string };
    /** Native 3-D Secure 2 preferred (the checkout's component handles a `threeDS2` action). */
    native: boolean;
    /** The account's saved card paying instead of the component's method (storefront §6). */
    stored?: StoredMethod | undefined;
    /**
     * Reverse here what an unknown outcome may have charged: the account's saving. An order's payment
     * is reversed by its attempt's owner (services/attempts/, issue 29), which the journal lets retry.
     */
    reverseUnknown: boolean;
  },
): Promise<AdyenResult> {
  const { record, billing, request, stored } = payment;
  const state = request.adyenStateData;
  const shopperIP = await shopperIpOf(ctx, payment.client.ipAddress);
  // A saved card is a card-on-file payment of the returning shopper who stored it
  // (docs.adyen.com/online-payments/tokenization/make-token-payments): ContAuth, CardOnFile, the
  // shopperReference it was stored under. Any other method is stored for the renewals, which
  // charge it later as ContAuth Subscription payments: storePaymentMethod with the customer's
  // shopperReference (without one Adyen stores nothing), Subscription, Ecommerce.
  const recurring = stored
    ? {
        shopperReference: stored.shopperReference ?? '',
        shopperInteraction: 'ContAuth' as const,
        recurringProcessingModel: 'CardOnFile' as const,
        storePaymentMethod: false,
      }
    : {
        shopperReference: shopperReferenceOf(shopper, payment.reference),
        shopperInteraction: 'Ecommerce' as const,
        recurringProcessingModel: 'Subscription' as const,
        storePaymentMethod: true,
      };
  record.shopperReference = recurring.shopperReference;
  const body: AdyenPaymentRequest = {
    // The component's state.data as it gave it (adyen-request.ts): the browser, origin and risk data
    // 3-D Secure 2 and Adyen's risk checks need; its method, or the saved card by its token, read
    // from the account's record, never from the browser.
    ...stateDataFields(state),
    paymentMethod: stored
      ? { type: 'scheme', storedPaymentMethodId: stored.token }
      : (state?.paymentMethod as AdyenPaymentRequest['paymentMethod']),
    // The whole billing address (house number and street apart), the name and e-mail: the component's
    // where it collected them, else the checkout's.
    ...shopperFields(state, billing, payment.customer.email),
    // What the server decides.
    merchantAccount: ctx.config.credentials.adyen.merchantAccount,
    amount: { currency: payment.amount.currency, value: minorUnits(payment.amount.value) },
    reference: payment.reference,
    ...recurring,
    // The checkout's component handles a native 3-D Secure 2 challenge
    // (docs.adyen.com/online-payments/3d-secure/native-3ds2); the account's saving follows redirects only.
    authenticationData: { threeDSRequestData: { nativeThreeDS: payment.native ? 'preferred' : 'disabled' } },
    channel: 'Web',
    ...(shopperIP ? { shopperIP } : {}),
    returnUrl: payment.returnUrl,
    countryCode: String(billing.countryCode ?? ''),
    shopperLocale: shopper.locale.replace('-', '_'),
  };
  // The same request with the same key when the answer was lost; still unknown: whatever it may have
  // charged is cancelled by our reference before the attempt fails (issue 17), by the order attempt's
  // owner for an order (issue 29).
  const charge = { reference: payment.reference, key: record.key };
  const result = await knownOutcome(() => adyen.payments(ctx, body, `${record.key}-pay`), readable).catch(
    async (error: unknown) => {
      if (payment.reverseUnknown) await reverseAdyenPayment(ctx, shopper.log, charge);
      throw asPaymentProblem(error);
    },
  );
  if (!result.data) throw providerFailure(result.response.status);
  record.pspReference = result.data.pspReference ?? '';
  return result.data;
}

/** An answer of /payments or /payments/details the proxy can read: it names its result. */
const readable = (data: { resultCode?: unknown }) => typeof data.resultCode === 'string';

/**
 * /payments/details, asked again with the same key when its answer was lost; still unknown: the
 * payment (its pspReference known from /payments) is reversed before the return fails (issue 17):
 * here for the account's saving (`reverseUnknown`), by the order attempt's owner for an order.
 */
async function submitDetails(
  ctx: AppContext,
  shopper: Shopper,
  record: ProviderReferences,
  reference: string,
  request: ReturnRequest,
  reverseUnknown: boolean,
): Promise<AdyenResult> {
  const details = await knownOutcome(
    () => adyen.paymentsDetails(ctx, { details: detailsOf(request) }, `${record.key}-details`),
    readable,
  ).catch(async (error: unknown) => {
    if (reverseUnknown)
      await reverseAdyenPayment(ctx, shopper.log, { pspReference: record.pspReference, reference, key: record.key });
    throw asPaymentProblem(error);
  });
  if (!details.data) throw providerFailure(details.response.status);
  return details.data as AdyenResult;
}

export const adyenProvider: PaymentProvider = {
  name: 'adyen',

  async setup(ctx, shopper, input) {
    const { merchantAccount, clientKey, environment } = ctx.config.credentials.adyen;
    const { data, response } = await adyen
      .paymentMethods(ctx, {
        merchantAccount,
        countryCode: shopper.market.country,
        amount: { currency: input.amount.currency, value: minorUnits(input.amount.value) },
        shopperLocale: shopper.locale.replace('-', '_'),
      })
      // Unreachable, too slow or an unreadable answer (issue 17's fault table): the §8 connection error, not a 500.
      .catch((error: unknown) => {
        throw asPaymentProblem(error);
      });
    if (!data || (data.paymentMethods !== undefined && !Array.isArray(data.paymentMethods)))
      throw providerFailure(response.status);
    // A wallet shows where Adyen offers it for the market (its payment methods answer) and the market
    // takes it; a wallet the market does not take is not offered at all.
    const offered = (type: string | undefined) => {
      const wallet = walletOf(type);
      return !wallet || shopper.market.paymentMethods.includes(wallet);
    };
    const methods = (data.paymentMethods ?? []).filter((m) => offered(m.type));
    const wallets = WALLET_TYPES.filter((wallet) => methods.some((m) => walletOf(m.type) === wallet));
    const setup: Schemas['AdyenPaymentSetup'] = {
      provider: 'adyen',
      clientKey,
      // ADYEN_ENVIRONMENT (test, live or its region), the AdyenCheckout `environment` of the client.
      environment,
      paymentMethods: methods.map((m) => ({
        type: m.type ?? 'scheme',
        name: m.name ?? m.type ?? 'Cards',
        brands: m.brands ?? [],
        // Google Pay's and Apple Pay's merchant identifiers, which Adyen Web's wallet components read.
        ...(m.configuration ? { configuration: m.configuration } : {}),
      })),
      amount: input.amount,
      wallets,
      sandbox: input.sandbox,
    };
    return setup;
  },

  // The card is in Adyen's encrypted fields, or in the wallet's token: Adyen reads it when paying.
  async checkMethod(_ctx, _shopper, request) {
    const method = request.adyenStateData?.paymentMethod;
    if (!method) throw missingPaymentMethod();
    const { type } = method;
    const wallet = walletOf(type);
    return { type, ...(wallet ? { wallet } : {}) };
  },

  async pay(ctx, shopper, attempt) {
    const { pending } = attempt;
    const data = await authorise(ctx, shopper, {
      ...attempt,
      record: pending,
      reference: pending.orderNo,
      // The saved card has no component on the page to handle a native challenge: its 3-D Secure,
      // where the issuer asks for it, goes by redirect (GET or POST), which the page follows.
      native: !attempt.method.stored,
      stored: attempt.method.stored,
      reverseUnknown: false,
    });
    return outcomeOf(pending, data);
  },

  async saveMethod(ctx, shopper, attempt) {
    const reference = attempt.orderNo ?? `payment-method-${shopper.tokens.customerId ?? attempt.record.key}`;
    const amount = { value: 0, currency: attempt.currency };
    const data = await authorise(ctx, shopper, {
      ...attempt,
      reference,
      amount,
      native: false,
      reverseUnknown: !attempt.orderNo,
    });
    return savedOf(shopper, attempt.record, data, reference);
  },

  checkReturn(_pending, request) {
    if (!request.redirectResult && !request.threeDSResult) {
      throw invalidField('The redirect result is missing.', {
        field: '/redirectResult',
        message: 'Required.',
        code: 'required',
      });
    }
  },

  async confirm(ctx, shopper, pending, request) {
    return outcomeOf(pending, await submitDetails(ctx, shopper, pending, pending.orderNo, request, false));
  },

  async confirmSave(ctx, shopper, record, _methodId, request) {
    if (!request.redirectResult && !request.threeDSResult) throw providerFailure(400);
    const reference = `payment-method-${shopper.tokens.customerId ?? record.key}`;
    return savedOf(shopper, record, await submitDetails(ctx, shopper, record, reference, request, true), reference);
  },

  async reverse(ctx, shopper, pending) {
    return reverseAdyenPayment(ctx, shopper.log, {
      pspReference: pending.pspReference,
      reference: pending.orderNo,
      key: pending.key,
    });
  },

  async removeStoredMethod(ctx, stored) {
    const { response } = await adyen.deleteStoredPaymentMethod(ctx, stored.token, {
      shopperReference: stored.shopperReference ?? '',
      merchantAccount: ctx.config.credentials.adyen.merchantAccount,
    });
    if (!response.ok) throw providerFailure(response.status);
  },

  // Every method the shopper has stored but the new one goes: a replaced card, one stored by a checkout.
  async keepOnlyStoredMethod(ctx, kept) {
    const shopperReference = kept.shopperReference;
    if (!shopperReference) return;
    const others = (await storedMethodsOf(ctx, shopperReference)).flatMap((m) =>
      m.id && m.id !== kept.token ? [m.id] : [],
    );
    const removals = await Promise.allSettled(
      others.map((token) => adyenProvider.removeStoredMethod(ctx, { token, shopperReference })),
    );
    const failed = removals.flatMap((r) => (r.status === 'rejected' ? [r.reason as unknown] : []));
    if (failed.length > 0) throw new AggregateError(failed, `${failed.length} stored payment method(s) not removed`);
  },

  async storedCard(ctx, stored) {
    if (!stored.shopperReference) return null;
    const method = (await storedMethodsOf(ctx, stored.shopperReference)).find((m) => m.id === stored.token);
    const expiry = method && expiryOf(method);
    if (!method || !expiry) return null;
    const card = { brand: method.brand ?? 'card', last4: method.lastFour ?? '', ...expiry };
    return { id: stored.token, type: 'card', card, stored };
  },

  // Adyen's stored payment methods carry no issuing country
  // (https://docs.adyen.com/api-explorer/Checkout/71/get/storedPaymentMethods): the card's country is
  // checked when it is saved, from the payment's additionalData (account §5 "card country for Adyen").
  async storedMethodCountry() {
    return null;
  },
};
