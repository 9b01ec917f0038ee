/**
 * The Adyen stand-in under `/adyen` (contract openapi/upstream/adyen.yaml, Checkout v71): payment
 * methods per country and amount (cards, Google Pay and Apple Pay, whose tokens wallet.ts issues and
 * decrypts; card payments in card-payment.ts), payments answering Authorised, Refused, RedirectShopper (3-D
 * Secure challenge, iDEAL and Bancontact bank page by GET; the issuer page by POST with its data)
 * or ChallengeShopper (a native 3-D Secure 2 challenge), payment details after the redirect or the
 * challenge (redirectResult, threeDSResult), tokenization (a method stored on `storePaymentMethod`
 * with a `shopperReference` only, its token told in the answer's `recurring.*` and `tokenization.*`
 * additionalData and by a RECURRING_CONTRACT webhook; a later payment with the token and the same
 * shopperReference, a renewal's ContAuth payment needing no shopper), stored payment methods listed
 * and deleted, idempotency keys that never charge twice (idempotent.ts), and Adyen's `ServiceError` for every
 * error (errors.ts). The answers are built in responses.ts, the shopper's pages in pages.ts.
 */
import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import {
  zPostPaymentMethodsBody,
  zPostPaymentsBody,
  zPostPaymentsDetailsBody,
} from '../../../../../generated/adyen/zod/zod.gen.ts';
import type { components } from '../../../../../generated/adyen/types.ts';
import type { SandboxContext, UpstreamModule } from '../../app.ts';
import { CREDENTIALS } from '../../seed.ts';
import { isHttpUrl, randomId } from '../card-providers.ts';
import { NATIVE_3DS2_CARD, payByCard, POST_REDIRECT_CARD, type CardSource } from './card-payment.ts';
import { AdyenError, checkMerchant, decrypt, invalid, newPspReference, parse } from './errors.ts';
import { mountAdyenPages } from './pages.ts';
import { idempotent } from './idempotent.ts';
import { adyenNotifications } from './notifications.ts';
import { authorise as authoriseOnce, refuse as refuseOnce } from './outcomes.ts';
import { paymentResponse, readThreeDSResult } from './responses.ts';
import { mountReversals } from './reversals.ts';
import { isMerchantInitiated, mountStoredMethods, storedCardSource } from './stored-methods.ts';
import { resetAdyenStore, store, type Amount, type Payment } from './store.ts';
import { isWallet, mountWalletControl, useWalletToken, walletPaymentMethods } from './wallet.ts';

export { ADYEN_SEED, adyenLedger, getPayment, getStoredPaymentMethods } from './store.ts';
export { AdyenError } from './errors.ts';
export { NATIVE_3DS2_CARD, POST_REDIRECT_CARD } from './card-payment.ts';

type ServiceError = components['schemas']['ServiceError'];
type PaymentMethodsResponse = components['schemas']['PaymentMethodsResponse'];

