// Instants as accepted by the domain rules: a Date, an ISO date string or epoch milliseconds.
// The clock is never read here; callers pass `now`.
export type Instant = Date | string | number;

/** Epoch milliseconds of an instant, or NaN when it cannot be read. */
export function toMillis(value: Instant): number {
  if (typeof value === 'number') return value;
  if (value instanceof Date) return value.getTime();
  return Date.parse(value);
}
