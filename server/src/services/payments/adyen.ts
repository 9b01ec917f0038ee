/**
 * Adyen Checkout v71 (storefront §4 "On payment", §8): the card component's encrypted fields are
 * paid with /payments (recurring model Subscription, so the card can be stored for renewals),
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
import type { Shopper } from '../shopper.ts';
import { geolocation } from '../site-info.ts';
import { asPaymentProblem, missingPaymentMethod, providerFailure, refused } from './payment-problems.ts';
import type {
  CardExpiry,
  CardFacts,
  MethodRequest,
  PaymentParty,
  PaymentProvider,
  PaymentResult,
  ProviderReferences,
  ReturnRequest,
  SaveResult,
  StoredMethod,
} from './provider.ts';

type Schemas = components['schemas'];
type AdyenPaymentRequest = AdyenComponents['schemas']['PaymentRequest'];
type StoredPaymentMethodResource = AdyenComponents['schemas']['StoredPaymentMethodResource'];

const minorUnits = (value: number): number => Math.round(value * 100);

type AdyenAction = NonNullable<AdyenComponents['schemas']['PaymentResponse']['action']>;

interface AdyenResult {
  resultCode?: string;
  pspReference?: string;
  refusalReason?: string;
  action?: AdyenAction | null;
  additionalData?: Record<string, string> | null;
}

/**
 * Adyen's action as Adyen gave it, for the component's `actions.resolve` (a redirect by GET or by
 * POST with its data, a native 3-D Secure 2 fingerprint or challenge); a 502 when it is none of them.
 */
function actionOf(action: AdyenAction | null | undefined): Schemas['AdyenAction'] {
  if (action?.type === 'redirect') {
    const method = (action.method ?? 'GET').toUpperCase();
    if (!action.url || (method !== 'GET' && method !== 'POST')) throw providerFailure(500);
    return {
      type: 'redirect',
      url: action.url,
      method,
      ...(action.paymentMethodType ? { paymentMethodType: action.paymentMethodType } : {}),
      ...(action.data ? { data: action.data } : {}),
    };
  }
  if (action?.type === 'threeDS2') {
    if (!action.token) throw providerFailure(500);
    const { type, token, subtype, paymentMethodType, authorisationToken, paymentData, url } = action;
    return {
      type,
      token,
      ...(subtype ? { subtype } : {}),
      ...(paymentMethodType ? { paymentMethodType } : {}),
      ...(authorisationToken ? { authorisationToken } : {}),
      ...(paymentData ? { paymentData } : {}),
      ...(url ? { url } : {}),
    };
  }
  throw providerFailure(500);
}

/** The card of an answer's additionalData (cardSummary, expiryDate "M/YYYY", issuing country). */
function cardOf(extra: Record<string, string>): CardFacts | undefined {
  if (!extra.cardSummary) return undefined;
  const [month, year] = (extra.expiryDate ?? '').split('/');
  return {
    brand: extra.paymentMethod ?? 'card',
    last4: extra.cardSummary,
    expMonth: Number(month) || 0,
    expYear: Number(year) || 0,
    ...(extra.cardIssuingCountry ? { country: extra.cardIssuingCountry } : {}),
  };
}

/** The details of /payments/details: the native challenge's threeDSResult, or the redirect's redirectResult. */
const detailsOf = (request: ReturnRequest) =>
  request.threeDSResult ? { threeDSResult: request.threeDSResult } : { redirectResult: request.redirectResult! };

/** What an answer of /payments or /payments/details comes to; the card is kept on the record. */
function outcomeOf(record: ProviderReferences, data: AdyenResult): PaymentResult {
  // The card shows in any answer that names it (the first /payments answer of a 3-D Secure payment too).
  const card = cardOf(data.additionalData ?? {});
  if (card) record.card = card;
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
  const extra = data.additionalData ?? {};
  const token = extra['tokenization.storedPaymentMethodId'];
  if (!token) throw providerFailure(500);
  const stored = {
    token,
    shopperReference: extra['tokenization.shopperReference'] ?? shopper.tokens.customerId ?? reference,
  };
  return { status: 'saved', stored, ...(result.card ? { card: result.card } : {}) };
}

/** The shopper's stored payment methods (GET /storedPaymentMethods); throws when Adyen cannot be read. */
async function storedMethodsOf(ctx: AppContext, shopperReference: string): Promise<StoredPaymentMethodResource[]> {
  const { data, response } = await ctx.upstreams.adyen.GET('/storedPaymentMethods', {
    params: { query: { shopperReference, merchantAccount: ctx.config.credentials.adyen.merchantAccount } },
  });
  if (!data) throw providerFailure(response.status);
  return data.storedPaymentMethods ?? [];
}

