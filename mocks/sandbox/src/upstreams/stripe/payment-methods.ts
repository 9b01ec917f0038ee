/**
 * Creating a Stripe PaymentMethod in the stand-in: a card (checked as Stripe checks the number,
 * expiry and CVC), a card from a wallet's token (`card[token]`, wallet.ts), iDEAL with its bank's
 * BIC, or Bancontact. Shared by `POST /v1/payment_methods` and the sandbox's Stripe.js stand-in
 * (`createPaymentMethod({elements})`, elements.ts).
 */
import { createHash } from 'node:crypto';
import type { z } from 'zod';
import type { zPostPaymentMethodsBody } from '../../../../../generated/stripe/zod/zod.gen.ts';
import type { SandboxContext } from '../../app.ts';
import { cardFacts, isExpired, randomId, type CardFacts } from '../card-providers.ts';
import { cardError, invalidRequest, missingParam, resourceMissing } from './errors.ts';
import { store, type PaymentMethod, type StoredPaymentMethod, type StoredToken } from './store.ts';

export type PaymentMethodParams = z.infer<typeof zPostPaymentMethodsBody>;

/** The iDEAL banks' BICs (Stripe's `payment_method_ideal.bic` of each `bank`). */
export const IDEAL_BICS: Record<string, string> = {
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

/** A card's details as Stripe checks them: number (Luhn), expiry month and year, CVC. */
export function checkCardDetails(
  context: SandboxContext,
  card: { number: string; exp_month: number; exp_year: number; cvc?: string | undefined },
): { facts: CardFacts; expYear: number } {
  const facts = cardFacts(card.number);
  if (!facts) throw cardError('incorrect_number', 'Your card number is incorrect.', { param: 'number' });
  if (card.exp_month < 1 || card.exp_month > 12)
    throw cardError('invalid_expiry_month', "Your card's expiration month is invalid.", { param: 'exp_month' });
  const expYear = card.exp_year < 100 ? 2000 + card.exp_year : card.exp_year;
  if (isExpired(card.exp_month, expYear, context.clock.now()) || expYear > 2100)
    throw cardError('invalid_expiry_year', "Your card's expiration year is invalid.", { param: 'exp_year' });
  if (card.cvc !== undefined && !/^\d{3,4}$/.test(card.cvc))
    throw cardError('invalid_cvc', "Your card's security code is invalid.", { param: 'cvc' });
  return { facts, expYear };
}

export const cardFingerprint = (number: string) =>
  `SbxFp${createHash('sha256').update(number).digest('hex').slice(0, 11)}`;

/**
 * The token `card[token]` names, once: Stripe answers an unknown token `resource_missing` and a used
 * one `token_already_used` (https://docs.stripe.com/error-codes#token-already-used).
 */
function usableToken(id: string): StoredToken {
  const token = store.tokens.get(id);
  if (!token) throw resourceMissing('token', id, 'card[token]', 400);
  if (token.object.used)
    throw invalidRequest(`You cannot use a Stripe token more than once: ${id}.`, {
      code: 'token_already_used',
      param: 'card[token]',
    });
  return token;
}

const CARD_DETAILS = ['number', 'exp_month', 'exp_year', 'cvc'];

/**
 * What the contract's `card` anyOf (card_details_params | token_params, spec3) cannot say once
 * parsed, since parsing drops unknown keys: Stripe takes either the card's details or a token, and
 * answers a parameter of the other kind as an unknown parameter. The details' required fields are
 * named here, in the order Stripe reports them, so a half-typed card is `parameter_missing`.
 */
export function checkCardParams(raw: unknown): void {
  const card = (raw as { card?: unknown } | null)?.card;
  if (card === null || typeof card !== 'object' || Array.isArray(card)) return;
  const keys = Object.keys(card);
  if (keys.includes('token')) {
    const extra = keys.find((key) => CARD_DETAILS.includes(key));
    if (extra) throw invalidRequest(`Received unknown parameter: card[${extra}]`, { param: `card[${extra}]` });
    return;
  }
  for (const key of ['exp_month', 'exp_year', 'number']) if (!keys.includes(key)) throw missingParam(`card[${key}]`);
}

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
    if ('token' in card) {
      // A wallet's token: the card it stands for, with the wallet named (payment_method_card_wallet).
      const token = usableToken(card.token);
      const tokenCard = token.object.card;
      const wallet = tokenCard.tokenization_method;
      stored = {
        cardNumber: token.cardNumber,
        detached: false,
        object: {
          ...base,
          type: 'card',
          card: {
            brand: cardFacts(token.cardNumber)?.brand ?? 'unknown',
            last4: tokenCard.last4,
            exp_month: tokenCard.exp_month,
            exp_year: tokenCard.exp_year,
            country: tokenCard.country ?? address?.country ?? 'US',
            funding: tokenCard.funding,
            fingerprint: tokenCard.fingerprint,
            wallet:
              wallet === 'google_pay'
                ? { type: 'google_pay', google_pay: {}, dynamic_last4: tokenCard.dynamic_last4 }
                : { type: 'apple_pay', apple_pay: {}, dynamic_last4: tokenCard.dynamic_last4 },
          },
        },
      };
      token.object.used = true;
    } else {
      const { facts, expYear } = checkCardDetails(context, card);
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
            country: facts.fixedCountry ?? address?.country ?? 'US',
            funding: 'credit',
            fingerprint: cardFingerprint(facts.number),
          },
        },
      };
    }
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
