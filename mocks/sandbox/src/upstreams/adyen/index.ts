/**
 * The Adyen stand-in under `/adyen` (contract openapi/upstream/adyen.yaml, Checkout v71): payment
 * methods per country and amount, payments answering Authorised, Refused or RedirectShopper (3-D
 * Secure challenge, iDEAL and Bancontact bank page), payment details after the redirect, stored
 * payment methods listed and deleted, idempotency keys that never charge twice, and Adyen's
 * `ServiceError` for every error.
 */
import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import type { z } from 'zod';
import {
  zPostPaymentMethodsBody,
  zPostPaymentsBody,
  zPostPaymentsDetailsBody,
} from '../../../../../generated/adyen/zod/zod.gen.ts';
import type { components } from '../../../../../generated/adyen/types.ts';
import type { SandboxContext, UpstreamModule } from '../../app.ts';
import { CREDENTIALS } from '../../seed.ts';
import {
  cardFacts,
  formatAmount,
  isExpired,
  isHttpUrl,
  randomDigits,
  randomId,
  renderActionPage,
  renderMessagePage,
  requestFingerprint,
  withQuery,
  type CardBrand,
} from '../card-providers.ts';
import {
  resetAdyenStore,
  store,
  type Amount,
  type Payment,
  type PaymentDetailsResponse,
  type PaymentResponse,
  type StoredCard,
} from './store.ts';

export { ADYEN_SEED, adyenLedger, getPayment, getStoredPaymentMethods } from './store.ts';

type ServiceError = components['schemas']['ServiceError'];
type PaymentMethodsResponse = components['schemas']['PaymentMethodsResponse'];
type ListStoredPaymentMethodsResponse = components['schemas']['ListStoredPaymentMethodsResponse'];

interface Result {
  status?: number;
  body?: unknown;
}
type Handler = (req: Request) => Result;

const IDEMPOTENCY_WINDOW_MS = 7 * 86_400_000;

export class AdyenError extends Error {
  readonly status: number;
  readonly body: ServiceError;

  constructor(status: number, errorCode: string, message: string, errorType = 'validation', pspReference?: string) {
    super(message);
    this.status = status;
    this.body = { status, errorCode, message, errorType, ...(pspReference ? { pspReference } : {}) };
  }
}

const newPspReference = () => `SBXP${randomDigits(12)}`;

const invalid = (errorCode: string, message: string) =>
  new AdyenError(422, errorCode, message, 'validation', newPspReference());

const REQUIRED_FIELD_CODES: Record<string, [string, string]> = {
  amount: ['100', "Required field 'amount' is not provided."],
  reference: ['130', "Required field 'reference' is not provided."],
  returnUrl: ['14_030', 'Return URL is missing.'],
  merchantAccount: ['702', "Required field 'merchantAccount' is not provided."],
  paymentMethod: ['702', "Required field 'paymentMethod' is not provided."],
  details: ['702', "Required field 'details' is not provided."],
};

function fromZodError(error: z.ZodError): AdyenError {
  const issue = error.issues[0];
  const field = issue?.path.map(String).join('.') ?? '';
  const input = (issue as { input?: unknown } | undefined)?.input;
  if (issue?.code === 'invalid_type' && input === undefined) {
    const [code, message] = REQUIRED_FIELD_CODES[field] ?? ['702', `Required field '${field}' is not provided.`];
    return invalid(code, message);
  }
  if (field.startsWith('amount')) return invalid('137', 'Invalid amount specified');
  if (field === 'paymentMethod' || field.startsWith('paymentMethod.'))
    return invalid('14_016', `Invalid payment method details: ${issue?.message ?? 'not supported'}`);
  return invalid('702', `Invalid value for field '${field}': ${issue?.message ?? 'invalid'}`);
}

function parse<T>(schema: z.ZodType<T>, input: unknown): T {
  const result = schema.safeParse(input ?? {}, { reportInput: true });
  if (!result.success) throw fromZodError(result.error);
  return result.data;
}

function checkMerchant(merchantAccount: string | undefined): string {
  if (!merchantAccount) throw invalid('702', "Required field 'merchantAccount' is not provided.");
  if (merchantAccount !== CREDENTIALS.adyen.merchantAccount) throw invalid('901', 'Invalid Merchant Account');
  return merchantAccount;
}

