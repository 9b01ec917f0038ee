/**
 * The sandbox's ledger (issue 29, "the money invariant"), mounted at `/__sandbox/ledger`: `GET`
 * answers what the payment providers hold for the shop's orders and the orders the commerce platform
 * made, since the last reset, so that a test can check that no money (or saved card) is left
 * without a placed order, whatever the shop's own records say.
 *
 * - Adyen: every payment whose merchantReference is an order number (the proxy names the account's
 *   savings `payment-method-…`, services/payments/adyen.ts): `authorised` from its charge in the
 *   stand-in's ledger, `reversed` once a technical cancel or a cancel-or-refund gave it back (or
 *   came before the authorisation), `refused`; a payment still waiting for the shopper (3-D Secure,
 *   a bank page) has taken nothing and is not listed.
 * - Stripe: every SetupIntent that names its order in `metadata[orderNo]` (the checkout's; the
 *   account's savings name none): `saved` once it succeeded, `reversed` when it was canceled or the
 *   method it saved was detached afterwards (a card, or the SEPA Direct Debit method an iDEAL or
 *   Bancontact set-up generated), `refused` when its last confirmation failed; one still waiting for
 *   a payment method or the shopper is not listed. A SetupIntent is an amount of 0 at Stripe: the
 *   ledger gives the order's total from the commerce stand-in, in minor units. And every
 *   PaymentIntent that names its order (a renewal's charge, issue 31): `captured` once it succeeded,
 *   `refused` when declined; one processing is not listed yet.
 * - Orders: the commerce stand-in's orders made since the reset (not the seed's), with their status.
 *
 * `now` is the sandbox clock, which the orders' creation dates are on.
 */
import express, { type Router } from 'express';
import type { SandboxContext } from '../app.ts';
import type { Provider } from '../seed.ts';
import { store as adyen, type Payment } from './adyen/store.ts';
import { ordersMadeSinceReset } from './commerce/seed-state.ts';
import { state as commerce, type OrderStatus } from './commerce/state.ts';
import { store as stripe, type StoredSetupIntent } from './stripe/store.ts';

export type LedgerPaymentState = 'authorised' | 'captured' | 'saved' | 'refused' | 'reversed';

export interface LedgerPayment {
  provider: Provider;
  /** Our order number: Adyen's merchantReference, the SetupIntent's `metadata[orderNo]`. */
  reference: string;
  /** Adyen's pspReference or the SetupIntent's id. */
  id: string;
  /** In the currency's minor units. */
  amount: number;
  currency: string;
  state: LedgerPaymentState;
  createdAt: string;
}

export interface LedgerOrder {
  orderNo: string;
  status: OrderStatus;
  creationDate: string;
}

export interface Ledger {
  /** The sandbox clock now (the orders' creation dates are on it). */
  now: string;
  payments: LedgerPayment[];
  orders: LedgerOrder[];
}

/** The account's savings at Adyen (services/payments/adyen.ts saveMethod): no order behind them. */
const ACCOUNT_SAVING = 'payment-method-';

function adyenState(payment: Payment): LedgerPaymentState | undefined {
  const charge = adyen.ledger.find((c) => c.pspReference === payment.pspReference);
  if (charge) return charge.reversed ? 'reversed' : 'authorised';
  if (payment.resultCode === 'Refused' || payment.resultCode === 'Error') return 'refused';
  const cancelled = adyen.cancelledReferences.has(`${payment.merchantAccount}/${payment.merchantReference}`);
  if (cancelled || adyen.reversedPayments.has(payment.pspReference)) return 'reversed';
  return undefined;
}

function adyenPayments(): LedgerPayment[] {
  return [...adyen.payments.values()]
    .filter((payment) => !payment.merchantReference.startsWith(ACCOUNT_SAVING))
    .flatMap((payment) => {
      const state = adyenState(payment);
      if (!state) return [];
      const charge = adyen.ledger.find((c) => c.pspReference === payment.pspReference);
      const amount = charge?.amount ?? payment.amount;
      return [
        {
          provider: 'adyen' as const,
          reference: payment.merchantReference,
          id: payment.pspReference,
          amount: amount.value,
          currency: amount.currency,
          state,
          createdAt: new Date(payment.createdAtMs).toISOString(),
        },
      ];
    });
}

/** The method a succeeded set-up saved: the SEPA Direct Debit method a bank set-up generated, else its own. */
function savedMethodOf(intent: StoredSetupIntent): string | null | undefined {
  const attempt =
    typeof intent.object.latest_attempt === 'string'
      ? stripe.setupAttempts.get(intent.object.latest_attempt)
      : undefined;
  const details = attempt?.payment_method_details;
  return (details?.ideal ?? details?.bancontact)?.generated_sepa_debit ?? intent.object.payment_method;
}

function stripeState(intent: StoredSetupIntent): LedgerPaymentState | undefined {
  const { status, last_setup_error: error } = intent.object;
  if (status === 'canceled') return 'reversed';
  if (status === 'succeeded') {
    const method = savedMethodOf(intent);
    return method && stripe.paymentMethods.get(method)?.detached ? 'reversed' : 'saved';
  }
  if (status === 'requires_payment_method' && error) return 'refused';
  return undefined;
}

/** The renewals' charges (issue 31): PaymentIntents naming their order, once Stripe decided. */
function stripeCharges(): LedgerPayment[] {
  return [...stripe.paymentIntents.values()].flatMap(({ object: intent }) => {
    const reference = intent.metadata?.orderNo;
    const state =
      intent.status === 'succeeded' ? 'captured' : intent.last_payment_error ? ('refused' as const) : undefined;
    if (!reference || !state) return [];
    return [
      {
        provider: 'stripe' as const,
        reference,
        id: intent.id,
        amount: intent.amount,
        currency: intent.currency.toUpperCase(),
        state,
        createdAt: new Date(intent.created * 1000).toISOString(),
      },
    ];
  });
}

function stripePayments(): LedgerPayment[] {
  return [...stripe.setupIntents.values()].flatMap((intent) => {
    const reference = intent.object.metadata?.orderNo;
    const state = stripeState(intent);
    if (!reference || !state) return [];
    // Stripe's amount is 0 (a saving); the order's total says what the saved card pays for.
    const order = commerce.orders.get(reference)?.body;
    return [
      {
        provider: 'stripe' as const,
        reference,
        id: intent.object.id,
        amount: Math.round((order?.orderTotal ?? 0) * 100),
        currency: order?.currency ?? 'XXX',
        state,
        createdAt: new Date(intent.object.created * 1000).toISOString(),
      },
    ];
  });
}

export function ledgerOf(context: SandboxContext): Ledger {
  return {
    now: context.clock.now().toISOString(),
    payments: [...adyenPayments(), ...stripePayments(), ...stripeCharges()].sort((a, b) =>
      a.createdAt.localeCompare(b.createdAt),
    ),
    orders: ordersMadeSinceReset().map((order) => ({
      orderNo: order.orderNo,
      status: order.status,
      creationDate: new Date(order.creationMs).toISOString(),
    })),
  };
}

export function ledgerControls(context: SandboxContext): Router {
  const router = express.Router();
  router.get('/', (_req, res) => {
    res.json(ledgerOf(context));
  });
  return router;
}
