/**
 * Reading Adyen's answers (Checkout v71): the action of a payment that needs the shopper (a
 * redirect by GET or POST, a native 3-D Secure 2 fingerprint or challenge), the card an answer's
 * additionalData names, and the details /payments/details is given after the shopper's return.
 */
import type { components as AdyenComponents } from '../../../../generated/adyen/types.ts';
import type { components } from '../../../../generated/proxy/types.ts';
import { providerFailure } from './payment-problems.ts';
import type { CardFacts, ReturnRequest } from './provider.ts';

type Schemas = components['schemas'];
export type AdyenAction = NonNullable<AdyenComponents['schemas']['PaymentResponse']['action']>;

/**
 * Adyen's action as Adyen gave it, for the component's `actions.resolve` (a redirect by GET or by
 * POST with its data, a native 3-D Secure 2 fingerprint or challenge); a 502 when it is none of them.
 */
export function actionOf(action: AdyenAction | null | undefined): Schemas['AdyenAction'] {
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
export function cardOf(extra: Record<string, string>): CardFacts | undefined {
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
export const detailsOf = (request: ReturnRequest) =>
  request.threeDSResult ? { threeDSResult: request.threeDSResult } : { redirectResult: request.redirectResult! };
