/**
 * Session cookies across instances and secret rotation (issue 16 "Session hygiene across
 * instances"): a cookie signed by one instance is accepted by any other with the same
 * SESSION_SECRET; SESSION_PREVIOUS_SECRETS keeps earlier signatures valid and the next save
 * re-signs with the current secret; a save that changed nothing only renews the lifetime, and the
 * cookie is sent again only when due for renewal.
 */
import { pino } from 'pino';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createServer, type ProxyServer } from './server.ts';
import { COOKIE_RENEWAL_SECONDS, type SessionData } from './session.ts';
import { MemorySessionStore } from './state/memory-session-store.ts';
import { sign } from './session-cookie.ts';
import { configProblems, sessionCookie, testConfig } from './test-helpers.ts';

const OLD_SECRET = 'old-secret-'.padEnd(40, 'o');
const NEW_SECRET = 'new-secret-'.padEnd(40, 'n');

/** Counts how the store is written (a whole record, new or updated, or only its lifetime). */
class CountingStore extends MemorySessionStore {
  sets = 0;
  touches = 0;
  override async set(data: SessionData, ttlSeconds: number) {
    this.sets += 1;
    return super.set(data, ttlSeconds);
  }
  override async update(data: SessionData, ttlSeconds: number) {
    this.sets += 1;
    return super.update(data, ttlSeconds);
  }
  override async touch(id: string, ttlSeconds: number) {
    this.touches += 1;
    return super.touch(id, ttlSeconds);
  }
}

const store = new CountingStore();
const servers: ProxyServer[] = [];

/** An instance over the shared store with these secrets; its URL maker. */
async function instance(env: Record<string, string>) {
  const server = createServer(testConfig(env), {
    logger: pino({ level: 'silent' }),
    serveClient: false,
    sessionStore: store,
  });
  servers.push(server);
  const port = await server.start(0);
  return (path: string) => `http://127.0.0.1:${port}${path}`;
}

afterAll(async () => {
  for (const server of servers) await server.stop();
});

const open = async (url: (path: string) => string, cookie?: string) => {
  const response = await fetch(url('/api/session'), cookie ? { headers: { cookie } } : {});
  const body = (await response.json()) as { csrfToken: string };
  return { response, body, cookie: response.headers.getSetCookie().length ? sessionCookie(response) : undefined };
};

describe('session cookies across instances', () => {
  it('when one instance signed the cookie, then another with the same SESSION_SECRET serves that session', async () => {
    const [a, b] = [await instance({ SESSION_SECRET: NEW_SECRET }), await instance({ SESSION_SECRET: NEW_SECRET })];
    const first = await open(a);
    const second = await open(b, first.cookie);
    expect(second.body.csrfToken).toBe(first.body.csrfToken);
  });

  it('when the secret was rotated with the old one in SESSION_PREVIOUS_SECRETS, then an old cookie still works and is re-signed with the new secret', async () => {
    const before = await instance({ SESSION_SECRET: OLD_SECRET });
    const after = await instance({
      SESSION_SECRET: NEW_SECRET,
      SESSION_PREVIOUS_SECRETS: `x${OLD_SECRET},${OLD_SECRET}`,
    });
    const onlyNew = await instance({ SESSION_SECRET: NEW_SECRET });
    const opened = await open(before);
    const id = opened.cookie!.slice('shop_session='.length).split('.')[0]!;
    expect(opened.cookie).toBe(`shop_session=${sign(id, OLD_SECRET)}`);

    const read = await open(after, opened.cookie);
    expect(read.body.csrfToken).toBe(opened.body.csrfToken);
    expect(read.cookie).toBe(`shop_session=${sign(id, NEW_SECRET)}`);
    // Re-signed, the cookie no longer needs the previous secret.
    expect((await open(onlyNew, read.cookie)).body.csrfToken).toBe(opened.body.csrfToken);
    // Without the previous secret the old signature names nothing: a new session.
    expect((await open(onlyNew, opened.cookie)).body.csrfToken).not.toBe(opened.body.csrfToken);
  });

  it('when a cookie is signed with a secret neither current nor previous, then it names no session', async () => {
    const url = await instance({ SESSION_SECRET: NEW_SECRET, SESSION_PREVIOUS_SECRETS: OLD_SECRET });
    const opened = await open(url);
    const id = opened.cookie!.slice('shop_session='.length).split('.')[0]!;
    const forged = await open(url, `shop_session=${sign(id, 'someone-elses-secret'.padEnd(40, 'x'))}`);
    expect(forged.body.csrfToken).not.toBe(opened.body.csrfToken);
    expect(forged.cookie).not.toContain(id);
  });

  it('when SESSION_PREVIOUS_SECRETS holds a short secret, then the configuration is refused', () => {
    expect(configProblems({ SESSION_PREVIOUS_SECRETS: `${OLD_SECRET},short` })).toEqual([
      'SESSION_PREVIOUS_SECRETS: each secret must be at least 32 characters',
    ]);
    expect(testConfig({ SESSION_PREVIOUS_SECRETS: ` ${OLD_SECRET} , ${NEW_SECRET}` }).sessionPreviousSecrets).toEqual([
      OLD_SECRET,
      NEW_SECRET,
    ]);
    expect(testConfig().sessionPreviousSecrets).toEqual([]);
  });
});

describe('saving', () => {
  it('when a request changed nothing in the session, then only its lifetime is renewed; a change writes it', async () => {
    const url = await instance({ SESSION_SECRET: NEW_SECRET });
    const opened = await open(url);
    const written = { sets: store.sets, touches: store.touches };
    const again = await open(url, opened.cookie);
    // The browser holds a fresh cookie: the answer sends none (COOKIE_RENEWAL_SECONDS).
    expect(again.cookie).toBeUndefined();
    expect(store.sets).toBe(written.sets);
    expect(store.touches).toBe(written.touches + 1);
    await fetch(url('/api/session?locale=fr-FR'), { headers: { cookie: opened.cookie! } });
    expect(store.sets).toBe(written.sets + 1);
  });

  it('when the browser holds a fresh cookie, then answers carry none; once COOKIE_RENEWAL_SECONDS have passed, the next renews its lifetime (issue 32)', async () => {
    const url = await instance({ SESSION_SECRET: NEW_SECRET });
    const opened = await open(url);
    const maxAge = (response: Response) => /Max-Age=(\d+)/.exec(response.headers.getSetCookie().join())?.[1];
    expect(maxAge(opened.response)).toBe(String(10 * 86_400));
    expect((await open(url, opened.cookie)).cookie).toBeUndefined();
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + COOKIE_RENEWAL_SECONDS * 1000 });
    try {
      const renewed = await open(url, opened.cookie);
      expect(renewed.cookie).toBe(opened.cookie);
      expect(maxAge(renewed.response)).toBe(String(10 * 86_400));
      // Renewed once, not on every answer after.
      expect((await open(url, opened.cookie)).cookie).toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });
});