/** The unencrypted test value of an `encrypted*` field (`test_4242424242424242` -> `4242...`). */
function decrypt(field: string, value: string | undefined): string {
  if (value === undefined) throw invalid('702', `Required field 'paymentMethod.${field}' is not provided.`);
  if (!value.startsWith('test_')) throw invalid('174', 'Unable to decrypt data');
  return value.slice('test_'.length);
}

const ADYEN_BRAND: Record<CardBrand, string> = { visa: 'visa', mastercard: 'mc', amex: 'amex', unknown: 'card' };

const REFUSALS = {
  generic_decline: { reason: 'Refused', code: '2' },
  insufficient_funds: { reason: 'Not enough balance', code: '12' },
  expired_card: { reason: 'Expired Card', code: '6' },
} as const;

function cardAdditionalData(payment: Payment): Record<string, string> {
  if (!payment.card) return { paymentMethod: payment.paymentMethodType };
  return {
    cardSummary: payment.card.last4,
    cardIssuingCountry: payment.card.country,
    paymentMethod: payment.card.brand,
    cardBin: payment.card.bin,
    fundingSource: 'CREDIT',
    ...(payment.recurringProcessingModel ? { recurringProcessingModel: payment.recurringProcessingModel } : {}),
  };
}

function paymentResponse(payment: Payment, baseUrl: string): PaymentResponse & PaymentDetailsResponse {
  const common = {
    pspReference: payment.pspReference,
    merchantReference: payment.merchantReference,
  };
  switch (payment.resultCode) {
    case 'Authorised':
      return {
        resultCode: 'Authorised',
        ...common,
        amount: { ...payment.amount },
        additionalData: {
          ...cardAdditionalData(payment),
          ...(payment.storedPaymentMethodId && payment.shopperReference
            ? {
                'tokenization.storedPaymentMethodId': payment.storedPaymentMethodId,
                'tokenization.shopperReference': payment.shopperReference,
              }
            : {}),
        },
      };
    case 'Refused':
      return {
        resultCode: 'Refused',
        ...common,
        refusalReason: payment.refusalReason ?? 'Refused',
        refusalReasonCode: payment.refusalReasonCode ?? '2',
        additionalData: cardAdditionalData(payment),
      };
    case 'RedirectShopper':
      return {
        resultCode: 'RedirectShopper',
        ...common,
        action: {
          type: 'redirect',
          method: 'GET',
          paymentMethodType: payment.paymentMethodType,
          url: `${baseUrl}/adyen/__${payment.action ?? 'challenge'}/${payment.pspReference}`,
        },
        additionalData: cardAdditionalData(payment),
      };
    default:
      return { resultCode: 'Error', ...common, refusalReason: payment.refusalReason ?? 'Error' };
  }
}

