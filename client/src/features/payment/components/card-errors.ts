/** The sandbox card form's own checks (storefront §5 Card form), without Zod: the form and its resolver share them. */
import { isLuhnValid } from '../../../../../domain/card-number.ts';
import { isCardExpiryInPast } from '../../../../../domain/payment-errors.ts';

export type CardField = 'number' | 'expiry' | 'cvc';
export type CardErrors = Partial<Record<CardField, string>>;

/** What the shopper types: the card as shown (grouped digits, "MM / YY") and the holder's name. */
export type CardFields = { number: string; expiry: string; cvc: string; holder: string };

/** The card form's checks, with the messages of storefront §5 Card form (keys of checkout.card). */
export function cardErrors(number: string, expiry: string, cvc: string, now = Date.now()): CardErrors {
  const errors: CardErrors = {};
  const digits = number.replace(/\D/g, '');
  if (digits.length < 13) errors.number = 'numberIncomplete';
  else if (!isLuhnValid(digits)) errors.number = 'numberInvalid';
  const [mm, yy] = expiry.replace(/\s/g, '').split('/');
  if (!mm || !yy || mm.length !== 2 || yy.length !== 2 || Number(mm) < 1 || Number(mm) > 12) {
    errors.expiry = 'expiryIncomplete';
  } else if (isCardExpiryInPast(Number(mm), Number(yy), now)) errors.expiry = 'expiryYearInPast';
  if (cvc.replace(/\D/g, '').length < 3) errors.cvc = 'securityCodeIncomplete';
  return errors;
}
