/**
 * Stripe (storefront §4 "Payment setup" and "On payment"), finalised on the server
 * (https://docs.stripe.com/payments/finalize-payments-on-the-server-legacy?platform=web&type=setup):
 * the browser's Payment Element is created without an Intent (`mode: 'setup'`, the currency,
 * `paymentMethodCreation: 'manual'`, the SetupIntent's payment method types) and hands over the
 * PaymentMethod `stripe.createPaymentMethod` made. The server finds the payment customer (the stored
 * one, by CDC id, or a new one; a deleted or missing one is replaced, §4 resource_missing), then
 * creates the one SetupIntent of the checkout (or of the account's saving) confirmed off-session
 * with that method, or confirms the same SetupIntent again after a failed attempt: never a second
 * per attempt. iDEAL and Bancontact set up SEPA Direct Debit and send the mandate the shopper
 * accepted online. 3-D Secure and bank pages go through its redirect, and the result is always read
 * back from Stripe. Paying an order is saving its method (the renewals charge it off-session); a
 * replaced method is detached, and a saved card's expiry read from its PaymentMethod. The checkout's
 * SetupIntent names its order (`metadata[orderNo]`), and a failed order's is given back: canceled
 * before it succeeded, else the method it attached detached (issue 29). Stripe's API is form-encoded.
 */
import { stripeRefusal } from '../../../../domain/payment-errors.ts';
import { WALLET_TYPES, walletOf } from '../../../../domain/payment-method.ts';
import type { components } from '../../../../generated/proxy/types.ts';
import type { components as StripeComponents } from '../../../../generated/stripe/types.ts';
import type { AppContext } from '../../context.ts';
import { invalidField } from '../../errors.ts';
import * as stripe from '../../upstream/stripe.ts';
import type { Shopper } from '../identity/shopper.ts';
import {
  asPaymentProblem,
  authorisationFailed,
  invalidPaymentData,
  methodNotOwned,
  missingPaymentMethod,
  providerFailure,
  refused,
} from './payment-problems.ts';
import type {
  BankAccountFacts,
  CheckedMethod,
  PaymentParty,
  PaymentProvider,
  ProviderReferences,
  SaveResult,
} from './provider.ts';
import { bankFactsOf, bankTypeOf, generatedSepaOf, keptMethodOf, readSetupExpanded } from './stripe-bank.ts';
import { customerFor, existingCustomer } from './stripe-customer.ts';
import { giveBackSetup } from './stripe-reverse.ts';
import { knownOutcome } from './uncertain.ts';

type Schemas = components['schemas'];

type MethodType = Schemas['StripeElementsOptions']['allowedPaymentMethodTypes'][number];

/** The payment method types of the market's SetupIntents and Payment Element (card, plus its bank method). */
function methodTypes(shopper: Shopper): MethodType[] {
  const methods = shopper.market.paymentMethods;
  if (methods.includes('IDEAL')) return ['card', 'ideal'];
  if (methods.includes('BANCONTACT')) return ['card', 'bancontact'];
  return ['card'];
}

/**
 * The Elements group's options (https://docs.stripe.com/js/elements_object/create_without_intent),
 * matching the SetupIntent `saveMethod` creates: setup mode (a SetupIntent, usage off_session), the
 * market's currency, PaymentMethods created manually for the server to confirm, and the SetupIntent's
 * `payment_method_types` as the allowed types.
 */
export function elementsOptions(types: MethodType[], currency: string): Schemas['StripeElementsOptions'] {
  return {
    mode: 'setup',
    currency: currency.toLowerCase(),
    paymentMethodCreation: 'manual',
    allowedPaymentMethodTypes: types,
  };
}

type Purpose = NonNullable<Shopper['session']['stripeSetupIntent']>['purpose'];

/**
 * The SetupIntent of this checkout (or account saving) that a new attempt confirms again: the one
 * created before for the same customer, while Stripe still lets it take a payment method (a failed
 * attempt leaves it in requires_payment_method). Undefined when there is none to reuse.
 */
async function reusableIntent(
  ctx: AppContext,
  shopper: Shopper,
  purpose: Purpose,
  customer: string,
): Promise<{ id: string; orderNo?: string } | undefined> {
  const kept = shopper.session.stripeSetupIntent;
  if (!kept || kept.purpose !== purpose || kept.customerId !== customer) return undefined;
  const { data } = await stripe.retrieveSetupIntent(ctx, kept.id);
  if (!data || (data.status !== 'requires_payment_method' && data.status !== 'requires_confirmation')) return undefined;
  const orderNo = data.metadata?.orderNo;
  return { id: kept.id, ...(orderNo ? { orderNo } : {}) };
}

