/**
 * The words for problems (issue 14: error details shown to a person come from the catalogues,
 * chosen by a stable problem `type` or `code`; storefront §8 error catalogue).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { adyenRefusal, stripeRefusal } from '../../../domain/payment-errors.ts';
import { LANGUAGES } from './locales.ts';
import {
  FIELD_REQUIRED_KEYS,
  GENERIC_PROBLEM_KEY,
  PROBLEM_CODE_KEYS,
  PROBLEM_TYPE_KEYS,
  problemKey,
  problemText,
} from './problem-text.ts';
import { Translator, type Catalogue } from './translator.ts';

const catalogue = (language: string) =>
  JSON.parse(readFileSync(path.resolve(process.cwd(), `catalogues/${language}.json`), 'utf8')) as Catalogue;
const lookup = (c: Catalogue, key: string): unknown =>
  key.split('.').reduce<unknown>((node, part) => (node as Catalogue | undefined)?.[part], c);

const ALL_KEYS = [
  ...new Set([
    ...Object.values(PROBLEM_CODE_KEYS),
    ...Object.values(PROBLEM_TYPE_KEYS),
    ...Object.values(FIELD_REQUIRED_KEYS),
    GENERIC_PROBLEM_KEY,
  ]),
];

const type = (slug: string) => `https://shop.example/problems/${slug}`;

describe('problem type/code → catalogue key', () => {
  for (const language of LANGUAGES) {
    it(`when the ${language} catalogue is read, then every problem key of the tables is a text there`, () => {
      const c = catalogue(language);
      expect(ALL_KEYS.filter((key) => typeof lookup(c, key) !== 'string')).toEqual([]);
    });
  }

  it.each([
    // storefront §8 login codes (server/src/services/identity/identity-login.ts)
    [{ code: 'E001', type: type('vin-connected-to-another-user') }, 'problems.code.E001'],
    [{ code: 'E000', type: type('user-mismatch') }, 'problems.code.E000'],
    [{ code: 'FORGEROCK_TOKEN_ERROR', type: type('forgerock-token-error') }, 'problems.code.tokenError'],
    // storefront §5 postal codes where shipping is not allowed; supported countries; billing region
    [{ code: 'postal_code_excluded', type: type('postal-code-excluded') }, 'problems.code.postalCodeExcluded'],
    [{ type: type('postal-code-excluded') }, 'problems.code.postalCodeExcluded'],
    [{ code: 'country_not_supported' }, 'address.errors.countryCode'],
    [{ code: 'region_not_supported', type: type('region-not-supported') }, 'problems.code.regionNotSupported'],
    // a decline without a code the table knows still reads as a decline, not as the English detail
    [{ code: 'card_velocity_exceeded', type: type('payment-refused') }, 'problems.code.cardDeclined'],
    [{ type: type('unknown-thing') }, undefined],
    [{ code: 'toString' }, undefined],
  ])('when the problem is %j, then its key is %s', (problem, key) => {
    expect(problemKey(problem)).toBe(key);
  });

  it.each([undefined, '3D Not Authenticated', 'Expired Card', 'Not enough balance', 'Refused'])(
    'when Adyen refuses with %s, then the refusal code has words in the catalogues',
    (reason) => {
      const { code } = adyenRefusal(reason);
      expect(PROBLEM_CODE_KEYS[code]).toBeDefined();
    },
  );

  it.each([
    'card_declined',
    'generic_decline',
    'insufficient_funds',
    'expired_card',
    'incorrect_cvc',
    'processing_error',
  ])('when Stripe declines with %s, then the code has words in the catalogues', (declineCode) => {
    const { code } = stripeRefusal({ decline_code: declineCode, message: 'English from Stripe' });
    expect(PROBLEM_CODE_KEYS[code]).toBeDefined();
  });
});

describe('problemText', () => {
  const translator = new Translator('fr', { en: catalogue('en'), fr: catalogue('fr') });
  const t = translator.t;

  it('when the problem has a known code, then the French words, never the English detail', () => {
    const text = problemText(t, { code: 'card_declined', detail: 'Your card was declined.' });
    expect(text).toBe('Votre carte a été refusée.');
  });

  it('when a field error has a known code, then its words win over the detail and the English message', () => {
    const text = problemText(t, {
      type: type('postal-code-excluded'),
      detail: 'Shipping is not available to postal code 97100 in FR.',
      errors: [
        {
          field: '/postalCode',
          message: 'Shipping is not available to this postal code.',
          code: 'postal_code_excluded',
        },
      ],
    });
    expect(text).toBe("La livraison n'est pas disponible pour ce code postal.");
  });

  it('when a field error is a plain required rule, then the field message of §5', () => {
    const text = problemText(t, {
      errors: [{ field: '/stateCode', message: 'Please select a state.', code: 'required' }],
    });
    expect(text).toBe(lookup(catalogue('fr'), 'address.errors.stateCode'));
    expect(text).not.toBe('Please select a state.');
  });

  it('when the problem is unknown, then the translated fallback, not the English detail', () => {
    expect(problemText(t, { type: type('something-new'), detail: 'Something new went wrong.' })).toBe(
      "Une erreur s'est produite. Veuillez réessayer.",
    );
    expect(problemText(t, undefined, 'checkout.unexpectedError')).toBe(t('checkout.unexpectedError'));
  });
});