export function adyenRouter(context: SandboxContext): Router {
  context.resetHooks.push(resetAdyenStore);
  const router = express.Router();
  const baseUrl = () => context.baseUrl();

  // What the stand-in does to a payment is told to the shop by webhook too (notifications.ts, issue 29).
  const notify = adyenNotifications(context);
  const authorise = (payment: Payment) => {
    const before = payment.resultCode;
    authoriseOnce(payment, context.clock.nowMs());
    notify.outcome(payment, before);
  };
  const refuse = (payment: Payment, reason: string, code: string) => {
    const before = payment.resultCode;
    refuseOnce(payment, reason, code);
    notify.outcome(payment, before);
  };

  // ---- The shopper-facing pages (3-D Secure challenge, bank page, issuer page of a POST redirect) ----
  mountAdyenPages(router, baseUrl);
  // ---- The wallet sheet's control: a Google Pay or Apple Pay token for a card (wallet.ts) ----
  mountWalletControl(router);

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

  const run = idempotent(() => context.clock.nowMs());

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
      methods.push(...walletPaymentMethods(merchantAccount, ['visa', 'mc', 'amex']));
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
            // A wallet's stored card is for merchant-initiated payments; the shopper pays with the wallet.
            supportedShopperInteractions: isWallet(resource.type) ? ['ContAuth'] : ['Ecommerce', 'ContAuth'],
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
        ...(body.shopperInteraction ? { shopperInteraction: body.shopperInteraction } : {}),
        resultCode: 'Error',
        action: null,
        createdAtMs: context.clock.nowMs(),
      };
      // "When true and shopperReference is provided, the payment details will be stored" (PaymentRequest
      // storePaymentMethod): without a shopperReference the payment goes on and nothing is stored.
      if (!payment.shopperReference) payment.storePaymentMethod = false;

      const cardMethod = method.type === 'scheme' || method.type === 'bcmc' ? method : undefined;
      let card: CardSource | undefined;
      if (
        method.type === 'ideal' ||
        (method.type === 'bcmc' && !cardMethod?.encryptedCardNumber && !cardMethod?.storedPaymentMethodId)
      ) {
        if (amount.currency !== 'EUR')
          throw new AdyenError(422, '905', 'Payment details are not supported', 'configuration', payment.pspReference);
        payment.resultCode = 'RedirectShopper';
        payment.action = 'bank';
        payment.storePaymentMethod = false;
      } else if (method.type === 'googlepay' || method.type === 'applepay') {
        // The wallet's token decrypted to its card, used once; the device authenticated the shopper.
        card = useWalletToken(method.type, method.type === 'googlepay' ? method.googlePayToken : method.applePayToken);
        payment.wallet = method.type;
      } else if (cardMethod?.storedPaymentMethodId) {
        // A token payment (stored-methods.ts): the shopper it was stored under, the transaction flagged.
        card = storedCardSource(body, cardMethod.storedPaymentMethodId, cardMethod.holderName, payment);
      } else if (cardMethod) {
        card = {
          number: decrypt('encryptedCardNumber', cardMethod.encryptedCardNumber),
          expiryMonth: decrypt('encryptedExpiryMonth', cardMethod.encryptedExpiryMonth),
          expiryYear: decrypt('encryptedExpiryYear', cardMethod.encryptedExpiryYear),
          holderName: cardMethod.holderName,
        };
        if (cardMethod.encryptedSecurityCode !== undefined) {
          const cvc = decrypt('encryptedSecurityCode', cardMethod.encryptedSecurityCode);
          if (!/^\d{3,4}$/.test(cvc)) throw invalid('103', 'CVC is not the right length');
        }
      }
      if (card) {
        const country = body.billingAddress?.country ?? body.countryCode;
        // A renewal's merchant-initiated payment with a token has no shopper to authenticate.
        const merchantInitiated = isMerchantInitiated(body, payment);
        const { facts, needsAuthentication } = payByCard(payment, card, country, context.clock.now(), {
          merchantInitiated,
        });
        if (needsAuthentication) {
          // 3-D Secure 2 on the web needs the shopper's browser (docs.adyen.com/online-payments/3d-secure/api-reference).
          if (
            body.shopperInteraction !== 'ContAuth' &&
            body.channel !== 'iOS' &&
            body.channel !== 'Android' &&
            !body.browserInfo
          )
            throw invalid('702', "Required field 'browserInfo' is not provided.");
          if (
            facts.number === NATIVE_3DS2_CARD &&
            body.authenticationData?.threeDSRequestData?.nativeThreeDS === 'preferred'
          ) {
            // Native 3-D Secure 2 on the web needs the page's origin (PaymentRequest.origin).
            if (body.channel !== 'iOS' && body.channel !== 'Android' && !body.origin)
              throw invalid('702', "Required field 'origin' is not provided.");
            payment.resultCode = 'ChallengeShopper';
            payment.action = 'threeDS2';
            payment.authorisationToken = randomId(32);
          } else if (facts.number === POST_REDIRECT_CARD) {
            payment.resultCode = 'RedirectShopper';
            payment.action = 'issuer';
            payment.postData = {
              MD: randomId(24),
              PaReq: randomId(64),
              TermUrl: payment.returnUrl,
            };
          } else {
            payment.resultCode = 'RedirectShopper';
            payment.action = 'challenge';
          }
        }
      }
      store.payments.set(payment.pspReference, payment);
      notify.outcome(payment);
      return { body: paymentResponse(payment, baseUrl()) };
    }),
  );

  api.post(
    '/payments/details',
    run((req) => {
      const body = parse(zPostPaymentsDetailsBody, req.body);
      const { redirectResult, threeDSResult } = body.details;
      if (threeDSResult !== undefined) {
        // The native challenge's result: its authorisationToken names the payment, transStatus Y authenticates.
        const result = readThreeDSResult(threeDSResult);
        const payment = result
          ? [...store.payments.values()].find(
              (p) => p.action === 'threeDS2' && p.authorisationToken === result.authorisationToken,
            )
          : undefined;
        if (!result || !payment) throw invalid('14_018', 'Invalid payload provided');
        if (payment.resultCode === 'ChallengeShopper') {
          if (result.transStatus === 'Y') authorise(payment);
          else refuse(payment, '3D Not Authenticated', '11');
        }
        return { body: paymentResponse(payment, baseUrl()) };
      }
      if (!redirectResult) throw invalid('702', "Required field 'details.redirectResult' is not provided.");
      const pspReference = store.redirectResults.get(redirectResult);
      const payment = pspReference ? store.payments.get(pspReference) : undefined;
      if (!payment) throw invalid('14_018', 'Invalid payload provided');
      if (payment.resultCode === 'RedirectShopper') {
        if (payment.pageOutcome === 'complete') authorise(payment);
        else if (payment.action === 'challenge' || payment.action === 'issuer')
          refuse(payment, '3D Not Authenticated', '11');
        else refuse(payment, 'Refused', '2');
      }
      return { body: paymentResponse(payment, baseUrl()) };
    }),
  );

  // ---- A shopper's stored methods (stored-methods.ts) ----
  mountStoredMethods(api, run);

  // ---- Reversing a payment the shop could not settle (reversals.ts) ----
  mountReversals(api, run, () => context.clock.nowMs(), notify);

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
