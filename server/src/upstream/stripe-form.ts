/** Stripe's API is form-encoded (https://docs.stripe.com/api): the body's encoding and the headers of a call. */
/** Stripe's form encoding: nested objects and arrays in bracket notation. */
export function stripeForm(body: Record<string, unknown>): string {
  const params = new URLSearchParams();
  const add = (key: string, value: unknown) => {
    if (value === undefined || value === null) return;
    if (Array.isArray(value)) value.forEach((v, i) => add(`${key}[${i}]`, v));
    else if (typeof value === 'object') {
      for (const [k, v] of Object.entries(value as Record<string, unknown>)) add(`${key}[${k}]`, v);
    } else params.append(key, String(value));
  };
  for (const [k, v] of Object.entries(body)) add(k, v);
  return params.toString();
}

export const FORM = { 'content-type': 'application/x-www-form-urlencoded' } as const;

/** openapi-fetch options of a form-encoded Stripe call with a body, with an Idempotency-Key when given. */
export function formOf(idempotencyKey?: string) {
  return {
    bodySerializer: (b: Record<string, unknown> | undefined) => stripeForm(b ?? {}),
    headers: { ...FORM, ...(idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : {}) },
  };
}
