/**
 * Digital wallets in the Stripe stand-in. With Stripe, a Google Pay or Apple Pay wallet's payment
 * data becomes a card token (`tok_...`: Google Pay's Stripe gateway, Stripe.js's Apple Pay
 * tokenisation), and `POST /v1/payment_methods` with `card[token]` makes from it a card
 * PaymentMethod whose `card.wallet` names the wallet
 * (https://docs.stripe.com/api/payment_methods/create#create_payment_method-card). Neither wallet
 * can run here, so the sandbox's wallet sheet hands the card it holds to
 * `POST /stripe/__wallet/tokens` (JSON, the publishable key as Stripe.js holds it), outside the
 * REST API like the Elements stand-in, and receives Stripe's Token object. The card's number
 * decides the outcome later (DESIGN.md "Payment test cards"), as a typed card's does.
 */
import type { SandboxContext } from '../../app.ts';
import { randomDigits, randomId, type CardBrand } from '../card-providers.ts';
import { integrationError } from './elements.ts';
import { invalidRequest, missingParam } from './errors.ts';
import { cardFingerprint, checkCardDetails } from './payment-methods.ts';
import { store, type Token } from './store.ts';

export type WalletType = Token['card']['tokenization_method'];

const WALLETS: readonly WalletType[] = ['google_pay', 'apple_pay'];

/** Token cards spell the brand as Stripe's `card` object does (spec3 `card.brand`). */
const TOKEN_BRAND: Record<CardBrand, string> = {
  visa: 'Visa',
  mastercard: 'MasterCard',
  amex: 'American Express',
  unknown: 'Unknown',
};

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** An integer parameter, as a JSON number or a string of digits. */
function integerParam(card: Record<string, unknown>, key: string): number {
  const value = card[key];
  if (value === undefined) throw missingParam(`card[${key}]`);
  const number = typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isInteger(number))
    throw invalidRequest(`Invalid integer: ${String(value)}`, {
      code: 'parameter_invalid_integer',
      param: `card[${key}]`,
    });
  return number;
}

/** `POST /stripe/__wallet/tokens`: the wallet's card checked as Stripe checks a card, as a token. */
export function createWalletToken(context: SandboxContext, body: unknown, keyKind: unknown): Token {
  if (keyKind !== 'publishable')
    throw integrationError('Stripe.js is initialised with your publishable key, never a secret key.');
  if (!isObject(body)) throw invalidRequest('The request body must be a JSON object.');
  const wallet = body.wallet;
  if (wallet === undefined) throw missingParam('wallet');
  if (typeof wallet !== 'string' || !(WALLETS as readonly string[]).includes(wallet))
    throw invalidRequest(`Invalid wallet: must be one of ${WALLETS.join(', ')}`, { param: 'wallet' });
  if (!isObject(body.card)) throw missingParam('card');
  const number = body.card.number;
  if (typeof number !== 'string') throw missingParam('card[number]');
  const expMonth = integerParam(body.card, 'exp_month');
  const { facts, expYear } = checkCardDetails(context, {
    number,
    exp_month: expMonth,
    exp_year: integerParam(body.card, 'exp_year'),
  });
  const token: Token = {
    id: `tok_${randomId(24)}`,
    object: 'token',
    type: 'card',
    used: false,
    livemode: false,
    created: Math.floor(context.clock.nowMs() / 1000),
    client_ip: null,
    card: {
      id: `card_${randomId(24)}`,
      object: 'card',
      brand: TOKEN_BRAND[facts.brand],
      last4: facts.last4,
      exp_month: expMonth,
      exp_year: expYear,
      // The issuing country where the test card fixes one; otherwise it follows the billing
      // address the PaymentMethod is created with (DESIGN.md "Payment test cards").
      country: facts.fixedCountry ?? null,
      funding: 'credit',
      fingerprint: cardFingerprint(facts.number),
      // Apple Pay pays with a device account number, whose last four digits differ from the card's.
      dynamic_last4: wallet === 'apple_pay' ? randomDigits(4) : null,
      tokenization_method: wallet as WalletType,
    },
  };
  store.tokens.set(token.id, { object: token, cardNumber: facts.number });
  return structuredClone(token);
}
