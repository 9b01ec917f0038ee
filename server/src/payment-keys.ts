/**
 * Live mode takes money with live keys (issue 31): a live shop whose Stripe key or Adyen client key
 * is a test one, or whose Adyen environment is `test`, would take orders that nobody is paid for.
 * The providers tell their keys apart by prefix: Stripe's secret and restricted keys `sk_live_` /
 * `rk_live_` against `sk_test_` / `rk_test_`, its publishable keys `pk_live_` against `pk_test_`
 * (docs.stripe.com/keys); Adyen's client keys `live_` against `test_`, and its live Checkout API
 * lives on `…-checkout-live….adyenpayments.com`, its test one on `checkout-test.adyen.com`
 * (docs.adyen.com/development-resources/client-side-authentication, …/live-endpoints).
 *
 * PAYMENT_KEYS says which the live shop means to hold: `live` (the default) or `test`, for a
 * staging shop on the providers' test accounts that takes no money. Either way every key must be
 * of that one kind: a mix refuses to start, naming each variable.
 */
import { z } from 'zod';

export const PAYMENT_KEYS_MODES = ['live', 'test'] as const;
export type PaymentKeysMode = (typeof PAYMENT_KEYS_MODES)[number];

export const PAYMENT_KEYS_ENV = {
  PAYMENT_KEYS: z.enum(PAYMENT_KEYS_MODES).default('live'),
};

const KINDS: Record<PaymentKeysMode, { secret: RegExp; publishable: string; client: string; words: string }> = {
  live: { secret: /^(?:sk|rk)_live_/, publishable: 'pk_live_', client: 'live_', words: 'a live' },
  test: { secret: /^(?:sk|rk)_test_/, publishable: 'pk_test_', client: 'test_', words: 'a test' },
};

const STAGING = 'or set PAYMENT_KEYS=test for a shop on the providers’ test accounts';

/**
 * What is wrong with the payment keys of a live configuration (`env` as given, the Adyen base URL
 * it resolved) meant to hold `mode` keys; none when all agree. A key not given is left out: live
 * mode names it as required. An unset ADYEN_ENVIRONMENT is its default, `test`.
 */
export function paymentKeyProblems(
  env: Record<string, string | undefined>,
  adyenBaseUrl: string | undefined,
  mode: PaymentKeysMode,
): string[] {
  const given = (name: string) => env[name]?.trim() || undefined;
  const keys = {
    STRIPE_SECRET_KEY: given('STRIPE_SECRET_KEY'),
    STRIPE_PUBLISHABLE_KEY: given('STRIPE_PUBLISHABLE_KEY'),
    ADYEN_CLIENT_KEY: given('ADYEN_CLIENT_KEY'),
    ADYEN_ENVIRONMENT: given('ADYEN_ENVIRONMENT'),
    ADYEN_BASE_URL: adyenBaseUrl,
  };
  const kind = KINDS[mode];
  const other = mode === 'live' ? 'test' : 'live';
  const fix = mode === 'live' ? `give the live key, ${STAGING}` : 'give the test key (PAYMENT_KEYS=test)';
  const problems: string[] = [];
  if (keys.STRIPE_SECRET_KEY && !kind.secret.test(keys.STRIPE_SECRET_KEY))
    problems.push(
      `STRIPE_SECRET_KEY: not ${kind.words} secret key (sk_${mode}_… or rk_${mode}_…) while PAYMENT_KEYS=${mode}: ${fix}`,
    );
  if (keys.STRIPE_PUBLISHABLE_KEY && !keys.STRIPE_PUBLISHABLE_KEY.startsWith(kind.publishable))
    problems.push(
      `STRIPE_PUBLISHABLE_KEY: not ${kind.words} publishable key (${kind.publishable}…) while PAYMENT_KEYS=${mode}: ${fix}`,
    );
  if (keys.ADYEN_CLIENT_KEY && !keys.ADYEN_CLIENT_KEY.startsWith(kind.client))
    problems.push(
      `ADYEN_CLIENT_KEY: not ${kind.words} client key (${kind.client}…) while PAYMENT_KEYS=${mode}: ${fix}`,
    );
  const environment = keys.ADYEN_ENVIRONMENT;
  if (mode === 'live' && (environment === undefined || environment === 'test'))
    problems.push(
      `ADYEN_ENVIRONMENT: ${environment ?? 'unset (test)'} while PAYMENT_KEYS=live: give the live region (live, live-us, live-au, live-apse, live-in or live-nea), ${STAGING}`,
    );
  if (mode === 'test' && environment !== undefined && environment !== 'test')
    problems.push(`ADYEN_ENVIRONMENT: ${environment} while PAYMENT_KEYS=test: the test accounts are at 'test'`);
  const host = keys.ADYEN_BASE_URL && URL.canParse(keys.ADYEN_BASE_URL) ? new URL(keys.ADYEN_BASE_URL).hostname : '';
  const liveHost = /-checkout-live[a-z-]*\.adyenpayments\.com$/.test(host);
  const testHost = host === 'checkout-test.adyen.com';
  if ((mode === 'live' && testHost) || (mode === 'test' && liveHost))
    problems.push(`ADYEN_BASE_URL: Adyen's ${other} Checkout API (${host}) while PAYMENT_KEYS=${mode}`);
  return problems;
}