export function adyenRouter(context: SandboxContext): Router {
  context.resetHooks.push(resetAdyenStore);
  const router = express.Router();
  const baseUrl = () => context.baseUrl();

  /** Authorises a payment once: one charge in the ledger, and the card stored when asked for. */
  const authorise = (payment: Payment) => {
    payment.resultCode = 'Authorised';
    if (!store.ledger.some((charge) => charge.pspReference === payment.pspReference))
      store.ledger.push({
        pspReference: payment.pspReference,
        merchantReference: payment.merchantReference,
        amount: { ...payment.amount },
        atMs: context.clock.nowMs(),
      });
    if (payment.storePaymentMethod && payment.shopperReference && payment.card && !payment.storedPaymentMethodId) {
      const card = payment.card;
      const existing = [...store.storedCards.values()].find(
        (s) =>
          s.number === card.number &&
          s.merchantAccount === payment.merchantAccount &&
          s.resource.shopperReference === payment.shopperReference &&
          s.resource.expiryMonth === card.expiryMonth &&
          s.resource.expiryYear === card.expiryYear,
      );
      if (existing) payment.storedPaymentMethodId = existing.resource.id ?? '';
      else {
        const id = randomDigits(16).replace(/^0/, '8');
        const stored: StoredCard = {
          merchantAccount: payment.merchantAccount,
          number: card.number,
          resource: {
            id,
            type: 'scheme',
            name: card.brand === 'mc' ? 'MasterCard' : card.brand.toUpperCase(),
            brand: card.brand,
            lastFour: card.last4,
            expiryMonth: card.expiryMonth,
            expiryYear: card.expiryYear,
            ...(card.holderName ? { holderName: card.holderName } : {}),
            ...(payment.shopperEmail ? { shopperEmail: payment.shopperEmail } : {}),
            shopperReference: payment.shopperReference,
            supportedRecurringProcessingModels: ['CardOnFile', 'Subscription', 'UnscheduledCardOnFile'],
          },
        };
        store.storedCards.set(id, stored);
        payment.storedPaymentMethodId = id;
      }
    }
  };

  const refuse = (payment: Payment, reason: string, code: string) => {
    payment.resultCode = 'Refused';
    payment.refusalReason = reason;
    payment.refusalReasonCode = code;
  };

  // ---- The shopper-facing pages (3-D Secure challenge and bank page) ----
  const pagePayment = (req: Request, res: Response, kind: 'challenge' | 'bank'): Payment | undefined => {
    const payment = store.payments.get(String(req.params.pspReference));
    if (!payment || payment.action !== kind || payment.resultCode !== 'RedirectShopper' || payment.pageOutcome) {
      res
        .status(payment ? 409 : 404)
        .type('html')
        .send(
          renderMessagePage(
            payment ? 'This authentication is no longer open' : 'Unknown payment',
            payment
              ? `The payment ${payment.pspReference} has already been answered.`
              : 'The sandbox knows no payment with this reference.',
          ),
        );
      return undefined;
    }
    return payment;
  };

  for (const kind of ['challenge', 'bank'] as const) {
    router.get(`/__${kind}/:pspReference`, (req, res) => {
      const payment = pagePayment(req, res, kind);
      if (!payment) return;
      const method = payment.card
        ? `${payment.card.brand.toUpperCase()} ending ${payment.card.last4}`
        : payment.paymentMethodType === 'ideal'
          ? 'iDEAL'
          : 'Bancontact';
      res.type('html').send(
        renderActionPage({
          title: kind === 'challenge' ? '3-D Secure challenge' : 'Authorise at your bank',
          provider: 'Adyen sandbox',
          details: [
            ['Amount', formatAmount(payment.amount.value, payment.amount.currency)],
            ['Payment method', method],
            ['Reference', payment.merchantReference],
          ],
          action: `${baseUrl()}/adyen/__${kind}/${payment.pspReference}`,
          completeLabel: kind === 'challenge' ? 'Complete' : 'Authorise',
          failLabel: 'Fail',
        }),
      );
    });

    router.post(`/__${kind}/:pspReference`, express.urlencoded({ extended: false }), (req, res) => {
      const payment = pagePayment(req, res, kind);
      if (!payment) return;
      const outcome = (req.body as Record<string, unknown> | undefined)?.outcome;
      if (outcome !== 'complete' && outcome !== 'fail') {
        res
          .status(400)
          .type('html')
          .send(renderMessagePage('Choose an outcome', 'Press Complete (or Authorise) or Fail.'));
        return;
      }
      payment.pageOutcome = outcome;
      const redirectResult = randomId(48);
      store.redirectResults.set(redirectResult, payment.pspReference);
      res.redirect(303, withQuery(payment.returnUrl, { redirectResult }));
    });
  }

  // ---- Authentication ----
  router.use((req, res, next) => {
    if (req.get('x-api-key') !== CREDENTIALS.adyen.apiKey) {
      res.status(401).json({
        status: 401,
        errorCode: '000',
        message: 'HTTP Status Response - Unauthorized',
        errorType: 'security',
      } satisfies ServiceError);
      return;
    }
    next();
  });

  router.use(express.json({ limit: '1mb' }));

  const send = (res: Response, result: Result) => {
    const status = result.status ?? 200;
    if (result.body === undefined) res.status(status).end();
    else res.status(status).json(result.body);
  };

  const run = (handler: Handler) => (req: Request, res: Response) => {
    const key = req.get('idempotency-key');
    if (key) res.set('Idempotency-Key', key);
    const execute = (): Result => {
      try {
        return handler(req);
      } catch (error) {
        if (error instanceof AdyenError) return { status: error.status, body: error.body };
        throw error;
      }
    };
    if (!key || req.method !== 'POST') return send(res, execute());
    if (key.length > 64)
      return send(res, { status: 422, body: invalid('702', 'Idempotency-Key is longer than 64 characters.').body });
    const endpoint = req.baseUrl + req.path;
    const fingerprint = requestFingerprint(req.method, endpoint, req.body ?? {});
    const stored = store.idempotency.get(key);
    if (stored && stored.storedAtMs + IDEMPOTENCY_WINDOW_MS > context.clock.nowMs()) {
      if (stored.endpoint !== endpoint || stored.fingerprint !== fingerprint)
        return send(res, {
          status: 422,
          body: invalid('704', 'request already processed or in progress').body,
        });
      return send(res, { status: stored.status, body: stored.body });
    }
    const result = execute();
    const status = result.status ?? 200;
    if (status < 300 || status === 422)
      store.idempotency.set(key, {
        endpoint,
        fingerprint,
        status,
        body: result.body,
        storedAtMs: context.clock.nowMs(),
      });
    send(res, result);
  };

  // ---- Checkout API v71 ----
  const api = express.Router();

  api.post(
    '/paymentMethods',
    run((req) => {
      const body = parse(zPostPaymentMethodsBody, req.body);
      const merchantAccount = checkMerchant(body.merchantAccount);
      const country = body.countryCode?.toUpperCase();
      const currency = body.amount?.currency;
      const euro = currency === undefined || currency === 'EUR';
      const methods: NonNullable<PaymentMethodsResponse['paymentMethods']> = [
        {
          type: 'scheme',
          name: 'Cards',
          brands: country === 'FR' ? ['visa', 'mc', 'amex', 'cartebancaire'] : ['visa', 'mc', 'amex'],
        },
      ];
      if (country === 'NL' && euro)
        methods.push({
          type: 'ideal',
          name: 'iDEAL',
          issuers: [
            { id: '1121', name: 'Test Issuer', disabled: false },
            { id: '1154', name: 'Test Issuer 5', disabled: false },
          ],
        });
      if (country === 'BE' && euro) methods.push({ type: 'bcmc', name: 'Bancontact card', brands: ['bcmc'] });
      const raw = (req.body ?? {}) as { blockedPaymentMethods?: unknown };
      const blocked = Array.isArray(raw.blockedPaymentMethods) ? raw.blockedPaymentMethods.map(String) : [];
      const allowed = (type: string) =>
        (!body.allowedPaymentMethods || body.allowedPaymentMethods.includes(type)) && !blocked.includes(type);
      const response: PaymentMethodsResponse = { paymentMethods: methods.filter((m) => allowed(m.type ?? '')) };
      if (body.shopperReference) {
        response.storedPaymentMethods = [...store.storedCards.values()]
          .filter(
            (card) =>
              card.merchantAccount === merchantAccount &&
              card.resource.shopperReference === body.shopperReference &&
              allowed(card.resource.type ?? 'scheme'),
          )
          .map(({ resource }) => ({
            id: resource.id,
            type: resource.type,
            name: resource.name,
            brand: resource.brand,
            lastFour: resource.lastFour,
            expiryMonth: resource.expiryMonth,
            expiryYear: resource.expiryYear,
            holderName: resource.holderName,
            shopperEmail: resource.shopperEmail,
            supportedShopperInteractions: ['Ecommerce', 'ContAuth'],
            supportedRecurringProcessingModels: resource.supportedRecurringProcessingModels,
          }));
      }
      return { body: response };
    }),
  );

  api.post(
    '/payments',
    run((req) => {
      const body = parse(zPostPaymentsBody, req.body);
      const merchantAccount = checkMerchant(body.merchantAccount);
      const amount: Amount = { currency: body.amount.currency.toUpperCase(), value: Number(body.amount.value) };
      if (!Number.isSafeInteger(amount.value) || amount.value < 0) throw invalid('137', 'Invalid amount specified');
      if (!/^[A-Z]{3}$/.test(amount.currency)) throw invalid('138', 'Unsupported currency specified');
      if (!body.reference.trim()) throw invalid('130', "Required field 'reference' is not provided.");
      if (!isHttpUrl(body.returnUrl)) throw invalid('14_030', 'Return URL is missing.');
      const method = body.paymentMethod;
      const payment: Payment = {
        pspReference: newPspReference(),
        merchantAccount,
        merchantReference: body.reference,
        amount,
        returnUrl: body.returnUrl,
        paymentMethodType: method.type,
        ...(body.shopperReference ? { shopperReference: body.shopperReference } : {}),
        ...(body.shopperEmail ? { shopperEmail: body.shopperEmail } : {}),
        storePaymentMethod: body.storePaymentMethod === true,
        ...(body.recurringProcessingModel ? { recurringProcessingModel: body.recurringProcessingModel } : {}),
        resultCode: 'Error',
        action: null,
        createdAtMs: context.clock.nowMs(),
      };
      if (payment.storePaymentMethod && !payment.shopperReference)
        throw invalid('702', "Required field 'shopperReference' is not provided.");

      const cardMethod = method.type === 'ideal' ? undefined : method;
      if (
        method.type === 'ideal' ||
        (method.type === 'bcmc' && !cardMethod?.encryptedCardNumber && !cardMethod?.storedPaymentMethodId)
      ) {
        if (amount.currency !== 'EUR')
          throw new AdyenError(422, '905', 'Payment details are not supported', 'configuration', payment.pspReference);
        payment.resultCode = 'RedirectShopper';
        payment.action = 'bank';
        payment.storePaymentMethod = false;
      } else if (cardMethod) {
        let number: string;
        let expiryMonth: string;
        let expiryYear: string;
        if (cardMethod.storedPaymentMethodId) {
          if (!body.shopperReference) throw invalid('702', "Required field 'shopperReference' is not provided.");
          const stored = store.storedCards.get(cardMethod.storedPaymentMethodId);
          if (
            !stored ||
            stored.merchantAccount !== merchantAccount ||
            stored.resource.shopperReference !== body.shopperReference
          )
            throw invalid('800', 'Contract not found');
          number = stored.number;
          expiryMonth = stored.resource.expiryMonth ?? '12';
          expiryYear = stored.resource.expiryYear ?? '2030';
          payment.storedPaymentMethodId = stored.resource.id ?? cardMethod.storedPaymentMethodId;
          payment.storePaymentMethod = false;
        } else {
          number = decrypt('encryptedCardNumber', cardMethod.encryptedCardNumber);
          expiryMonth = decrypt('encryptedExpiryMonth', cardMethod.encryptedExpiryMonth);
          expiryYear = decrypt('encryptedExpiryYear', cardMethod.encryptedExpiryYear);
          if (cardMethod.encryptedSecurityCode !== undefined) {
            const cvc = decrypt('encryptedSecurityCode', cardMethod.encryptedSecurityCode);
            if (!/^\d{3,4}$/.test(cvc)) throw invalid('103', 'CVC is not the right length');
          }
        }
        const facts = cardFacts(number);
        if (!facts) throw invalid('101', 'Invalid card number');
        const month = Number(expiryMonth);
        const year = Number(expiryYear.length === 2 ? `20${expiryYear}` : expiryYear);
        if (!/^\d{1,2}$/.test(expiryMonth) || month < 1 || month > 12 || !/^\d{2}(\d{2})?$/.test(expiryYear))
          throw invalid('129', 'Expiry Date Invalid');
        payment.card = {
          brand: ADYEN_BRAND[facts.brand],
          last4: facts.last4,
          bin: facts.bin,
          country: facts.fixedCountry ?? body.billingAddress?.country ?? body.countryCode ?? 'US',
          number: facts.number,
          expiryMonth: String(month).padStart(2, '0'),
          expiryYear: String(year),
          ...(cardMethod.holderName ? { holderName: cardMethod.holderName } : {}),
        };
        const outcome = facts.outcome;
        if (isExpired(month, year, context.clock.now()))
          refuse(payment, REFUSALS.expired_card.reason, REFUSALS.expired_card.code);
        else if (outcome.kind === 'declined') {
          const refusal = REFUSALS[outcome.declineCode];
          refuse(payment, refusal.reason, refusal.code);
        } else if (outcome.kind === 'three_d_secure') {
          payment.resultCode = 'RedirectShopper';
          payment.action = 'challenge';
        } else authorise(payment);
      }
      store.payments.set(payment.pspReference, payment);
      return { body: paymentResponse(payment, baseUrl()) };
    }),
  );

  api.post(
    '/payments/details',
    run((req) => {
      const body = parse(zPostPaymentsDetailsBody, req.body);
      const redirectResult = body.details.redirectResult;
      if (!redirectResult) throw invalid('702', "Required field 'details.redirectResult' is not provided.");
      const pspReference = store.redirectResults.get(redirectResult);
      const payment = pspReference ? store.payments.get(pspReference) : undefined;
      if (!payment) throw invalid('14_018', 'Invalid payload provided');
      if (payment.resultCode === 'RedirectShopper') {
        if (payment.pageOutcome === 'complete') authorise(payment);
        else if (payment.action === 'challenge') refuse(payment, '3D Not Authenticated', '11');
        else refuse(payment, 'Refused', '2');
      }
      return { body: paymentResponse(payment, baseUrl()) };
    }),
  );

  const queryString = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);

  api.get(
    '/storedPaymentMethods',
    run((req) => {
      const merchantAccount = checkMerchant(queryString(req.query.merchantAccount));
      const shopperReference = queryString(req.query.shopperReference);
      if (!shopperReference) throw invalid('702', "Required field 'shopperReference' is not provided.");
      const response: ListStoredPaymentMethodsResponse = {
        merchantAccount,
        shopperReference,
        storedPaymentMethods: [...store.storedCards.values()]
          .filter(
            (card) => card.merchantAccount === merchantAccount && card.resource.shopperReference === shopperReference,
          )
          .map((card) => structuredClone(card.resource)),
      };
      return { body: response };
    }),
  );

  api.delete(
    '/storedPaymentMethods/:storedPaymentMethodId',
    run((req) => {
      const merchantAccount = checkMerchant(queryString(req.query.merchantAccount));
      const shopperReference = queryString(req.query.shopperReference);
      if (!shopperReference) throw invalid('702', "Required field 'shopperReference' is not provided.");
      const id = String(req.params.storedPaymentMethodId);
      const stored = store.storedCards.get(id);
      if (
        !stored ||
        stored.merchantAccount !== merchantAccount ||
        stored.resource.shopperReference !== shopperReference
      )
        throw invalid('800', 'Contract not found');
      store.storedCards.delete(id);
      return { status: 204 };
    }),
  );

  router.use('/v71', api);

  router.use((req, res) => {
    res.status(404).json({
      status: 404,
      errorCode: '000',
      message: `Not found: ${req.method} ${req.originalUrl.replace(/^\/adyen/, '')}`,
      errorType: 'validation',
    } satisfies ServiceError);
  });

  router.use((error: unknown, _req: Request, res: Response, next: NextFunction) => {
    if (res.headersSent) return next(error);
    const status = (error as { status?: number; statusCode?: number }).status ?? 500;
    if (status >= 400 && status < 500) {
      res.status(400).json({
        status: 400,
        errorCode: '702',
        message: `Unexpected input: ${(error as Error).message}`,
        errorType: 'validation',
      } satisfies ServiceError);
      return;
    }
    res.status(500).json({
      status: 500,
      errorCode: '905',
      message: 'Internal error',
      errorType: 'internal',
      pspReference: newPspReference(),
    } satisfies ServiceError);
  });

  return router;
}

export const adyenModule: UpstreamModule = {
  upstream: 'adyen',
  errorBody: (status) =>
    ({
      status,
      errorCode: status === 401 ? '000' : status >= 500 ? '905' : '702',
      message: `Sandbox fault: status ${status}.`,
      errorType: status === 401 || status === 403 ? 'security' : status >= 500 ? 'internal' : 'validation',
    }) satisfies ServiceError,
  router: adyenRouter,
};
