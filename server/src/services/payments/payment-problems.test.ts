/**
 * The payment problems by payment method (storefront §8 "Payment error types": gPay-error,
 * aPay-error, iDeal-error): a refusal carries the kind of the method it occurred with, and the
 * problem's stable type and code stay as they are, so the client still finds its words.
 */
import { describe, expect, it } from 'vitest';
import { adyenRefusal, stripeRefusal } from '../../../../domain/payment-errors.ts';
import {
  asPaymentProblem,
  authorisationFailed,
  billingMismatch,
  forPaymentMethod,
  providerFailure,
  refused,
} from './payment-problems.ts';
import { OutcomeUnknown } from './uncertain.ts';

describe('forPaymentMethod (storefront §8)', () => {
  it.each([
    ['IDEAL', 'iDeal-error'],
    ['GOOGLE_PAY', 'gPay-error'],
    ['APPLE_PAY', 'aPay-error'],
    ['CREDIT_CARD', 'card_authorisation_error'],
  ])('when the bank or 3-D Secure does not approve a %s payment, then the kind is %s', (type, kind) => {
    const problem = forPaymentMethod(authorisationFailed(), type).toProblem();
    expect(problem).toMatchObject({
      status: 402,
      type: 'https://shop.example/problems/payment-authorisation-failed',
      paymentErrorKind: kind,
    });
  });

  it.each([
    ['GOOGLE_PAY', 'gPay-error'],
    ['APPLE_PAY', 'aPay-error'],
    ['CREDIT_CARD', 'card_error'],
  ])('when a %s payment is declined, then the kind is %s and the decline code is kept', (type, kind) => {
    const problem = forPaymentMethod(refused(stripeRefusal({ decline_code: 'insufficient_funds' })), type).toProblem();
    expect(problem).toMatchObject({ status: 402, paymentErrorKind: kind, code: 'insufficient_funds' });
    const adyen = forPaymentMethod(refused(adyenRefusal('Expired Card')), type).toProblem();
    expect(adyen).toMatchObject({ paymentErrorKind: kind, code: 'expired_card' });
  });

  it('when the failure is not a refusal, then its kind stays whatever the method', () => {
    expect(forPaymentMethod(billingMismatch(), 'GOOGLE_PAY').toProblem().paymentErrorKind).toBe(
      'billing_address_missmatch',
    );
    expect(forPaymentMethod(providerFailure(500), 'IDEAL').toProblem().paymentErrorKind).toBe('connection_error');
  });
});

describe('asPaymentProblem', () => {
  it('when a provider write ended with its outcome unknown (issue 17), then the problem is that of its last failure', () => {
    const timedOut = Object.assign(new Error('timed out'), { status: 503 });
    expect(asPaymentProblem(new OutcomeUnknown(timedOut)).toProblem()).toEqual(providerFailure(503).toProblem());
    const refusal = refused(adyenRefusal('Expired Card'));
    expect(asPaymentProblem(new OutcomeUnknown(refusal))).toBe(refusal);
  });
});
