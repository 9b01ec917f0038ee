/**
 * Issue 35's yardsticks: each proxy figure beside a floor measured in the same run, on the same
 * machine, under the same load (50 connections), so a busy machine costs both alike.
 *
 * - Goal 3a, the renewal JSON call ÷ the bare floor (floor-server.ts: a node:http server making the
 *   same two sandbox lookups per request, nothing else): ≥ 50 % of its throughput, p99 ≤ 2× its p99,
 *   0 errors.
 * - Goal 3b, the cached answer after the session read ÷ the bare floor: ≥ 85 %. The route is
 *   GET /api/session (SESSION_READ_PATH) with a returning shopper's cookie: it verifies the cookie,
 *   reads the session from the store, renews it, and answers the session's view from memory, with no
 *   upstream call; everything every request pays (request id, log, metrics, security headers, the
 *   session) and nothing else.
 * - Goal 4, the server-rendered renewal page ÷ its static snapshot served by the same server (a
 *   file under dist/client, answered by express.static): ≥ 25 %, both p99s reported.
 *
 * Used by renewal-load.ts (RENEWAL_LOAD_FLOOR=1, per run, for iterating) and by main.ts's load
 * figures (`make bench`).
 */

/** The cached answer after the session read: GET /api/session (see above). */
export const SESSION_READ_PATH = '/api/session';

export const FLOOR_TARGETS = {
  /** Goal 3: the renewal call's throughput, as a share of the bare floor's. */
  renewalShare: 50,
  /** Goal 3: the renewal call's p99, at most this many times the floor's. */
  renewalP99Times: 2,
  /** Goal 3: the session read's throughput, as a share of the bare floor's. */
  sessionShare: 85,
  /** Goal 4: the server-rendered page's throughput, as a share of its static snapshot's. */
  pageShare: 25,
} as const;

export interface RatioInput {
  rps: number;
  p99: number;
  errors: number;
}

export interface Ratio {
  /** The share in percent (0 when the yardstick answered nothing). */
  share: number;
  pass: boolean;
  /** "62.1 % (812 ÷ 1307 req/s); p99 80 ms vs 51 ms (≤ 102), 0 errors" */
  text: string;
}

const percent = (part: RatioInput, whole: RatioInput) => (whole.rps > 0 ? (100 * part.rps) / whole.rps : 0);
const head = (share: number, part: RatioInput, whole: RatioInput) =>
  `${share.toFixed(1)} % (${part.rps} ÷ ${whole.rps} req/s)`;

/** Goal 3a: the renewal call ÷ the bare floor. */
export function renewalRatio(renewal: RatioInput, floor: RatioInput): Ratio {
  const share = percent(renewal, floor);
  const p99Limit = FLOOR_TARGETS.renewalP99Times * floor.p99;
  return {
    share,
    pass:
      share >= FLOOR_TARGETS.renewalShare &&
      renewal.p99 <= p99Limit &&
      renewal.errors === 0 &&
      floor.errors === 0 &&
      floor.rps > 0,
    text: `${head(share, renewal, floor)}; p99 ${renewal.p99} ms vs the floor's ${floor.p99} ms (limit ${p99Limit} ms); ${renewal.errors} errors`,
  };
}

/** Goal 3b: the cached answer after the session read ÷ the bare floor. */
export function sessionRatio(session: RatioInput, floor: RatioInput): Ratio {
  const share = percent(session, floor);
  return {
    share,
    pass: share >= FLOOR_TARGETS.sessionShare && session.errors === 0 && floor.rps > 0,
    text: `${head(share, session, floor)}; p99 ${session.p99} ms vs ${floor.p99} ms; ${session.errors} errors`,
  };
}

/** Goal 4: the server-rendered page ÷ its static snapshot, served by the same server. */
export function pageRatio(page: RatioInput, snapshot: RatioInput): Ratio {
  const share = percent(page, snapshot);
  return {
    share,
    pass: share >= FLOOR_TARGETS.pageShare && page.errors === 0 && snapshot.errors === 0 && snapshot.rps > 0,
    text: `${head(share, page, snapshot)}; p99 ${page.p99} ms vs the snapshot's ${snapshot.p99} ms; ${page.errors} errors`,
  };
}

/**
 * A static copy of a server-rendered page for renewal-load.ts (make bench uses Chromium's rendering,
 * browser.ts): the same document without its scripts and module preloads, as the snapshot is.
 */
export function withoutScripts(html: string): string {
  return html
    .replace(/<script\b[\s\S]*?<\/script>/gi, '')
    .replace(/<link\b[^>]*\bmodulepreload\b[^>]*>/gi, '')
    .replace(/<link rel="preload" as="script"[^>]*>/gi, '');
}
