/**
 * Client tests talk to a stubbed proxy: each handler answers one method and path with a body,
 * usually a named example of openapi/proxy.yaml (so the stubs are what the contract promises).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { vi } from 'vitest';
import { parse } from 'yaml';

interface Contract {
  components: { examples: Record<string, { value: unknown }> };
  paths: Record<
    string,
    Record<
      string,
      { responses: Record<string, { content?: Record<string, { examples?: Record<string, { value: unknown }> }> }> }
    >
  >;
}
let contract: Contract | undefined;

/** A named example of components.examples in proxy.yaml, as a fresh copy. */
export function contractExample<T = unknown>(name: string): T {
  contract ??= parse(readFileSync(path.resolve(process.cwd(), 'openapi/proxy.yaml'), 'utf8')) as Contract;
  const example = contract.components.examples[name];
  if (!example) throw new Error(`proxy.yaml has no example '${name}'`);
  return structuredClone(example.value) as T;
}

/** A named example of one operation's answer in proxy.yaml (`/account/subscriptions`, 'get', 200, 'noSubscriptions'). */
export function operationExample<T = unknown>(route: string, method: string, status: number, name: string): T {
  contract ??= parse(readFileSync(path.resolve(process.cwd(), 'openapi/proxy.yaml'), 'utf8')) as Contract;
  const content = contract.paths[route]?.[method]?.responses[String(status)]?.content ?? {};
  const example = Object.values(content).find((media) => media.examples?.[name])?.examples?.[name];
  if (!example) throw new Error(`proxy.yaml has no example '${name}' for ${method} ${route} ${status}`);
  return structuredClone(example.value) as T;
}

export type StubAnswer = { status?: number; body?: unknown };
export type StubHandler = [method: string, path: RegExp, answer: StubAnswer | ((request: Request) => StubAnswer)];

export interface ApiStub {
  calls: Array<{ method: string; path: string; body: unknown }>;
}

/** Replaces fetch: the first handler matching method and path answers; anything else is a 404 problem. */
export function stubApi(handlers: StubHandler[]): ApiStub {
  const stub: ApiStub = { calls: [] };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'), init);
      const url = new URL(request.url, 'http://localhost');
      const text = request.method === 'GET' ? '' : await request.clone().text();
      stub.calls.push({
        method: request.method,
        path: url.pathname + url.search,
        body: text ? JSON.parse(text) : undefined,
      });
      const match = handlers.find(([method, pattern]) => method === request.method && pattern.test(url.pathname));
      const answer = match
        ? typeof match[2] === 'function'
          ? match[2](request)
          : match[2]
        : { status: 404, body: { title: 'Not found', status: 404 } };
      const status = answer.status ?? 200;
      return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
        status,
        headers: { 'content-type': status >= 400 ? 'application/problem+json' : 'application/json' },
      });
    }),
  );
  return stub;
}

export const SESSION_STUB: StubHandler = [
  'GET',
  /\/api\/session$/,
  {
    body: {
      authType: 'guest',
      customer: null,
      csrfToken: 'csrf-test-token',
      basketItemCount: 0,
      site: 'aurora',
      locale: 'en-GB',
    },
  },
];

/** Sandbox mode's Adyen set-up: the card form of an Adyen market (checkout and account). */
export const ADYEN_SANDBOX_SETUP_STUB: StubHandler = [
  'POST',
  /\/api\/checkout\/payment-setup$/,
  {
    body: {
      provider: 'adyen',
      clientKey: 'test_SANDBOXCLIENTKEY',
      environment: 'test',
      paymentMethods: [{ type: 'scheme', name: 'Cards', brands: ['visa', 'mc'] }],
      sandbox: true,
    },
  },
];

/**
 * Sandbox mode's Stripe set-up of a card market (checkout): the Elements group's options, and the
 * account's saved card where one is offered (storefront §6).
 */
export function stripeSandboxSetupStub(currency = 'gbp', savedPaymentMethod: object | null = null): StubHandler {
  return [
    'POST',
    /\/api\/checkout\/payment-setup$/,
    {
      body: {
        provider: 'stripe',
        publishableKey: 'pk',
        paymentMethodTypes: ['card'],
        elementsOptions: {
          mode: 'setup',
          currency,
          paymentMethodCreation: 'manual',
          allowedPaymentMethodTypes: ['card'],
        },
        savedPaymentMethod,
        sandbox: true,
      },
    },
  ];
}

/** The sandbox's Stripe card token (the PaymentMethod the sandbox card form creates). */
export const STRIPE_CARD_TOKEN_STUB: StubHandler = [
  'POST',
  /\/api\/sandbox\/card-tokens$/,
  {
    status: 201,
    body: { provider: 'stripe', token: 'pm_sandbox', brand: 'visa', last4: '0002', expMonth: 12, expYear: 2030 },
  },
];

/** The sandbox's Adyen card token for a card number (the encrypted fields Adyen's component yields). */
export function adyenCardTokenStub(number: string, brand: string): StubHandler {
  return [
    'POST',
    /\/api\/sandbox\/card-tokens$/,
    {
      status: 201,
      body: {
        provider: 'adyen',
        encryptedCardNumber: `test_${number}`,
        encryptedExpiryMonth: 'test_12',
        encryptedExpiryYear: 'test_2030',
        encryptedSecurityCode: 'test_123',
        brand,
        last4: number.slice(-4),
        expMonth: 12,
        expYear: 2030,
      },
    },
  ];
}
