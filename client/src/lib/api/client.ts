/**
 * The one place that creates the proxy client (openapi/proxy.yaml via openapi-fetch). Calls go to
 * /api on the same origin with the session cookie; every POST, PUT, PATCH and DELETE carries the
 * session's X-CSRF-Token (fetched from GET /session when not known yet). Only the operation files
 * in an `api/` folder use it (one file per operation; ESLint keeps it there).
 *
 * openapi-fetch loads with the first call, or once the app is idle (`preloadProxyClient`): a page
 * the server rendered asks the proxy nothing before it is usable, and the first route's JavaScript
 * is held to 100 KB (issue 12).
 */
import type { components, ProxyClient } from '../../../../generated/proxy/client.ts';
import { readsHeld } from './read-hold.ts';

export type { components };
export type { operationTypes } from '../../../../generated/proxy/client.ts';
export type Problem = components['schemas']['Problem'];

/** A failed proxy call: the HTTP status and the problem+json body (none when the answer had no body). */
export class ApiError extends Error {
  readonly status: number;
  readonly problem: Problem | undefined;
  constructor(status: number, problem: Problem | undefined) {
    super(problem?.detail ?? `Request failed with status ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.problem = problem;
  }
}

let loading: Promise<ProxyClient> | undefined;

function proxyClient(): Promise<ProxyClient> {
  loading ??= import('../../../../generated/proxy/client.ts').then(
    ({ createProxyClient }) => {
      const client = createProxyClient({
        // An absolute base: Request objects need one outside the browser (tests), and it is the same origin.
        baseUrl: `${globalThis.location?.origin ?? ''}/api`,
        credentials: 'same-origin',
        // Looked up on every call (not captured once), so tests can stand in for the network.
        fetch: (request: Request) => globalThis.fetch(request),
      });
      client.use(csrfMiddleware);
      return client;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** Loads the client ahead of the first call (boot.tsx, once the page has hydrated). */
export function preloadProxyClient(): void {
  proxyClient().catch(() => undefined);
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const forward = <M extends Method>(method: M) =>
  ((...args: unknown[]) =>
    // A read waits while the login's return page holds reads (read-hold.ts); a change never does.
    Promise.all([proxyClient(), method === 'GET' ? readsHeld() : undefined]).then(([client]) =>
      (client[method] as (...call: unknown[]) => unknown)(...args),
    )) as ProxyClient[M];

/** The proxy's operations by method and path, typed by the contract (openapi-fetch's client). */
export const api: Pick<ProxyClient, Method> = {
  GET: forward('GET'),
  POST: forward('POST'),
  PUT: forward('PUT'),
  PATCH: forward('PATCH'),
  DELETE: forward('DELETE'),
};

let csrfToken: string | undefined;

/** Remembers the CSRF token of the latest session response (call it wherever GET /session is read). */
export function setCsrfToken(token: string | undefined): void {
  csrfToken = token;
}

async function currentCsrfToken(): Promise<string | undefined> {
  if (csrfToken) return csrfToken;
  // Past any hold of reads: the login's own call needs the token (read-hold.ts).
  const { data } = await (await proxyClient()).GET('/session');
  csrfToken = data?.csrfToken;
  return csrfToken;
}

/**
 * The contract declares X-CSRF-Token on every state-changing call; the middleware below fills in
 * the session's token, so callers pass this placeholder: `params: { header: CSRF }`.
 */
export const CSRF = { 'X-CSRF-Token': '' } as const;

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const csrfMiddleware: Parameters<ProxyClient['use']>[0] = {
  async onRequest({ request }) {
    if (SAFE_METHODS.has(request.method.toUpperCase())) return undefined;
    const token = await currentCsrfToken();
    if (token) request.headers.set('X-CSRF-Token', token);
    return request;
  },
  onResponse({ request, response }) {
    if (response.status === 403 && !SAFE_METHODS.has(request.method.toUpperCase())) csrfToken = undefined;
    return undefined;
  },
};

type Result<T> = { data?: T; error?: Problem; response: Response };

/**
 * Turns an openapi-fetch result into an SWR fetcher result: the data, or a thrown ApiError that SWR
 * hands back as `error`. Use as `request(api.GET(...))` in an operation's fetcher.
 */
export async function request<T>(call: Promise<Result<T>>): Promise<T> {
  const { data, error, response } = await call;
  if (error !== undefined || !response.ok) throw new ApiError(response.status, error);
  return data as T;
}
