/**
 * Server-side sessions. The browser holds only the `shop_session` cookie (proxy.yaml's security
 * scheme): HttpOnly, SameSite=Lax, Secure in production, carrying a random id signed with
 * SESSION_SECRET. Everything else — shopper and identity tokens included — lives in the
 * SessionStore and never appears in a response. Each session has a CSRF token, handed out by
 * GET /session and required as X-CSRF-Token on every POST, PUT, PATCH and DELETE (http/csrf.ts).
 */
import type { Request, Response } from 'express';
import { csrfTokenInvalid, UNSAFE_METHODS } from './http/csrf.ts';
import { readCookie, randomToken, sign, unsign } from './session-cookie.ts';
import { dropExpiredVehicle, REGISTERED_SESSION_TTL_SECONDS, type SessionData } from './session-data.ts';

export { randomToken, readCookie, sameToken } from './session-cookie.ts';
export { dropExpiredVehicle, REGISTERED_SESSION_TTL_SECONDS, sessionView } from './session-data.ts';
export type { PendingMethodSave, PendingPayment, SessionData, ShopperTokens } from './session-data.ts';

export const SESSION_COOKIE = 'shop_session';
/** The JSON each session object was read from (readSession), for Sessions' stored-form comparison. */
const readFrom = new WeakMap<SessionData, string>();

/**
 * A session as a store reads it from its JSON: the stores write JSON.stringify's output, which
 * JSON.parse and JSON.stringify give back unchanged, so the text read is the session's stored form
 * and need not be made again on every request (issue 16).
 */
export function readSession(json: string): SessionData {
  const session = JSON.parse(json) as SessionData;
  readFrom.set(session, json);
  return session;
}

/**
 * How long a rotated id's tombstone lasts (issue 30): longer than any request in flight at the
 * rotation can take (the upstream timeouts), short enough that the store does not fill.
 */
export const ROTATED_TOMBSTONE_SECONDS = 60;
/**
 * The longest a session's cookie goes without being set again to renew its lifetime (a tenth of
 * the lifetime when that is shorter). In between, answers carry no cookie: a browser does not order
 * the cookies of parallel answers (a 304 that left before a login's answer was applied after it), so
 * a read's copy of the old cookie could land after a login's new one and sign the shopper out
 * again (issue 32, docs/decisions/026). The cookie expires no later than its record, which every
 * request renews: the shopper's idle time runs out between the lifetime less this and the lifetime.
 */
export const COOKIE_RENEWAL_SECONDS = 60 * 60;
/** At most this many rotated ids are remembered in the process (`Sessions.guardCookie`), the oldest leaving first. */
const MAX_ROTATED_IDS = 10_000;

/**
 * Where sessions live: this in-memory store serves one instance, the Redis store
 * (state/redis-session-store.ts) many. A store that cannot answer throws (a 503 problem): `get`
 * resolves undefined only when the session does not exist, never for a failure (issue 16).
 */
export interface SessionStore {
  get(id: string): Promise<SessionData | undefined>;
  /** Writes a session that is new (or whatever the store held under its id). */
  set(data: SessionData, ttlSeconds: number): Promise<void>;
  /**
   * Writes a session read from the store only while the store still holds it (Redis `SET … XX`);
   * false, writing nothing, when it has gone: a rotation or a logout is never undone (issue 30).
   */
  update(data: SessionData, ttlSeconds: number): Promise<boolean>;
  /** Renews an unchanged session's lifetime; false when the store no longer holds it. */
  touch(id: string, ttlSeconds: number): Promise<boolean>;
  delete(id: string): Promise<void>;
  /**
   * Stores `data` under its new id, deletes `previousId` and leaves a tombstone on it for
   * `tombstoneSeconds`, in one step (a rotated session id, issue 30).
   */
  replace(previousId: string, data: SessionData, ttlSeconds: number, tombstoneSeconds: number): Promise<void>;
  /** True while `id` carries the tombstone of a rotation (`replace`). */
  rotated(id: string): Promise<boolean>;
}

export interface SessionOptions {
  store: SessionStore;
  secret: string;
  /**
   * SESSION_PREVIOUS_SECRETS: signatures made with these are still accepted while a secret rotation
   * rolls out (issue 16); every save signs with `secret`.
   */
  previousSecrets?: readonly string[];
  ttlSeconds: number;
  secure: boolean;
}

