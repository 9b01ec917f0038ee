/**
 * A browser of the shop for proxy tests against the in-process sandbox: it keeps the session cookie
 * and the CSRF token, checks every answer against proxy.yaml, reads and changes the server-side
 * session, and signs in through the identity provider's pages as a person does.
 */
import { expectConforms } from './conformance.ts';
import { SANDBOX_PASSWORD, SHOPPERS } from '../../../mocks/sandbox/src/seed.ts';
import type { OperationId } from '../../../generated/proxy/operations.ts';
import type { ProxyServer } from '../server.ts';
import type { SessionData } from '../session.ts';
import { sessionCookie } from '../test-helpers.ts';

/** The proxy and sandbox under test (read when used: tests start them in beforeAll). */
export interface ShopUnderTest {
  readonly server: ProxyServer;
  url(path: string): string;
  /** The sandbox's origin. */
  readonly root: string;
}

/** A browser of the shop: the session cookie and the CSRF token. */
export class ShopBrowser {
  private readonly shop: ShopUnderTest;

  constructor(shop: ShopUnderTest) {
    this.shop = shop;
  }

  /** The sandbox's origin. */
  get root(): string {
    return this.shop.root;
  }

  cookie = '';
  csrf = '';

  async call(operationId: OperationId, path: string, init: RequestInit = {}) {
    const headers: Record<string, string> = { ...(init.headers as Record<string, string>) };
    if (this.cookie) headers.cookie = this.cookie;
    if (this.csrf && init.method && init.method !== 'GET') headers['x-csrf-token'] = this.csrf;
    if (init.body) headers['content-type'] = 'application/json';
    const response = await fetch(this.shop.url(path), { ...init, headers });
    if (response.headers.getSetCookie().some((c) => c.startsWith('shop_session='))) {
      this.cookie = sessionCookie(response);
    }
    const text = await response.text();
    const body = (response.headers.get('content-type') ?? '').includes('json') ? JSON.parse(text) : text;
    // A login or logout rotates the CSRF token with the session id (issue 16): the browser adopts it.
    if (this.csrf && typeof body?.session?.csrfToken === 'string') this.csrf = body.session.csrfToken;
    expectConforms(operationId, response, body);
    // A started login rotates the session id away (storefront §4) and the browser leaves for the identity
    // provider; the page it comes back to reads the session, and its new CSRF token, again.
    if (operationId === 'startLogin' && this.csrf && response.ok) await this.open();
    return { response, body: body as any };
  }

  async open() {
    const { body } = await this.call('getSession', '/api/session');
    this.csrf = body.csrfToken;
    return body;
  }

  /** The server-side session (tokens included), read from the proxy's store. */
  async stored(): Promise<SessionData> {
    const value = this.cookie.slice('shop_session='.length);
    const id = value.slice(0, value.lastIndexOf('.'));
    const data = await this.shop.server.context.sessions.options.store.get(id);
    if (!data) throw new Error('no stored session');
    return data;
  }

  async update(change: (s: SessionData) => void) {
    const data = await this.stored();
    change(data);
    await this.shop.server.context.sessions.options.store.set(data, 3600);
  }
}

/** Follows the identity provider's sign-in with a cookie jar until it sends the browser back to the shop. */
export async function signIn(root: string, authorizeUrl: string, email: string): Promise<URL> {
  const cookies = new Map<string, string>();
  const send = async (target: string, init: RequestInit = {}) => {
    const cookie = [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await fetch(target, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), ...(cookie ? { cookie } : {}) },
    });
    for (const line of res.headers.getSetCookie()) {
      const pair = line.split(';')[0]!;
      const at = pair.indexOf('=');
      cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    return res;
  };
  const follow = async (res: Response): Promise<Response | URL> => {
    let current = res;
    while (current.status >= 300 && current.status < 400) {
      const location = new URL(current.headers.get('location')!, current.url);
      if (!location.href.startsWith(root)) return location;
      current = await send(location.href);
    }
    return current;
  };
  const page = await follow(await send(authorizeUrl));
  if (page instanceof URL) throw new Error('expected the sign-in page');
  const html = await page.text();
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
  if (!action) throw new Error(`no sign-in form (${page.status}): ${html.slice(0, 300)}`);
  const done = await follow(
    await send(new URL(action, root).href, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email, password: SANDBOX_PASSWORD, action: 'login' }).toString(),
    }),
  );
  if (!(done instanceof URL)) throw new Error(`sign-in did not return to the shop (${done.status})`);
  return done;
}

export const emailOf = (handle: string) => SHOPPERS.find((s) => s.handle === handle)!.email;

/** Signs `shopper` in as a seeded shopper of DESIGN.md (alex by default), the way a browser does. */
export async function logIn(shopper: ShopBrowser, handle = 'alex', returnTo = '/account/my-subscriptions') {
  await shopper.open();
  await shopper.call('createGuestSession', '/api/session/guest', { method: 'POST' });
  const start = await shopper.call('startLogin', `/api/session/login?returnTo=${encodeURIComponent(returnTo)}`);
  const back = await signIn(shopper.root, start.body.authorizeUrl, emailOf(handle));
  return shopper.call('completeLogin', '/api/session/login/callback', {
    method: 'POST',
    body: JSON.stringify({
      code: back.searchParams.get('code'),
      state: back.searchParams.get('state'),
      kind: 'forgerock',
    }),
  });
}
