/**
 * A card payment in the Adyen stand-in, whatever brought the card (secured fields, a stored token,
 * a Google Pay or Apple Pay wallet's token): Adyen's checks of the number and expiry, then the
 * outcome the test card decides (DESIGN.md "Payment test cards"): refused (declined or expired),
 * authorised, or in need of 3-D Secure, which index.ts answers with the challenge the card calls
 * for. A wallet's card is authenticated by the device (its cryptogram), and a merchant-initiated
 * payment with a token (a renewal) has no shopper to authenticate: neither needs 3-D Secure.
 */
import { cardFacts, isExpired, type CardFacts } from '../card-providers.ts';
import { invalid } from './errors.ts';
import { authorise, refuse } from './outcomes.ts';
import { ADYEN_BRAND, REFUSALS } from './responses.ts';
import type { Payment } from './store.ts';

/**
 * Adyen's 3-D Secure test cards (docs.adyen.com/development-resources/testing/3d-secure-2-authentication):
 * the Visa answers a redirect by POST with {MD, PaReq, TermUrl} (the classic issuer page); the
 * Mastercard answers a native `threeDS2` challenge when the request prefers native 3-D Secure 2.
 */
export const POST_REDIRECT_CARD = '4212345678910006';
export const NATIVE_3DS2_CARD = '5454545454545454';
const ADYEN_3DS_CARDS: readonly string[] = [POST_REDIRECT_CARD, NATIVE_3DS2_CARD];

/** The card as the request (or the token standing for it) gives it. */
export interface CardSource {
  number: string;
  expiryMonth: string;
  expiryYear: string;
  holderName?: string | undefined;
}

/**
 * Sets the payment's card and settles what needs no shopper: refused when expired or declined,
 * authorised when it needs no 3-D Secure. Returns the card's facts and whether 3-D Secure remains.
 */
export function payByCard(
  payment: Payment,
  source: CardSource,
  fallbackCountry: string | undefined,
  now: Date,
  options: { merchantInitiated?: boolean } = {},
): { facts: CardFacts; needsAuthentication: boolean } {
  const facts = cardFacts(source.number);
  if (!facts) throw invalid('101', 'Invalid card number');
  const { expiryMonth, expiryYear } = source;
  const month = Number(expiryMonth);
  const year = Number(expiryYear.length === 2 ? `20${expiryYear}` : expiryYear);
  if (!/^\d{1,2}$/.test(expiryMonth) || month < 1 || month > 12 || !/^\d{2}(\d{2})?$/.test(expiryYear))
    throw invalid('129', 'Expiry Date Invalid');
  payment.card = {
    brand: ADYEN_BRAND[facts.brand],
    last4: facts.last4,
    bin: facts.bin,
    country: facts.fixedCountry ?? fallbackCountry ?? 'US',
    number: facts.number,
    expiryMonth: String(month).padStart(2, '0'),
    expiryYear: String(year),
    ...(source.holderName ? { holderName: source.holderName } : {}),
  };
  const outcome = facts.outcome;
  if (isExpired(month, year, now)) refuse(payment, REFUSALS.expired_card.reason, REFUSALS.expired_card.code);
  else if (outcome.kind === 'declined') {
    const refusal = REFUSALS[outcome.declineCode];
    refuse(payment, refusal.reason, refusal.code);
  } else if (
    (outcome.kind === 'three_d_secure' || ADYEN_3DS_CARDS.includes(facts.number)) &&
    !payment.wallet &&
    !options.merchantInitiated
  )
    return { facts, needsAuthentication: true };
  else authorise(payment, now.getTime());
  return { facts, needsAuthentication: false };
}