/** Session access for handlers: the current one (or none), a new one, saving. */
export class Sessions {
  readonly options: SessionOptions;
  /**
   * Each session object's stored form as last read or written: a save that changed nothing only
   * renews the lifetime, so a request that merely reads cannot write back an older copy over what
   * another instance saved meanwhile (a place-order's answer record, a pending 3-D Secure payment).
   */
  private readonly stored = new WeakMap<SessionData, string>();
  /** What each answer's last save stored and put in its cookie. */
  private readonly savedFor = new WeakMap<Response, string>();
  /**
   * Anonymous views answered to a cookie whose id was rotated away (issue 30): never stored, never
   * in a cookie, so a stale request cannot sign out whoever holds the new id.
   */
  private readonly views = new WeakSet<SessionData>();
  /** Sessions whose record went while a request held them (rotated, logged out, expired): never saved again. */
  private readonly interrupted = new WeakSet<SessionData>();
  /** Requests whose cookie names a rotated id (its tombstone), as `current` found. */
  private readonly rotatedCookie = new WeakSet<Request>();
  /** Requests whose validly signed cookie names a session the store no longer holds, without a tombstone. */
  private readonly lostCookie = new WeakSet<Request>();
  /** Sessions whose browser holds their cookie signed with the current secret (read from it, or sent it). */
  private readonly cookieHeld = new WeakSet<SessionData>();
  /** The ids this instance rotated away lately, and until when (`guardCookie`), oldest first. */
  private readonly rotatedIds = new Map<string, number>();
  /** The session id each answer's cookie names, and the answers whose headers check it (`guardCookie`). */
  private readonly cookieIds = new WeakMap<Response, string>();
  private readonly guarded = new WeakSet<Response>();

  constructor(options: SessionOptions) {
    this.options = options;
  }

  /** The session id of a cookie signed with the current secret or one of the previous ones, and which. */
  private idOf(cookie: string): { id: string; currentSecret: boolean } | undefined {
    const secrets = [this.options.secret, ...(this.options.previousSecrets ?? [])];
    for (const [index, secret] of secrets.entries()) {
      const id = unsign(cookie, secret);
      if (id) return { id, currentSecret: index === 0 };
    }
    return undefined;
  }

  /**
   * The session named by the request's cookie, if it exists and its signature holds. A store that
   * cannot answer throws its 503: a failed read is never taken for "no session". When the id is
   * gone, its tombstone says whether a login or logout rotated it (`cookieRotated`); without one,
   * the session was lost (`cookieLost`).
   */
  async current(req: Request): Promise<SessionData | undefined> {
    const raw = readCookie(req, SESSION_COOKIE);
    const signed = raw ? this.idOf(raw) : undefined;
    if (!signed) return undefined;
    const { id } = signed;
    const session = await this.options.store.get(id);
    if (!session) {
      if (await this.options.store.rotated(id)) {
        this.rotatedCookie.add(req);
      } else if (!this.lostCookie.has(req)) {
        this.lostCookie.add(req);
        req.log?.info('session lost from the store: a signed cookie names a session it does not hold');
      }
      return undefined;
    }
    if (signed.currentSecret) this.cookieHeld.add(session);
    if (dropExpiredVehicle(session)) {
      readFrom.delete(session);
      if (!(await this.options.store.update(session, this.ttlOf(session)))) {
        this.interrupted.add(session);
        return session;
      }
    }
    this.stored.set(session, readFrom.get(session) ?? JSON.stringify(session));
    return session;
  }

  /** True when the request's cookie names an id a login or logout rotated away moments ago (issue 30). */
  cookieRotated(req: Request): boolean {
    return this.rotatedCookie.has(req);
  }

  /**
   * True when the request's cookie is validly signed but names a session the store does not hold and
   * no rotation left a tombstone on (issue 30, docs/decisions/029): the cookie lives exactly as long
   * as its record, so the record was lost (a Redis restart without persistence, an eviction, a
   * failover, an in-memory store restarted), not expired.
   */
  cookieLost(req: Request): boolean {
    return this.lostCookie.has(req);
  }

