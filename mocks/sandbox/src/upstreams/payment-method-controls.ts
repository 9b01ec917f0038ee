/**
 * Sandbox control for saved cards, to be mounted at `/__sandbox/payment-methods` (account §5 card
 * expiry, §8 'Your credit/debit card has expired'): `POST /:token/expiry` `{"expMonth": 1,
 * "expYear": 2025}` sets the expiry of the stored card with that token in the Stripe stand-in (a
 * PaymentMethod id) or the Adyen stand-in (a storedPaymentMethodId), and in the order-management
 * payment record that carries the token. Answers `{token, expMonth, expYear, updated}` (the stand-ins
 * changed); 400 for a month outside 1-12 or a year that is not four digits, 404 when no stand-in holds
 * the token. `/__sandbox/reset` restores the seed.
 */
import express, { type Router } from 'express';
import { setStoredCardExpiry } from './adyen/store.ts';
import { setPaymentRecordExpiry } from './som/payment-methods.ts';
import { setStripeCardExpiry } from './stripe/store.ts';

export const paymentMethodControls: Router = express.Router();
paymentMethodControls.use(express.json());

paymentMethodControls.post('/:token/expiry', (req, res) => {
  const { expMonth, expYear } = (req.body ?? {}) as { expMonth?: unknown; expYear?: unknown };
  if (typeof expMonth !== 'number' || !Number.isInteger(expMonth) || expMonth < 1 || expMonth > 12) {
    res.status(400).json({ error: 'expMonth must be an integer from 1 to 12.' });
    return;
  }
  if (typeof expYear !== 'number' || !Number.isInteger(expYear) || expYear < 1000 || expYear > 9999) {
    res.status(400).json({ error: 'expYear must be a four-digit year.' });
    return;
  }
  const token = String(req.params.token);
  const updated = [
    ...(setStripeCardExpiry(token, expMonth, expYear) ? ['stripe'] : []),
    ...(setStoredCardExpiry(token, expMonth, expYear) ? ['adyen'] : []),
  ];
  if (updated.length === 0) {
    res.status(404).json({ error: `No stored card ${token} in the Stripe or Adyen stand-in.` });
    return;
  }
  if (setPaymentRecordExpiry(token, expMonth, expYear)) updated.push('som');
  res.json({ token, expMonth, expYear, updated });
});
