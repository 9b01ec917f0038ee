/**
 * A payment method in words (account §2 Order detail's payment block and My Subscriptions, the
 * confirmation): a card's brand and last four; iDEAL and Bancontact by name; Google Pay and Apple
 * Pay with the wallet's card where it is known.
 */
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { components } from '../../lib/api/client.ts';
import { PaymentMethodText } from './payment-method-text.tsx';

type Method = Omit<components['schemas']['PaymentMethodDisplay'], 'expired'>;

describe('PaymentMethodText', () => {
  it.each<[Method, string]>([
    [{ type: 'CREDIT_CARD', brand: 'visa', last4: '4242' }, 'visa ending in 4242'],
    [{ type: 'CREDIT_CARD', brand: null, last4: '4242' }, 'Card ending in 4242'],
    [{ type: 'IDEAL', brand: null, last4: null }, 'iDEAL'],
    // A bank debit's account digits are not a card's: the method's name only.
    [{ type: 'BANCONTACT', brand: null, last4: '1234' }, 'Bancontact'],
    [{ type: 'GOOGLE_PAY', brand: 'visa', last4: '1111' }, 'Google Pay, visa ending in 1111'],
    [{ type: 'APPLE_PAY', brand: null, last4: '0005' }, 'Apple Pay, ending in 0005'],
    [{ type: 'APPLE_PAY', brand: null, last4: null }, 'Apple Pay'],
  ])('when the method is %o, then it reads "%s"', (method, text) => {
    const { container } = render(<PaymentMethodText method={{ ...method, expired: false }} />);
    expect(container.textContent).toBe(text);
  });
});