  /**
   * A new anonymous session for the request (saved by `save`). After a lost session it remembers
   * that the browser's sign-in ended (`sessionEnded`), so the account says so rather than answering
   * as to a first visit.
   */
  fresh(req: Request, defaults: Pick<SessionData, 'site' | 'locale'>): SessionData {
    const session = this.create(defaults);
    if (this.cookieLost(req)) session.sessionEnded = 'session-lost';
    return session;
  }

  /**
   * The current session, or a new anonymous one (saved by `save`); a store failure throws, never a
   * new one. A cookie naming a rotated id (a request sent before a login's or logout's answer
   * arrived) gets no new session: a read sees an anonymous view that is never stored nor put in a
   * cookie, so its answer cannot replace the new cookie in the browser; a write is refused as a
   * stale CSRF token is, which the client recovers from by reading the session again (issue 30,
   * docs/decisions/026).
   */
  async currentOrNew(req: Request, defaults: Pick<SessionData, 'site' | 'locale'>): Promise<SessionData> {
    const session = await this.current(req);
    if (session) return session;
    if (!this.cookieRotated(req)) return this.fresh(req, defaults);
    if (UNSAFE_METHODS.has(req.method)) throw csrfTokenInvalid();
    const view = this.create(defaults);
    this.views.add(view);
    return view;
  }

  /** A new anonymous session with a fresh CSRF token (saved by `save`). */
  create(defaults: Pick<SessionData, 'site' | 'locale'>): SessionData {
    return {
      id: randomToken(),
      csrfToken: randomToken(),
      authType: 'none',
      customer: null,
      basketItemCount: 0,
      ...defaults,
    };
  }

  /** How long the session lives from now: 90 days for a registered shopper, the configured TTL otherwise. */
  ttlOf(session: Pick<SessionData, 'authType'>): number {
    return session.authType === 'registered'
      ? Math.max(REGISTERED_SESSION_TTL_SECONDS, this.options.ttlSeconds)
      : this.options.ttlSeconds;
  }

  /**
   * Stores the session, renewing its lifetime, and sets the cookie when the browser does not hold it
   * yet, holds it signed with a previous secret (re-signed here with the current one), or holds it
   * since COOKIE_RENEWAL_SECONDS (at most one Set-Cookie per answer). A session read from the store
   * is written only while the store still holds it: once a login or logout rotated its id away (or
   * it expired), a request that read it earlier neither writes it back nor sends its cookie again,
   * as Django's SessionInterrupted and express-session do (issue 30). Only a session never read from nor written to the store (a new
   * one, from `create`) is written with a plain set.
   */
  async save(res: Response, session: SessionData): Promise<void> {
    if (this.views.has(session) || this.interrupted.has(session)) return;
    const ttlSeconds = this.ttlOf(session);
    // Once the headers have left, no cookie can go: the renewal waits for the next answer.
    const cookieDue = !res.headersSent && this.cookieDue(session, ttlSeconds);
    if (cookieDue) session.cookieSetAt = Date.now();
    const json = JSON.stringify(session);
    // A request saves as it goes (its token, its vehicle, its locale): once stored and in the
    // cookie, the same state is not stored and signed again for the same answer.
    if (this.savedFor.get(res) === json && res.headersSent === false) return;
    const storedAs = this.stored.get(session);
    if (storedAs === undefined) {
      await this.options.store.set(session, ttlSeconds);
    } else {
      const kept =
        storedAs === json
          ? await this.options.store.touch(session.id, ttlSeconds)
          : await this.options.store.update(session, ttlSeconds);
      if (!kept) {
        this.interrupted.add(session);
        return;
      }
    }
    this.stored.set(session, json);
    if (cookieDue && this.setCookie(res, session, ttlSeconds)) this.cookieHeld.add(session);
    this.savedFor.set(res, json);
  }

  /** True when this answer must carry the session's cookie (`save`). */
  private cookieDue(session: SessionData, ttlSeconds: number): boolean {
    if (!this.cookieHeld.has(session)) return true;
    const renewAfterMs = Math.min(COOKIE_RENEWAL_SECONDS, ttlSeconds / 10) * 1000;
    return Date.now() - (session.cookieSetAt ?? 0) >= renewAfterMs;
  }

