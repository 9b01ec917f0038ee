/**
 * The payment error modal (storefront §8 "Each has a modal", issue 14): the entry of the problem's
 * kind, and the words for its code from the catalogues, never the proxy's English detail.
 */
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PaymentErrorDialog } from './payment-error-dialog.tsx';

const refused = (paymentErrorKind: string, code: string) => ({
  type: 'https://shop.example/problems/payment-refused',
  title: 'Payment refused',
  status: 402,
  detail: 'English detail from the provider.',
  paymentErrorKind: paymentErrorKind as 'card_error',
  code,
});

describe('PaymentErrorDialog', () => {
  it.each([
    ['card_error', 'card_declined', 'Card error', 'Your card was declined.'],
    ['card_error', 'insufficient_funds', 'Card error', 'Your card has insufficient funds.'],
    ['gPay-error', 'expired_card', 'Google Pay payment failed', 'Your card has expired.'],
    ['aPay-error', 'card_declined', 'Apple Pay payment failed', 'Your card was declined.'],
  ])('when a %s with %s is shown, then "%s" with "%s"', (kind, code, title, words) => {
    render(<PaymentErrorDialog problem={refused(kind, code)} showDetail onClose={() => undefined} />);
    expect(screen.getByRole('heading', { name: title })).toBeTruthy();
    expect(screen.getByText(words)).toBeTruthy();
    expect(screen.queryByText('English detail from the provider.')).toBeNull();
  });

  it('when an iDEAL payment is refused, then the iDEAL modal without a card decline text', () => {
    render(
      <PaymentErrorDialog problem={refused('iDeal-error', 'card_declined')} showDetail onClose={() => undefined} />,
    );
    expect(screen.getByRole('heading', { name: 'iDEAL payment failed' })).toBeTruthy();
    expect(screen.queryByText('Your card was declined.')).toBeNull();
  });

  it('when the approval fails, then its text shows once (it is the entry description)', () => {
    render(
      <PaymentErrorDialog
        problem={{
          type: 'https://shop.example/problems/payment-authorisation-failed',
          paymentErrorKind: 'card_authorisation_error',
        }}
        showDetail
        onClose={() => undefined}
      />,
    );
    expect(screen.getAllByText('There was a problem processing your payment approval')).toHaveLength(1);
  });
});
