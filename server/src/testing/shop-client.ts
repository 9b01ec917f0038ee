/**
 * A test shopper for route tests: one cookie jar and CSRF token against a proxy started with
 * startTestServer, and every answer checked against proxy.yaml.
 */
import type { OperationId } from '../../../generated/proxy/operations.ts';
import { expectConforms } from './conformance.ts';

export interface ShopAnswer {
  response: Response;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- validated by expectConforms; tests read it loosely
  body: any;
}

export class TestShopper {
  private cookie = '';
  private csrf = '';
  private readonly url: (path: string) => string;

  constructor(url: (path: string) => string) {
    this.url = url;
  }

  /**
   * Opens a session (cookie and CSRF token); again after a started login, which rotates the session
   * away (storefront §4), as the page the identity provider sends the browser back to does.
   */
  async start(query = ''): Promise<this> {
    const answer = await this.call('getSession', 'GET', `/api/session${query}`);
    this.csrf = answer.body.csrfToken;
    return this;
  }

  /** The session cookie and CSRF token, for requests outside the API (a page's form). */
  credentials(): { cookie: string; csrf: string } {
    return { cookie: this.cookie, csrf: this.csrf };
  }

  async call(
    operationId: OperationId,
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<ShopAnswer> {
    const response = await fetch(this.url(path), {
      method,
      redirect: 'manual',
      headers: {
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...(method === 'GET' ? {} : { 'x-csrf-token': this.csrf }),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const set = response.headers.get('set-cookie');
    if (set) this.cookie = set.split(';')[0]!;
    const text = await response.text();
    const parsed = (response.headers.get('content-type') ?? '').includes('json') && text ? JSON.parse(text) : text;
    // A login or logout rotates the CSRF token with the session id (issue 16): the browser adopts it.
    if (this.csrf && typeof parsed?.session?.csrfToken === 'string') this.csrf = parsed.session.csrfToken;
    expectConforms(operationId, response, parsed);
    return { response, body: parsed };
  }
}

export const GUEST_ADDRESS = {
  firstName: 'Gus',
  lastName: 'Guest',
  countryCode: 'GB',
  address1: '1 High Street',
  city: 'London',
  postalCode: 'SW1A 1AA',
} as const;

/** A guest basket ready for payment: renewal item, e-mail, shipping address and method, billing address. */
export async function readyBasket(
  shopper: TestShopper,
  options: { vin?: string; variantId?: string; address?: Record<string, unknown>; locale?: string } = {},
): Promise<void> {
  const vin = options.vin ?? 'ZAAAA1000AA000001';
  const locale = options.locale ?? 'en-GB';
  const page = await shopper.call(
    'getRenewalPage',
    'GET',
    `/api/renewal/cn-connected-navigation?carvin=${vin}&locale=${locale}`,
  );
  if (page.response.status !== 200) throw new Error(`renewal page ${page.response.status}`);
  const address = options.address ?? GUEST_ADDRESS;
  const steps: Array<[OperationId, string, string, unknown]> = [
    [
      'renewItem',
      'POST',
      '/api/basket/items',
      { productId: 'cn-connected-navigation', variantId: options.variantId ?? 'cn-connected-navigation-12m' },
    ],
    ['setCustomerEmail', 'PUT', '/api/basket/customer', { email: 'gus.guest@example.com' }],
    ['setShippingAddress', 'PUT', '/api/basket/shipping-address', address],
    ['setShippingMethod', 'PUT', '/api/basket/shipping-method', { id: 'DIGITAL' }],
    ['setBillingAddress', 'PUT', '/api/basket/billing-address', address],
  ];
  for (const [op, method, path, body] of steps) {
    const answer = await shopper.call(op, method, path, body);
    if (answer.response.status !== 200)
      throw new Error(`${op} ${answer.response.status} ${JSON.stringify(answer.body)}`);
  }
}
