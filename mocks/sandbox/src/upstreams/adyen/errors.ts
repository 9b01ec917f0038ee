/**
 * The Adyen stand-in's errors: Adyen's `ServiceError` with its error codes for missing and invalid
 * fields, the merchant account check and the `test_` values of the encrypted card fields.
 */
import type { z } from 'zod';
import type { components } from '../../../../../generated/adyen/types.ts';
import { CREDENTIALS } from '../../seed.ts';
import { randomDigits } from '../card-providers.ts';

type ServiceError = components['schemas']['ServiceError'];

export class AdyenError extends Error {
  readonly status: number;
  readonly body: ServiceError;

  constructor(status: number, errorCode: string, message: string, errorType = 'validation', pspReference?: string) {
    super(message);
    this.status = status;
    this.body = { status, errorCode, message, errorType, ...(pspReference ? { pspReference } : {}) };
  }
}

export const newPspReference = () => `SBXP${randomDigits(12)}`;

export const invalid = (errorCode: string, message: string) =>
  new AdyenError(422, errorCode, message, 'validation', newPspReference());

const REQUIRED_FIELD_CODES: Record<string, [string, string]> = {
  amount: ['100', "Required field 'amount' is not provided."],
  reference: ['130', "Required field 'reference' is not provided."],
  returnUrl: ['14_030', 'Return URL is missing.'],
  merchantAccount: ['702', "Required field 'merchantAccount' is not provided."],
  paymentMethod: ['702', "Required field 'paymentMethod' is not provided."],
  details: ['702', "Required field 'details' is not provided."],
};

type Issue = z.ZodError['issues'][number];

/**
 * The issue to report: for `paymentMethod` (a oneOf by `type`) the first issue of the details its
 * `type` names (GooglePayDetails for `googlepay`, ...), with the full path; an unknown type keeps
 * the union's own issue.
 */
function reportedIssue(issue: Issue | undefined): Issue | undefined {
  if (issue?.code !== 'invalid_union') return issue;
  const named = issue.errors.filter((option) => !option.some((inner) => inner.path.join('.') === 'type'));
  if (named.length === 0) return issue;
  const closest = named.reduce((best, option) => (option.length < best.length ? option : best));
  const inner = closest[0];
  return inner ? reportedIssue({ ...inner, path: [...issue.path, ...inner.path] } as Issue) : issue;
}

function fromZodError(error: z.ZodError): AdyenError {
  const issue = reportedIssue(error.issues[0]);
  const field = issue?.path.map(String).join('.') ?? '';
  const input = (issue as { input?: unknown } | undefined)?.input;
  if (issue?.code === 'invalid_type' && input === undefined) {
    const [code, message] = REQUIRED_FIELD_CODES[field] ?? ['702', `Required field '${field}' is not provided.`];
    return invalid(code, message);
  }
  if (field.startsWith('amount')) return invalid('137', 'Invalid amount specified');
  if (field === 'paymentMethod' || field.startsWith('paymentMethod.'))
    return invalid('14_016', `Invalid payment method details: ${issue?.message ?? 'not supported'}`);
  return invalid('702', `Invalid value for field '${field}': ${issue?.message ?? 'invalid'}`);
}

export function parse<T>(schema: z.ZodType<T>, input: unknown): T {
  const result = schema.safeParse(input ?? {}, { reportInput: true });
  if (!result.success) throw fromZodError(result.error);
  return result.data;
}

export function checkMerchant(merchantAccount: string | undefined): string {
  if (!merchantAccount) throw invalid('702', "Required field 'merchantAccount' is not provided.");
  if (merchantAccount !== CREDENTIALS.adyen.merchantAccount) throw invalid('901', 'Invalid Merchant Account');
  return merchantAccount;
}

/** The unencrypted test value of an `encrypted*` field (`test_4242424242424242` -> `4242...`). */
export function decrypt(field: string, value: string | undefined): string {
  if (value === undefined) throw invalid('702', `Required field 'paymentMethod.${field}' is not provided.`);
  if (!value.startsWith('test_')) throw invalid('174', 'Unable to decrypt data');
  return value.slice('test_'.length);
}
