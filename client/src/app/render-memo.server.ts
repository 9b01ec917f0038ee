/**
 * Pages the server rendered, kept for the next request with the same inputs (issue 35): React's
 * render and its flush were two fifths of a server-rendered page's CPU, and a page is a function of
 * what the renderer is handed. The key is everything the markup depends on:
 *
 * - the request: its path and query, locale, site, production or not, whether the consent banner
 *   is painted;
 * - the page's reads: their answers and failures (the session's view, the basket, the vehicle, the
 *   account's data), so a shopper is only ever handed markup made from the very data their own
 *   request read;
 * - the day, in UTC and in the server's time zone: the markup depends on the date (the renewal
 *   window starts at midnight UTC, the footer shows the year), never on the hour. Whether that
 *   holds is tested (entry-server.test.ts renders pages at two hours of one day).
 *
 * Secrets are the exception: values only this request's shopper may see and that the page shows
 * (the session's CSRF token in its forms and data, the answer's CSP nonce). The key and the kept
 * markup hold a placeholder in their place, put back per request, so two guests reading the same
 * page share its render and neither sees the other's token.
 *
 * A render with an error is never kept. At most `maxEntries` renders, each for `ttlMs`; the one
 * used longest ago leaves first (lru-cache).
 */
import { createHash, randomUUID } from 'node:crypto';
import { LRUCache } from 'lru-cache';

/** What a kept render answers besides the page's data (which each request brings). */
export interface KeptRender {
  status: number;
  lang: string;
  title: string;
  description: string;
  modules: string[];
  /** The content of #root. */
  markup: string;
}

export interface RenderMemoOptions {
  maxEntries: number;
  ttlMs: number;
  /** The clock (tests move it). */
  now?: () => number;
}

/** The date of `at` in UTC and in this process's time zone: the two days a page's markup may depend on. */
export function renderDays(at: number): string {
  const date = new Date(at);
  const local = `${date.getFullYear()}-${date.getMonth() + 1}-${date.getDate()}`;
  return `${date.toISOString().slice(0, 10)}/${local}`;
}

export class RenderMemo {
  readonly #kept: LRUCache<string, KeptRender>;
  readonly #now: () => number;
  /** One placeholder per secret's place, random per process: no page's data can hold it by chance. */
  readonly #placeholders: string[] = [];

  constructor({ maxEntries, ttlMs, now = Date.now }: RenderMemoOptions) {
    this.#now = now;
    this.#kept = new LRUCache({ max: maxEntries, ttl: ttlMs, ttlAutopurge: false, ttlResolution: 0, perf: { now } });
  }

  #placeholder(index: number): string {
    while (this.#placeholders.length <= index) this.#placeholders.push(`render-secret-${randomUUID()}`);
    return this.#placeholders[index]!;
  }

  /** `text` with each secret in its placeholder's stead. */
  #hide(text: string, secrets: readonly string[]): string {
    return secrets.reduce(
      (hidden, secret, i) => (secret ? hidden.replaceAll(secret, this.#placeholder(i)) : hidden),
      text,
    );
  }

  #reveal(text: string, secrets: readonly string[]): string {
    return secrets.reduce(
      (shown, secret, i) => (secret ? shown.replaceAll(this.#placeholder(i), secret) : shown),
      text,
    );
  }

  /**
   * The key of a render: the request's `facts` (JSON-serialisable) and the page's `data` as the page
   * hands it to the browser (the reads' answers in key order), with the secrets hidden, and the day.
   * A digest keeps the key small whatever the page's data.
   */
  keyOf(facts: unknown, data: string, secrets: readonly string[]): string {
    return createHash('sha256')
      .update(`${renderDays(this.#now())}\n${this.#hide(JSON.stringify(facts), secrets)}\n`)
      .update(this.#hide(data, secrets))
      .digest('base64url');
  }

  /** The kept render under `key`, with this request's secrets in their places. */
  get(key: string, secrets: readonly string[]): KeptRender | undefined {
    const kept = this.#kept.get(key);
    return kept && { ...kept, markup: this.#reveal(kept.markup, secrets) };
  }

  /** Keeps `render` (made with `secrets`) under `key`, its secrets hidden. */
  set(key: string, render: KeptRender, secrets: readonly string[]): void {
    this.#kept.set(key, { ...render, markup: this.#hide(render.markup, secrets) });
  }

  clear(): void {
    this.#kept.clear();
  }
}
