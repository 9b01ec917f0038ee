/**
 * The Stripe stand-in's SetupAttempts (one per confirmation of a SetupIntent, its `latest_attempt`)
 * and the SEPA Direct Debit method an iDEAL or Bancontact set-up generates. iDEAL and Bancontact are
 * single-use: once the customer authorised at the bank, Stripe stores the IBAN in a new
 * `sepa_debit` PaymentMethod attached to the customer, with a multi-use mandate, and names both in
 * the attempt's `payment_method_details.<type>.generated_sepa_debit(_mandate)`; the bank method
 * itself is never attached and cannot be used again
 * (https://docs.stripe.com/payments/ideal/set-up-payment,
 * https://docs.stripe.com/payments/bancontact/set-up-payment). A SetupIntent read with
 * `expand[]=latest_attempt` carries the attempt as an object.
 */
import type { Request } from 'express';
import type { SandboxContext } from '../../app.ts';
import { randomId } from '../card-providers.ts';
import { attachTo, nowSeconds } from './api.ts';
import { IDEAL_BICS } from './payment-methods.ts';
import {
  store,
  type ApiError,
  type PaymentMethod,
  type SetupAttemptObject,
  type SetupIntent,
  type StoredPaymentMethod,
  type StoredSetupIntent,
} from './store.ts';

type Details = SetupAttemptObject['payment_method_details'];

/**
 * The bank account the sandbox bank page authorises: an iDEAL shopper's Dutch account at the bank
 * chosen (ING when none was; the bank page is where iDEAL's bank is chosen), a Bancontact shopper's
 * Belgian one. The IBAN's bank code and last four characters are what Stripe reports of it.
 */
function bankAccountOf(method: StoredPaymentMethod) {
  if (method.object.type === 'ideal') {
    const bank = method.object.ideal?.bank ?? 'ing';
    const bic = IDEAL_BICS[bank] ?? 'INGBNL2A';
    return { country: 'NL', bankCode: bic.slice(0, 4), last4: '5264', bank, bic };
  }
  return { country: 'BE', bankCode: '539', last4: '7034', bank: 'VAN DE PUT & CO', bic: 'VAPEBE22' };
}

const isBankMethod = (method: StoredPaymentMethod) =>
  method.object.type === 'ideal' || method.object.type === 'bancontact';

/** The attempt's method details before the bank answered: the bank, no SEPA method yet. */
function detailsOf(method: StoredPaymentMethod): Details {
  if (!isBankMethod(method))
    return { type: method.object.type, ...(method.object.type === 'card' ? { card: {} } : {}) };
  const account = bankAccountOf(method);
  const common = {
    bic: account.bic,
    generated_sepa_debit: null,
    generated_sepa_debit_mandate: null,
    iban_last4: null,
    verified_name: null,
  };
  return method.object.type === 'ideal'
    ? {
        type: 'ideal',
        ideal: { ...common, bank: account.bank as NonNullable<Details['ideal']>['bank'] } as Details['ideal'],
      }
    : {
        type: 'bancontact',
        bancontact: { ...common, bank_code: account.bankCode, bank_name: account.bank, preferred_language: null },
      };
}

/** A new attempt of the intent's confirmation with its payment method: the intent's `latest_attempt`. */
export function startAttempt(context: SandboxContext, intent: StoredSetupIntent, method: StoredPaymentMethod): void {
  const id = `setatt_${randomId(24)}`;
  store.setupAttempts.set(id, {
    id,
    object: 'setup_attempt',
    created: nowSeconds(context),
    customer: intent.object.customer ?? null,
    livemode: false,
    payment_method: method.object.id,
    payment_method_details: detailsOf(method),
    setup_error: null,
    setup_intent: intent.object.id,
    status: 'requires_confirmation',
    usage: intent.object.usage,
  });
  intent.object.latest_attempt = id;
}

const latestOf = (intent: StoredSetupIntent) =>
  typeof intent.object.latest_attempt === 'string' ? store.setupAttempts.get(intent.object.latest_attempt) : undefined;

/** The latest attempt waits for the shopper (3-D Secure or the bank page). */
export function attemptNeedsAction(intent: StoredSetupIntent): void {
  const attempt = latestOf(intent);
  if (attempt) attempt.status = 'requires_action';
}

/** The latest attempt failed with the intent's error. */
export function attemptFailed(intent: StoredSetupIntent, error: ApiError): void {
  const attempt = latestOf(intent);
  if (!attempt) return;
  attempt.status = 'failed';
  attempt.setup_error = error;
}

/**
 * The set-up succeeded: a card is attached to the intent's customer; a bank method (single-use)
 * generates the SEPA Direct Debit method attached in its place, with its mandate, and is used up.
 */
export function attemptSucceeded(
  context: SandboxContext,
  intent: StoredSetupIntent,
  method: StoredPaymentMethod,
): void {
  const attempt = latestOf(intent);
  if (attempt) attempt.status = 'succeeded';
  if (!isBankMethod(method)) {
    attachTo(method, intent.object.customer ?? null);
    return;
  }
  method.used = true;
  const generated = generateSepaDebit(context, intent, method, attempt?.id ?? null);
  const details = attempt?.payment_method_details;
  const bank = details?.ideal ?? details?.bancontact;
  if (!bank) return;
  bank.generated_sepa_debit = generated.method;
  bank.generated_sepa_debit_mandate = generated.mandate;
  bank.iban_last4 = bankAccountOf(method).last4;
  bank.verified_name = method.object.billing_details.name ?? null;
}

/** The SEPA Direct Debit PaymentMethod and mandate an authorised bank set-up leaves with the customer. */
function generateSepaDebit(
  context: SandboxContext,
  intent: StoredSetupIntent,
  method: StoredPaymentMethod,
  attempt: string | null,
): { method: string; mandate: string } {
  const account = bankAccountOf(method);
  const sepa: PaymentMethod = {
    id: `pm_${randomId(24)}`,
    object: 'payment_method',
    type: 'sepa_debit',
    sepa_debit: {
      bank_code: account.bankCode,
      branch_code: '',
      country: account.country,
      fingerprint: `SbxFpSepa${account.country}${account.bankCode}${account.last4}`,
      generated_from: { charge: null, setup_attempt: attempt },
      last4: account.last4,
    },
    billing_details: structuredClone(method.object.billing_details),
    customer: intent.object.customer ?? null,
    created: nowSeconds(context),
    livemode: false,
    metadata: {},
  };
  store.paymentMethods.set(sepa.id, { object: sepa, detached: false });
  const mandate = `mandate_${randomId(24)}`;
  store.mandates.set(mandate, {
    id: mandate,
    paymentMethod: sepa.id,
    type: 'multi_use',
    status: 'active',
    acceptance: intent.mandate ?? { ipAddress: '', userAgent: '' },
  });
  return { method: sepa.id, mandate };
}

/** The fields a request asks to expand: `expand[0]=…`, `expand[]=…` or `expand=…` in the query. */
export function expandOf(req: Request): string[] {
  return Object.entries(req.query).flatMap(([key, value]) =>
    /^expand(\[\d*\])?$/.test(key) ? (Array.isArray(value) ? value.map(String) : [String(value)]) : [],
  );
}

/** The SetupIntent as the API answers it, its latest attempt an object when `latest_attempt` is expanded. */
export function expandedIntent(intent: StoredSetupIntent, expand: string[]): SetupIntent {
  const object = structuredClone(intent.object);
  const attempt = latestOf(intent);
  if (expand.includes('latest_attempt') && attempt) object.latest_attempt = structuredClone(attempt);
  return object;
}
