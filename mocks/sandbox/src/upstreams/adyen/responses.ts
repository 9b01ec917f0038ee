/**
 * The Adyen stand-in's answers of /payments and /payments/details: Authorised with the card's
 * additionalData, Refused with Adyen's refusal reason, and the actions the shopper must complete:
 * a redirect by GET (3-D Secure challenge, bank page), a redirect by POST with its `data` (the
 * classic 3-D Secure issuer page: MD, PaReq, TermUrl) or a native 3-D Secure 2 challenge
 * (`threeDS2`, subtype challenge, with the token and authorisationToken the challenge answers).
 */
import type { CardBrand } from '../card-providers.ts';
import type { Payment, PaymentDetailsResponse, PaymentResponse } from './store.ts';

const base64Json = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');

/**
 * The native challenge's token as Adyen's: base64 JSON of the ACS's transaction (the sandbox's
 * ACS is the shop's sandbox challenge; the token names the payment it belongs to).
 */
function challengeToken(payment: Payment, baseUrl: string): string {
  return base64Json({
    acsTransID: payment.pspReference,
    acsURL: `${baseUrl}/adyen/__acs/${payment.pspReference}`,
    messageVersion: '2.2.0',
    threeDSServerTransID: payment.authorisationToken ?? '',
  });
}

/**
 * The `threeDSResult` of a native challenge as the component sends it (base64 JSON of the
 * challenge's transStatus and the action's authorisationToken); undefined when it is not one.
 */
export function readThreeDSResult(value: string): { transStatus: string; authorisationToken: string } | undefined {
  try {
    const parsed = JSON.parse(Buffer.from(value, 'base64').toString('utf8')) as Record<string, unknown>;
    if (typeof parsed.transStatus !== 'string' || typeof parsed.authorisationToken !== 'string') return undefined;
    return { transStatus: parsed.transStatus, authorisationToken: parsed.authorisationToken };
  } catch {
    return undefined;
  }
}

export const ADYEN_BRAND: Record<CardBrand, string> = { visa: 'visa', mastercard: 'mc', amex: 'amex', unknown: 'card' };

export const REFUSALS = {
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
    ...(payment.wallet
      ? {
          // A wallet's card: its expiry (ResponseAdditionalDataCard.expiryDate, M/YYYY) and the
          // wallet's variant of the brand (docs.adyen.com/development-resources/paymentmethodvariant:
          // visa_googlepay, mc_applepay, ...).
          expiryDate: `${Number(payment.card.expiryMonth)}/${payment.card.expiryYear}`,
          paymentMethodVariant: `${payment.card.brand}_${payment.wallet}`,
        }
      : {}),
    ...(payment.recurringProcessingModel ? { recurringProcessingModel: payment.recurringProcessingModel } : {}),
  };
}

/**
 * The token of an authorised payment, as Adyen's ResponseAdditionalDataCommon names it: the method the
 * payment stored (`recurring.*`, and `tokenization.*` with what its tokenization did), or the stored
 * method it was paid with (`recurring.*`).
 */
function recurringAdditionalData(payment: Payment): Record<string, string> {
  const token = payment.storedPaymentMethodId;
  if (!token || !payment.shopperReference) return {};
  return {
    'recurring.recurringDetailReference': token,
    'recurring.shopperReference': payment.shopperReference,
    ...(payment.tokenization
      ? {
          'tokenization.storedPaymentMethodId': token,
          'tokenization.shopperReference': payment.shopperReference,
          'tokenization.store.operationType': payment.tokenization,
        }
      : {}),
  };
}

export function paymentResponse(payment: Payment, baseUrl: string): PaymentResponse & PaymentDetailsResponse {
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
        additionalData: { ...cardAdditionalData(payment), ...recurringAdditionalData(payment) },
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
        action:
          payment.action === 'issuer' && payment.postData
            ? {
                type: 'redirect',
                method: 'POST',
                paymentMethodType: payment.paymentMethodType,
                url: `${baseUrl}/adyen/__issuer/${payment.pspReference}`,
                data: { ...payment.postData },
              }
            : {
                type: 'redirect',
                method: 'GET',
                paymentMethodType: payment.paymentMethodType,
                url: `${baseUrl}/adyen/__${payment.action ?? 'challenge'}/${payment.pspReference}`,
              },
        additionalData: cardAdditionalData(payment),
      };
    case 'ChallengeShopper':
      return {
        resultCode: 'ChallengeShopper',
        ...common,
        action: {
          type: 'threeDS2',
          subtype: 'challenge',
          paymentMethodType: payment.paymentMethodType,
          token: challengeToken(payment, baseUrl),
          authorisationToken: payment.authorisationToken ?? '',
        },
        additionalData: cardAdditionalData(payment),
      };
    default:
      return { resultCode: 'Error', ...common, refusalReason: payment.refusalReason ?? 'Error' };
  }
}
