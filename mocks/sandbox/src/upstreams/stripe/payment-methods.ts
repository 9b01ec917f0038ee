/**
 * Creating a Stripe PaymentMethod in the stand-in: a card (checked as Stripe checks the number,
 * expiry and CVC), iDEAL with its bank's BIC, or Bancontact. Shared by `POST /v1/payment_methods`
 * and the sandbox's Stripe.js stand-in (`createPaymentMethod({elements})`, elements.ts).
 */
import { createHash } from 'node:crypto';
import type { z } from 'zod';
import type { zPostPaymentMethodsBody } from '../../../../../generated/stripe/zod/zod.gen.ts';
import type { SandboxContext } from '../../app.ts';
import { cardFacts, isExpired, randomId } from '../card-providers.ts';
import { cardError, missingParam } from './errors.ts';
import { store, type PaymentMethod, type StoredPaymentMethod } from './store.ts';

export type PaymentMethodParams = z.infer<typeof zPostPaymentMethodsBody>;

const IDEAL_BICS: Record<string, string> = {
  abn_amro: 'ABNANL2A',
  asn_bank: 'ASNBNL21',
  bunq: 'BUNQNL2A',
  handelsbanken: 'HANDNL2A',
  ing: 'INGBNL2A',
  knab: 'KNABNL2H',
  moneyou: 'MOYONL21',
  rabobank: 'RABONL2U',
  regiobank: 'RBRBNL21',
  revolut: 'REVOLT21',
  sns_bank: 'SNSBNL2A',
  triodos_bank: 'TRIONL2U',
  van_lanschot: 'FVLBNL22',
};

/** Creates and stores the payment method; throws Stripe's errors (402 card_error, 400 parameter_missing). */
export function createPaymentMethod(context: SandboxContext, body: PaymentMethodParams): PaymentMethod {
  if (!body.type) throw missingParam('type');
  const billing = body.billing_details;
  const address = billing?.address;
  const base = {
    id: `pm_${randomId(24)}`,
    object: 'payment_method' as const,
    billing_details: {
      name: billing?.name ?? null,
      email: billing?.email ?? null,
      phone: billing?.phone ?? null,
      address: address
        ? {
            line1: address.line1 ?? null,
            line2: address.line2 ?? null,
            city: address.city ?? null,
            postal_code: address.postal_code ?? null,
            state: address.state ?? null,
            country: address.country ?? null,
          }
        : null,
    },
    customer: null,
    created: Math.floor(context.clock.nowMs() / 1000),
    livemode: false,
    metadata: body.metadata ?? {},
  };
  let stored: StoredPaymentMethod;
  if (body.type === 'card') {
    const card = body.card;
    if (!card) throw missingParam('card');
    const facts = cardFacts(card.number);
    if (!facts) throw cardError('incorrect_number', 'Your card number is incorrect.', { param: 'number' });
    if (card.exp_month < 1 || card.exp_month > 12)
      throw cardError('invalid_expiry_month', "Your card's expiration month is invalid.", { param: 'exp_month' });
    const expYear = card.exp_year < 100 ? 2000 + card.exp_year : card.exp_year;
    if (isExpired(card.exp_month, expYear, context.clock.now()) || expYear > 2100)
      throw cardError('invalid_expiry_year', "Your card's expiration year is invalid.", { param: 'exp_year' });
    if (card.cvc !== undefined && !/^\d{3,4}$/.test(card.cvc))
      throw cardError('invalid_cvc', "Your card's security code is invalid.", { param: 'cvc' });
    const country = facts.fixedCountry ?? address?.country ?? 'US';
    stored = {
      cardNumber: facts.number,
      detached: false,
      object: {
        ...base,
        type: 'card',
        card: {
          brand: facts.brand,
          last4: facts.last4,
          exp_month: card.exp_month,
          exp_year: expYear,
          country,
          funding: 'credit',
          fingerprint: `SbxFp${createHash('sha256').update(facts.number).digest('hex').slice(0, 11)}`,
        },
      },
    };
  } else if (body.type === 'ideal') {
    const bank = body.ideal?.bank ?? null;
    stored = {
      detached: false,
      object: {
        ...base,
        type: 'ideal',
        ideal: {
          bank,
          bic: (bank ? IDEAL_BICS[bank] : undefined) as NonNullable<PaymentMethod['ideal']>['bic'],
        },
      },
    };
    if (!bank && stored.object.ideal) stored.object.ideal.bic = null;
  } else {
    stored = { detached: false, object: { ...base, type: 'bancontact', bancontact: {} } };
  }
  store.paymentMethods.set(stored.object.id, stored);
  return structuredClone(stored.object);
}