  /**
   * A new id and CSRF token for the session at login and logout (no fixation, issue 16): the
   * session is stored under the new id and the old record deleted in one step, then the cookie
   * names the new id. Everything else the session holds stays. The old id keeps a tombstone for
   * ROTATED_TOMBSTONE_SECONDS, written in the same step: a request still carrying it is answered
   * without a new session or cookie (`currentOrNew`, issue 30).
   */
  async rotate(res: Response, session: SessionData): Promise<void> {
    const previous = { id: session.id, csrfToken: session.csrfToken, cookieSetAt: session.cookieSetAt };
    Object.assign(session, { id: randomToken(), csrfToken: randomToken(), cookieSetAt: Date.now() });
    const ttlSeconds = this.ttlOf(session);
    try {
      await this.options.store.replace(previous.id, session, ttlSeconds, ROTATED_TOMBSTONE_SECONDS);
    } catch (error) {
      // Nothing was stored (one step): the session keeps its id and token, the old record stays valid.
      Object.assign(session, previous);
      throw error;
    }
    this.interrupted.delete(session);
    this.rotatedIds.set(previous.id, Date.now() + ROTATED_TOMBSTONE_SECONDS * 1000);
    if (this.rotatedIds.size > MAX_ROTATED_IDS) this.rotatedIds.delete(this.rotatedIds.keys().next().value!);
    this.stored.set(session, JSON.stringify(session));
    if (this.setCookie(res, session, ttlSeconds)) this.cookieHeld.add(session);
  }

  /** Takes this answer's shop_session cookie out of its Set-Cookie header, keeping any other cookie. */
  private static dropCookie(res: Response): void {
    const earlier = res.getHeader('Set-Cookie');
    if (earlier === undefined) return;
    const others = (Array.isArray(earlier) ? earlier : [String(earlier)]).filter(
      (cookie) => !cookie.startsWith(`${SESSION_COOKIE}=`),
    );
    if (others.length) res.setHeader('Set-Cookie', others);
    else res.removeHeader('Set-Cookie');
  }

  /** Sets the answer's cookie to name the session; false when the headers have already left. */
  private setCookie(res: Response, session: SessionData, ttlSeconds: number): boolean {
    if (res.headersSent) return false;
    Sessions.dropCookie(res);
    res.cookie(SESSION_COOKIE, sign(session.id, this.options.secret), {
      httpOnly: true,
      sameSite: 'lax',
      secure: this.options.secure,
      path: '/',
      maxAge: ttlSeconds * 1000,
      encode: (v: string) => v,
    });
    this.guardCookie(res, session.id);
    return true;
  }

  /** True while this instance rotated `id` away less than ROTATED_TOMBSTONE_SECONDS ago. */
  private rotatedHere(id: string): boolean {
    const until = this.rotatedIds.get(id);
    if (until === undefined) return false;
    if (until > Date.now()) return true;
    this.rotatedIds.delete(id);
    return false;
  }

  /**
   * A read saves early (its shopper token) and answers later (its upstream calls): when a login or
   * logout rotated the id meanwhile, the renewed cookie it set would land after the rotation's and
   * put the old id back in the browser, signing the owner out (issue 30). So the cookie is checked
   * once more as the headers leave: an id this instance rotated away meanwhile is taken out.
   */
  private guardCookie(res: Response, id: string): void {
    this.cookieIds.set(res, id);
    if (this.guarded.has(res) || typeof res.writeHead !== 'function') return;
    this.guarded.add(res);
    const writeHead = res.writeHead;
    res.writeHead = ((...args: Parameters<Response['writeHead']>) => {
      const named = this.cookieIds.get(res);
      if (named !== undefined && this.rotatedHere(named)) Sessions.dropCookie(res);
      return writeHead.apply(res, args);
    }) as Response['writeHead'];
  }

  /** Deletes the session and clears the cookie (a store failure throws before the cookie is touched). */
  async destroy(res: Response, session: SessionData): Promise<void> {
    await this.options.store.delete(session.id);
    this.savedFor.delete(res);
    this.cookieIds.delete(res);
    res.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'lax', secure: this.options.secure, path: '/' });
  }
}
