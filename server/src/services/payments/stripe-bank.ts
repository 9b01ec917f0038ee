/**
 * Stripe's iDEAL and Bancontact set-ups keep a SEPA Direct Debit method (issue 31). Both are
 * single-use: once the shopper authorised at the bank, Stripe stores the IBAN in a new `sepa_debit`
 * PaymentMethod attached to the customer, with a mandate, and names them in the SetupIntent's
 * latest attempt (`payment_method_details.ideal.generated_sepa_debit`,
 * `generated_sepa_debit_mandate`; the same under `bancontact`), which a read shows with
 * `expand[]=latest_attempt` (https://docs.stripe.com/payments/ideal/set-up-payment,
 * https://docs.stripe.com/payments/bancontact/set-up-payment). That method, not the bank method,
 * is what the order keeps for the renewals, with the bank's facts (decision 020).
 */
import type { components as StripeComponents } from '../../../../generated/stripe/types.ts';
import type { AppContext } from '../../context.ts';
import * as stripe from '../../upstream/stripe.ts';
import { asPaymentProblem, providerFailure } from './payment-problems.ts';
import type { BankAccountFacts } from './provider.ts';

type SetupIntent = StripeComponents['schemas']['setup_intent'];

/** The single-use bank methods whose set-up generates a SEPA Direct Debit method. */
export const isBankSetUp = (type: string | undefined) => type === 'ideal' || type === 'bancontact';

/** Stripe's type of a front-end bank type (storefront §3: IDEAL → ideal, BANCONTACT → bancontact); undefined for the others. */
export const bankTypeOf = (paymentType: string) =>
  paymentType === 'IDEAL' ? 'ideal' : paymentType === 'BANCONTACT' ? 'bancontact' : undefined;

/**
 * The SetupIntent as Stripe holds it now, its latest attempt expanded (Stripe's bracket notation,
 * `expand[0]=latest_attempt`); throws the §8 connection error when it cannot be read.
 */
export async function readSetupExpanded(ctx: AppContext, intent: string) {
  return stripe.retrieveSetupIntent(ctx, intent, ['latest_attempt']).catch((error: unknown) => {
    throw asPaymentProblem(error);
  });
}

/** What a succeeded bank set-up generated: the SEPA Direct Debit method and its mandate, with the attempt's bank details. */
export interface GeneratedSepa {
  token: string;
  mandate: string | null;
  /** The attempt's iDEAL or Bancontact details (iDEAL has `bank`, Bancontact `bank_name` and `bank_code`). */
  details: {
    bank?: string | null;
    bank_name?: string | null;
    bank_code?: string | null;
    bic?: string | null;
    iban_last4?: string | null;
  };
}

/** The generated SEPA Direct Debit method a succeeded SetupIntent's latest attempt names; undefined for a card's. */
export function generatedSepaOf(intent: SetupIntent): GeneratedSepa | undefined {
  const attempt = intent.latest_attempt;
  if (!attempt || typeof attempt !== 'object') return undefined;
  const details = attempt.payment_method_details;
  const bank = details.ideal ?? details.bancontact;
  const token = bank?.generated_sepa_debit;
  if (!bank || typeof token !== 'string' || !token) return undefined;
  const mandate = bank.generated_sepa_debit_mandate;
  return { token, mandate: typeof mandate === 'string' ? mandate : null, details: bank };
}

/**
 * The method a succeeded set-up keeps for the renewals: the generated SEPA Direct Debit method for
 * iDEAL and Bancontact (a succeeded bank set-up without one is a provider failure: its own method
 * cannot be charged again), else the set-up's own method; undefined for a card's.
 */
export function keptMethodOf(intent: SetupIntent, type: string | undefined): GeneratedSepa | undefined {
  const generated = generatedSepaOf(intent);
  if (!generated && isBankSetUp(type)) throw providerFailure(502);
  return generated;
}

/**
 * The bank's facts of a generated SEPA method: the IBAN's last four characters and the bank code as
 * the SEPA method holds them (the attempt's when it cannot be read), the bank's name as the bank
 * method names it (iDEAL's `bank`, Bancontact's `bank_name`), its BIC, and the bank account's country
 * (https://docs.stripe.com/api/payment_methods/object#payment_method_object-sepa_debit-country).
 */
export async function bankFactsOf(ctx: AppContext, generated: GeneratedSepa): Promise<BankAccountFacts> {
  const { data } = await stripe.retrievePaymentMethod(ctx, generated.token).catch(() => ({ data: undefined }));
  const sepa = data?.type === 'sepa_debit' ? data.sepa_debit : undefined;
  const details = generated.details;
  return {
    ibanLast4: sepa?.last4 ?? details.iban_last4 ?? null,
    bank: details.bank ?? details.bank_name ?? null,
    bankCode: sepa?.bank_code ?? details.bank_code ?? null,
    bic: details.bic ?? null,
    country: sepa?.country ?? null,
  };
}
