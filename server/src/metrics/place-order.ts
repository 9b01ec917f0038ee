/**
 * Place-order outcomes (issue 16): what placing an order answered, and what its payment's return
 * answered (3-D Secure or a bank page: confirmPayment, submitPaymentDetails), counted by outcome.
 * An answer's own outcome (orderPlaced, actionRequired, pending) is taken as the contract names
 * it; a problem is `refused` (402: the provider or the bank said no, storefront §8), `rejected`
 * (another 4xx: the checkout was incomplete, held back, or the key reused) or `failed` (a 5xx or
 * an unexpected error: the alert of docs/runbook.md).
 */
import type { AppContext } from '../context.ts';
import { AppError } from '../errors.ts';

export type PaymentOperation = 'placeOrder' | 'confirmPayment' | 'submitPaymentDetails';

/** The success outcomes of OrderPlaced, ActionRequired and PaymentConfirmation in proxy.yaml. */
const ANSWER_OUTCOMES = new Set(['orderPlaced', 'actionRequired', 'pending']);

export function outcomeOfAnswer(body: unknown): string {
  const outcome = (body as { outcome?: unknown } | null)?.outcome;
  return typeof outcome === 'string' && ANSWER_OUTCOMES.has(outcome) ? outcome : 'other';
}

export function outcomeOfError(error: unknown): string {
  if (!(error instanceof AppError) || error.status >= 500) return 'failed';
  return error.status === 402 ? 'refused' : 'rejected';
}

/**
 * Counts what `answer` settles to under `operation`, and hands it on unchanged; with no operation
 * (the account's saving of a payment method, which places no order) it counts nothing.
 */
export async function countPaymentOutcome<T extends { body: unknown }>(
  ctx: Pick<AppContext, 'metrics'>,
  operation: PaymentOperation | undefined,
  answer: Promise<T>,
): Promise<T> {
  if (!operation) return answer;
  try {
    const settled = await answer;
    ctx.metrics?.placeOrderOutcomes.inc({ operation, outcome: outcomeOfAnswer(settled.body) });
    return settled;
  } catch (error) {
    ctx.metrics?.placeOrderOutcomes.inc({ operation, outcome: outcomeOfError(error) });
    throw error;
  }
}