/** A stored card's expiry: Adyen documents the year's last two digits, and answers four as well. */
function expiryOf(method: StoredPaymentMethodResource): CardExpiry | null {
  const month = Number(method.expiryMonth);
  const year = Number(method.expiryYear);
  if (!Number.isInteger(month) || month < 1 || month > 12 || !Number.isInteger(year) || year <= 0) return null;
  return { expMonth: month, expYear: (method.expiryYear ?? '').length <= 2 ? 2000 + year : year };
}

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
    store: boolean;
    /** Native 3-D Secure 2 preferred (the checkout's component handles a `threeDS2` action). */
    native: boolean;
    /** The account's saved card paying instead of the component's method (storefront §6). */
    stored?: StoredMethod | undefined;
  },
): Promise<AdyenResult> {
  const { record, billing, request, stored } = payment;
  const country = String(billing.countryCode ?? '');
  const shopperIP = await shopperIpOf(ctx, payment.client.ipAddress);
  const result = await ctx.upstreams.adyen.POST('/payments', {
    body: {
      merchantAccount: ctx.config.credentials.adyen.merchantAccount,
      amount: { currency: payment.amount.currency, value: minorUnits(payment.amount.value) },
      reference: payment.reference,
      // The component's state.data as it is: the method, and the browser and origin 3-D Secure 2 needs;
      // or the saved card by its token, read from the account's record, never from the browser.
      paymentMethod: stored
        ? { type: 'scheme', storedPaymentMethodId: stored.token }
        : (request.adyenPaymentMethod as AdyenPaymentRequest['paymentMethod']),
      // javaScriptEnabled: Adyen's default (true), which Adyen Web leaves out.
      ...(request.adyenBrowserInfo ? { browserInfo: { javaScriptEnabled: true, ...request.adyenBrowserInfo } } : {}),
      ...(request.adyenOrigin ? { origin: request.adyenOrigin } : {}),
      // The checkout's component handles a native 3-D Secure 2 challenge
      // (docs.adyen.com/online-payments/3d-secure/native-3ds2); the account's saving follows redirects only.
      authenticationData: { threeDSRequestData: { nativeThreeDS: payment.native ? 'preferred' : 'disabled' } },
      channel: 'Web',
      shopperName: { firstName: billing.firstName ?? '', lastName: billing.lastName ?? '' },
      ...(shopperIP ? { shopperIP } : {}),
      returnUrl: payment.returnUrl,
      countryCode: country,
      shopperEmail: payment.customer.email,
      // A saved card is a card-on-file payment of the returning shopper who stored it
      // (docs.adyen.com/online-payments/tokenization/make-token-payments): ContAuth, CardOnFile, the
      // shopperReference it was stored under. A new card is stored for the renewals (Subscription).
      ...(stored
        ? {
            shopperReference: stored.shopperReference ?? '',
            shopperInteraction: 'ContAuth' as const,
            recurringProcessingModel: 'CardOnFile' as const,
            storePaymentMethod: false,
          }
        : {
            shopperReference: shopper.tokens.customerId ?? payment.reference,
            shopperInteraction: 'Ecommerce' as const,
            recurringProcessingModel: 'Subscription' as const,
            storePaymentMethod: payment.store,
          }),
      shopperLocale: shopper.locale.replace('-', '_'),
      billingAddress: {
        country,
        city: billing.city ?? '',
        street: billing.address1 ?? '',
        houseNumberOrName: '',
        postalCode: billing.postalCode ?? '',
      },
    },
    headers: { 'Idempotency-Key': `${record.key}-pay` },
  });
  if (!result.data) throw providerFailure(result.response.status);
  record.pspReference = result.data.pspReference ?? '';
  return result.data;
}

export const adyenProvider: PaymentProvider = {
  name: 'adyen',

  async setup(ctx, shopper, input) {
    const { merchantAccount, clientKey, environment } = ctx.config.credentials.adyen;
    const { data, response } = await ctx.upstreams.adyen
      .POST('/paymentMethods', {
        body: {
          merchantAccount,
          countryCode: shopper.market.country,
          amount: { currency: input.amount.currency, value: minorUnits(input.amount.value) },
          shopperLocale: shopper.locale.replace('-', '_'),
        },
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
  async checkMethod(_ctx, request) {
    if (!request.adyenPaymentMethod) throw missingPaymentMethod();
    const { type } = request.adyenPaymentMethod;
    const wallet = walletOf(type);
    return { type, ...(wallet ? { wallet } : {}) };
  },

  async pay(ctx, shopper, attempt) {
    const { pending } = attempt;
    const store = attempt.request.savePaymentMethod === true;
    const data = await authorise(ctx, shopper, {
      ...attempt,
      record: pending,
      reference: pending.orderNo,
      store,
      // The saved card has no component on the page to handle a native challenge: its 3-D Secure,
      // where the issuer asks for it, goes by redirect (GET or POST), which the page follows.
      native: !attempt.method.stored,
      stored: attempt.method.stored,
    });
    return outcomeOf(pending, data);
  },

  async saveMethod(ctx, shopper, attempt) {
    const reference = attempt.orderNo ?? `payment-method-${shopper.tokens.customerId ?? attempt.record.key}`;
    const amount = { value: 0, currency: attempt.currency };
    const data = await authorise(ctx, shopper, { ...attempt, reference, amount, store: true, native: false });
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

  async confirm(ctx, pending, request) {
    const details = await ctx.upstreams.adyen.POST('/payments/details', {
      body: { details: detailsOf(request) },
      headers: { 'Idempotency-Key': `${pending.key}-details` },
    });
    if (!details.data) throw providerFailure(details.response.status);
    return outcomeOf(pending, details.data as AdyenResult);
  },

  async confirmSave(ctx, shopper, record, _methodId, request) {
    if (!request.redirectResult && !request.threeDSResult) throw providerFailure(400);
    const details = await ctx.upstreams.adyen.POST('/payments/details', {
      body: { details: detailsOf(request) },
      headers: { 'Idempotency-Key': `${record.key}-details` },
    });
    if (!details.data) throw providerFailure(details.response.status);
    return savedOf(
      shopper,
      record,
      details.data as AdyenResult,
      `payment-method-${shopper.tokens.customerId ?? record.key}`,
    );
  },

  async removeStoredMethod(ctx, stored) {
    const { response } = await ctx.upstreams.adyen.DELETE('/storedPaymentMethods/{storedPaymentMethodId}', {
      params: {
        path: { storedPaymentMethodId: stored.token },
        query: {
          shopperReference: stored.shopperReference ?? '',
          merchantAccount: ctx.config.credentials.adyen.merchantAccount,
        },
      },
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
};