/**
 * The checkout's SetupIntent, confirmed again for the next order after a failed attempt, names that
 * order in `metadata[orderNo]` first (https://docs.stripe.com/api/setup_intents/update): what Stripe
 * holds, its webhooks and the sandbox's ledger then tie the saved card to the order it pays, never to
 * the failed one it was created for (issue 29). Not named, it is not confirmed: the attempt fails
 * before anything is saved.
 */
async function nameOrder(ctx: AppContext, intent: string, orderNo: string, key: string): Promise<void> {
  const { data, response } = await stripe
    .updateSetupIntent(ctx, intent, { metadata: { orderNo } }, `${key}-order`)
    .catch((error: unknown) => {
      throw asPaymentProblem(error);
    });
  if (data?.metadata?.orderNo !== orderNo) throw providerFailure(response.ok ? 502 : response.status);
}

/**
 * The SEPA Direct Debit mandate an iDEAL or Bancontact set-up needs: accepted online, from the
 * shopper's IP address and browser (https://docs.stripe.com/api/setup_intents/create#create_setup_intent-mandate_data,
 * https://docs.stripe.com/payments/ideal/set-up-payment).
 */
function mandateFor(type: string, client: PaymentParty['client']) {
  if (type !== 'ideal' && type !== 'bancontact') return {};
  return {
    mandate_data: {
      customer_acceptance: {
        type: 'online' as const,
        online: { ip_address: client.ipAddress, user_agent: client.userAgent },
      },
    },
  };
}

type StripePaymentMethod = StripeComponents['schemas']['payment_method'];

/** A PaymentMethod as the checkout uses it: its type and, for a card, the card's facts. */
function checkedOf(data: StripePaymentMethod): CheckedMethod {
  const card = data.card;
  // A wallet's card names its wallet (https://docs.stripe.com/api/payment_methods/object#payment_method_object-card-wallet).
  const wallet = walletOf(card?.wallet?.type);
  return {
    id: data.id,
    type: data.type,
    ...(wallet ? { wallet } : {}),
    ...(card
      ? {
          card: {
            brand: card.brand ?? data.type,
            last4: card.last4 ?? '',
            expMonth: card.exp_month ?? 0,
            expYear: card.exp_year ?? 0,
            country: card.country ?? null,
          },
        }
      : {}),
  };
}

/** A payment method read from Stripe: null when Stripe holds none by that id (404); throws when it cannot be read. */
async function readMethod(ctx: AppContext, id: string): Promise<StripePaymentMethod | null> {
  const { data, response } = await stripe
    .retrievePaymentMethod(ctx, id)
    // Unreachable, too slow or an unreadable answer (issue 17's fault table): the §8 connection error, not a 500.
    .catch((error: unknown) => {
      throw asPaymentProblem(error);
    });
  if (response.status === 404) return null;
  if (!data || typeof data.id !== 'string' || typeof data.type !== 'string') throw providerFailure(response.status);
  return data;
}

/** What a set-up read back came to: still processing, or saved (with the SEPA method a bank set-up generated). */
type ReadBack = { status: 'processing' } | { status: 'succeeded'; kept?: { token: string; bank: BankAccountFacts } };

/**
 * Reads the setup intent back, its latest attempt expanded: only a succeeded intent for this
 * payment method (or for the SEPA method its bank set-up generated, read again) has saved it; an
 * iDEAL or Bancontact set-up keeps the SEPA Direct Debit method it generated (stripe-bank.ts).
 */
async function readBack(
  ctx: AppContext,
  record: ProviderReferences,
  methodId: string | undefined,
  type?: string,
): Promise<ReadBack> {
  const { data, response } = await readSetupExpanded(ctx, record.setupIntentId!);
  // An unreadable status says nothing about the shopper's approval: a provider failure, not a refusal.
  if (!data || typeof data.status !== 'string') throw providerFailure(response.ok ? 502 : response.status);
  if (data.status === 'processing') return { status: 'processing' };
  const generated = data.status === 'succeeded' ? generatedSepaOf(data) : undefined;
  if (data.status !== 'succeeded' || (methodId && data.payment_method !== methodId && generated?.token !== methodId))
    throw authorisationFailed();
  const kept = keptMethodOf(data, type);
  return kept
    ? { status: 'succeeded', kept: { token: kept.token, bank: await bankFactsOf(ctx, kept) } }
    : { status: 'succeeded' };
}

