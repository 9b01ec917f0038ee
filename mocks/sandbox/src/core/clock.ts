/**
 * The sandbox's clock: real time plus an offset that `/__sandbox/clock` moves, so that expiry
 * windows, cooling-off periods and token lifetimes can be tested without waiting.
 */
export class Clock {
  #offsetMs = 0;

  now(): Date {
    return new Date(Date.now() + this.#offsetMs);
  }

  nowMs(): number {
    return Date.now() + this.#offsetMs;
  }

  get offsetMs(): number {
    return this.#offsetMs;
  }

  advance(ms: number): void {
    this.#offsetMs += ms;
  }

  set(at: Date): void {
    this.#offsetMs = at.getTime() - Date.now();
  }

  reset(): void {
    this.#offsetMs = 0;
  }
}

export const DAY_MS = 86_400_000;

/** An ISO date (yyyy-mm-dd) `days` days from the clock's now. */
export function isoDateFromNow(clock: Clock, days: number): string {
  return new Date(clock.nowMs() + days * DAY_MS).toISOString().slice(0, 10);
}