export const stripeProvider: PaymentProvider = {
  name: 'stripe',

  // Collect the payment details before creating an Intent
  // (https://docs.stripe.com/payments/accept-a-payment-deferred?platform=web&type=setup): no
  // customer and no SetupIntent yet, only what the Elements group is created with.
  async setup(ctx, shopper, input) {
    const types = methodTypes(shopper);
    const setup: Schemas['StripePaymentSetup'] = {
      provider: 'stripe',
      publishableKey: ctx.config.credentials.stripe.publishableKey,
      paymentMethodTypes: types,
      elementsOptions: elementsOptions(types, input.amount.currency),
      amount: input.amount,
      // Stripe offers Google Pay and Apple Pay in every market it serves here, as cards (type card).
      wallets: WALLET_TYPES.filter((wallet) => shopper.market.paymentMethods.includes(wallet)),
      sandbox: input.sandbox,
    };
    return setup;
  },

  async checkMethod(ctx, shopper, request) {
    const id = request.sandboxCardToken ?? request.stripePaymentMethodId;
    if (!id) throw missingPaymentMethod();
    const method = await readMethod(ctx, id);
    if (!method) throw invalidPaymentData('Your card number is invalid');
    // Attached to a customer other than the shopper's own: someone's saved method, never a new one
    // from Elements (issue 30). The shopper's own: a retry of a saving whose answer was lost.
    if (method.customer && method.customer !== (await existingCustomer(ctx, shopper))) throw methodNotOwned();
    return checkedOf(method);
  },

  async saveMethod(ctx, shopper, attempt): Promise<SaveResult> {
    const { record, method } = attempt;
    // The saved card pays for the customer Stripe holds it for (storefront §6); any other method for
    // the shopper's payment customer.
    const customer =
      method.stored?.customerId ?? (await customerFor(ctx, shopper, attempt.customer.email, attempt.customer.name));
    record.stripeCustomerId = customer;
    const purpose: Purpose = attempt.orderNo ? 'checkout' : 'accountPaymentMethod';
    const kept = await reusableIntent(ctx, shopper, purpose, customer);
    if (kept && attempt.orderNo && kept.orderNo !== attempt.orderNo)
      await nameOrder(ctx, kept.id, attempt.orderNo, record.key);
    const reused = kept?.id;
    const confirmation = {
      payment_method: method.id,
      return_url: attempt.returnUrl,
      ...mandateFor(method.type, attempt.client),
    };
    // Asked again with the same key when the answer was lost (uncertain.ts); still unknown, the attempt
    // fails: a SetupIntent charges nothing, the card it may have saved is given back (reverse), and the
    // next attempt makes or confirms its own.
    const created = await knownOutcome(
      () =>
        reused
          ? stripe.confirmSetupIntent(ctx, reused, confirmation, `${record.key}-confirm`)
          : stripe.createSetupIntent(
              ctx,
              {
                customer,
                confirm: true,
                usage: 'off_session',
                payment_method_types: methodTypes(shopper),
                // The order it pays, for Stripe's records, its webhooks and the reversal (issue 29).
                ...(attempt.orderNo ? { metadata: { orderNo: attempt.orderNo } } : {}),
                ...confirmation,
              },
              `${record.key}-setup`,
            ),
      (data) => typeof data.id === 'string' && typeof data.status === 'string',
    ).catch((error: unknown) => {
      throw asPaymentProblem(error);
    });
    if (!created.data) {
      const error = (
        created.error as { error?: Parameters<typeof stripeRefusal>[0] & { setup_intent?: { id?: string } } }
      )?.error;
      // A declined set-up leaves the SetupIntent waiting for another method: the next attempt reuses it.
      const failedIntent = reused ?? error?.setup_intent?.id;
      if (failedIntent) shopper.session.stripeSetupIntent = { id: failedIntent, customerId: customer, purpose };
      await shopper.persist();
      if (created.response.status === 402) throw refused(stripeRefusal(error));
      throw providerFailure(created.response.status);
    }
    record.setupIntentId = created.data.id;
    shopper.session.stripeSetupIntent = { id: created.data.id, customerId: customer, purpose };
    await shopper.persist();
    if (created.data.status === 'requires_action') {
      const redirectUrl = created.data.next_action?.redirect_to_url?.url;
      if (!redirectUrl) throw providerFailure(500);
      return {
        status: 'actionRequired',
        actionType: method.type === 'card' ? 'threeDSecure' : 'bankRedirect',
        redirectUrl,
      };
    }
    const read = await readBack(ctx, record, method.id, method.type);
    if (read.status === 'processing') return { status: 'processing' };
    const stored = { token: read.kept?.token ?? method.id!, customerId: customer };
    return {
      status: 'saved',
      stored,
      ...(method.card ? { card: method.card } : {}),
      ...(read.kept ? { bank: read.kept.bank } : {}),
    };
  },

  async pay(ctx, shopper, attempt) {
    const { pending } = attempt;
    // The account's saved card is not this order's to give back (reverse): recorded with the references.
    if (attempt.method.stored) pending.savedCard = true;
    const saved = await stripeProvider.saveMethod(ctx, shopper, {
      ...attempt,
      record: pending,
      orderNo: pending.orderNo,
      currency: attempt.amount.currency,
    });
    return saved.status === 'saved' ? { status: 'paid' } : saved;
  },

  checkReturn(pending, request) {
    if (request.setup_intent && request.setup_intent !== pending.setupIntentId) {
      throw invalidField('The setup intent does not belong to this payment.', {
        field: '/setup_intent',
        message: 'Unknown setup intent.',
        code: 'mismatch',
      });
    }
  },

  async confirm(ctx, _shopper, pending) {
    const read = await readBack(ctx, pending, pending.paymentMethodId, bankTypeOf(pending.paymentType));
    if (read.status === 'processing') return { status: 'processing' };
    // iDEAL and Bancontact: the order keeps the SEPA Direct Debit method the set-up generated (issue 31).
    if (read.kept) Object.assign(pending, { paymentMethodId: read.kept.token, bank: read.kept.bank });
    return { status: 'paid' };
  },

  // A reconciler places a bank order whose shopper never came back: the generated SEPA method read now.
  async completeStoredMethod(ctx, pending) {
    const type = bankTypeOf(pending.paymentType);
    if (!type || pending.bank || !pending.setupIntentId) return;
    const read = await readBack(ctx, pending, pending.paymentMethodId, type);
    if (read.status === 'succeeded' && read.kept)
      Object.assign(pending, { paymentMethodId: read.kept.token, bank: read.kept.bank });
  },

  // The checkout's SetupIntent charged nothing, but a succeeded one left a card saved for off-session
  // renewals: a failed order gets it given back (issue 29, stripe-reverse.ts).
  async reverse(ctx, shopper, pending) {
    const log = shopper.log.child({ orderNo: pending.orderNo, setupIntent: pending.setupIntentId });
    try {
      return await giveBackSetup(ctx, log, pending);
    } catch (error) {
      log.error({ err: error }, 'Stripe reversal not sent: the order attempt sends it again');
      return false;
    }
  },

  async confirmSave(ctx, _shopper, record, methodId) {
    if (!methodId) throw providerFailure(500);
    const read = await readBack(ctx, record, methodId, bankTypeOf(record.paymentType));
    if (read.status === 'processing') return { status: 'processing' };
    // iDEAL and Bancontact: the account keeps the SEPA Direct Debit method the set-up generated (issue 31).
    const token = read.kept?.token ?? methodId;
    const stored = { token, ...(record.stripeCustomerId ? { customerId: record.stripeCustomerId } : {}) };
    if (read.kept) return { status: 'saved', stored, bank: read.kept.bank };
    const method = await readMethod(ctx, methodId).catch(() => null);
    const card = method ? checkedOf(method).card : undefined;
    return { status: 'saved', stored, ...(card ? { card } : {}) };
  },

  async removeStoredMethod(ctx, stored) {
    const { response } = await stripe.detachPaymentMethod(ctx, stored.token);
    if (!response.ok) throw providerFailure(response.status);
  },

  // The saving attached the new method to the payment customer; only the replaced one is detached.
  async keepOnlyStoredMethod(ctx, kept, previous) {
    if (previous && previous.token !== kept.token) await stripeProvider.removeStoredMethod(ctx, previous);
  },

  // A card attached to a customer: a detached one cannot pay again
  // (https://docs.stripe.com/api/payment_methods/detach), and the SetupIntent needs its customer.
  async storedCard(ctx, stored) {
    const data = await readMethod(ctx, stored.token);
    const checked = data && checkedOf(data);
    if (!data?.customer || !checked?.card) return null;
    return { ...checked, type: 'card', card: checked.card, stored: { ...stored, customerId: data.customer } };
  },

  // A card's `card.country`, or the SEPA Direct Debit method's `sepa_debit.country` that an iDEAL or
  // Bancontact saving keeps (https://docs.stripe.com/api/payment_methods/object).
  async storedMethodCountry(ctx, stored) {
    const data = await readMethod(ctx, stored.token);
    return data?.card?.country ?? data?.sepa_debit?.country ?? null;
  },
};
