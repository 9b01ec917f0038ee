import { describe, expect, it } from 'vitest';
import { FILTERED, isPersonalKey, scrubBreadcrumb, scrubEvent, scrubText, scrubValue } from './error-report.ts';

// Issue 15: error reports carry "no personal data (no e-mail, name, VIN, card or address in events;
// scrubbed before sending)". The seed's shoppers, VINs and test cards are DESIGN.md's.
describe('scrubText', () => {
  it.each<[string, string, string]>([
    ['an e-mail address', 'no customer alex.owner@example.com', 'no customer [email]'],
    ['a percent-encoded e-mail address', 'login_hint=kim.driver%40example.com', 'login_hint=[email]'],
    ['an e-mail address with a plus', 'sent to sam+shop@mail.example.co.uk.', 'sent to [email].'],
    ['a VIN', 'vehicle ZAAAA1000AA000001 not found', 'vehicle [vin] not found'],
    ['a lower-case VIN', 'vin zbbbb1000bb000006', 'vin [vin]'],
    ['a card number', 'card 4242424242424242 refused', 'card [card] refused'],
    ['a card number in groups', 'card 4000 0027 6000 3184', 'card [card]'],
    ['a card number with hyphens', '4000-0082-6000-0000 ok', '[card] ok'],
    ['an IBAN in groups', 'iban GB82 WEST 1234 5698 7654 32 paid', 'iban [iban] paid'],
    ['an IBAN in one piece', 'DE89370400440532013000', '[iban]'],
    [
      'a query string on a path',
      'GET /api/vehicles/lookup?vin=ev1.nlOjBpzz&x=1 failed',
      'GET /api/vehicles/lookup failed',
    ],
    [
      'a query string on a URL',
      'http://localhost:3000/en-GB/service/cn?token=mt-000001',
      'http://localhost:3000/en-GB/service/cn',
    ],
  ])('when the text holds %s, then it is replaced', (_what, text, scrubbed) => {
    expect(scrubText(text)).toBe(scrubbed);
  });

  it.each<[string, string]>([
    ['a number failing the Luhn check', 'order 4242424242424241'],
    ['an order number', 'order 00001046 failed'],
    ['a request id (a UUID)', 'request 3f2c6a1e-8b1d-4c7e-9f0a-2b6d4e8c1a77'],
    ['an event id (32 hex digits)', 'event 0f8e3c1b2a4d4e6f8a9b0c1d2e3f4a5b'],
    ['17 letters without a digit', 'ABCDEFGHJKLMNPRST'],
    ['a string that looks like an IBAN but fails its check', 'GB00 WEST 1234 5698 7654 32'],
    ['a question', 'Why did this fail? Try again?'],
    ['an asset path', '/assets/app-DVajRdF4.js:1:2345'],
  ])('when the text holds %s, then it is kept', (_what, text) => {
    expect(scrubText(text)).toBe(text);
  });
});

describe('isPersonalKey', () => {
  it.each<[string, boolean]>([
    ['name', true],
    ['firstName', true],
    ['last_name', true],
    ['email', true],
    ['customerEmail', true],
    ['address1', true],
    ['billingAddress', true],
    ['postalCode', true],
    ['vin', true],
    ['carvin', true],
    ['csrfToken', true],
    ['Authorization', true],
    ['cookie', true],
    ['cardNumber', true],
    ['ip_address', true],
    ['filename', false],
    ['request_id', false],
    ['status_code', false],
    ['url', false],
    ['method', false],
  ])('when the key is %s, then personal is %s', (key, personal) => {
    expect(isPersonalKey(key)).toBe(personal);
  });
});

describe('scrubValue', () => {
  it('when nested objects and arrays hold personal keys and texts, then every level is scrubbed', () => {
    const value = {
      shopper: { firstName: 'Alex', lastName: 'Owner', email: 'alex.owner@example.com', locale: 'en-GB' },
      lines: ['renewal of ZAAAA1000AA000001', { address: { city: 'London', line1: '10 Downing Street' } }],
      frame: { function: 'pay', vars: { card: '4242424242424242' } },
      count: 3,
      ok: true,
      none: null,
    };
    expect(scrubValue(value)).toEqual({
      shopper: { firstName: FILTERED, lastName: FILTERED, email: FILTERED, locale: 'en-GB' },
      lines: ['renewal of [vin]', { address: FILTERED }],
      frame: { function: 'pay' },
      count: 3,
      ok: true,
      none: null,
    });
  });
});

describe('scrubBreadcrumb', () => {
  it("when a fetch breadcrumb names a VIN in its URL's query, then the query goes and the status stays", () => {
    const crumb = {
      category: 'fetch',
      type: 'http',
      data: { method: 'GET', url: '/api/vehicles/lookup?vin=ZAAAA1000AA000001', status_code: 502, request_id: 'r-1' },
    };
    expect(scrubBreadcrumb(crumb)).toEqual({
      category: 'fetch',
      type: 'http',
      data: { method: 'GET', url: '/api/vehicles/lookup', status_code: 502, request_id: 'r-1' },
    });
  });

  it('when a console breadcrumb logs an object with a name and an e-mail, then both are filtered', () => {
    const crumb = {
      category: 'console',
      message: 'saving alex.owner@example.com',
      data: { arguments: [{ name: 'Alex' }] },
    };
    expect(scrubBreadcrumb(crumb)).toEqual({
      category: 'console',
      message: 'saving [email]',
      data: { arguments: [{ name: FILTERED }] },
    });
  });
});

describe('scrubEvent', () => {
  const event = {
    event_id: '0f8e3c1b2a4d4e6f8a9b0c1d2e3f4a5b',
    level: 'error',
    release: 'vehicle-services-shop@0.1.0',
    environment: 'sandbox',
    tags: { request_id: '3f2c6a1e-8b1d-4c7e-9f0a-2b6d4e8c1a77', email: 'alex.owner@example.com' },
    user: { id: 'alex', email: 'alex.owner@example.com', ip_address: '203.0.113.7', username: 'alex' },
    request: {
      method: 'PUT',
      url: 'http://localhost:3000/api/basket/customer?email=alex.owner@example.com',
      query_string: 'email=alex.owner@example.com',
      data: { email: 'alex.owner@example.com' },
      cookies: { shop_session: 's3cret' },
      env: { REMOTE_ADDR: '203.0.113.7' },
      headers: {
        'User-Agent': 'Mozilla/5.0',
        Cookie: 'shop_session=s3cret',
        Referer: 'http://localhost:3000/en-GB/checkout?carvin=ZAAAA1000AA000001',
        'X-Request-Id': '3f2c6a1e-8b1d-4c7e-9f0a-2b6d4e8c1a77',
        'X-Forwarded-For': '203.0.113.7',
      },
    },
    exception: {
      values: [
        {
          type: 'AppError',
          value: 'No vehicle ZAAAA1000AA000001 for alex.owner@example.com',
          stacktrace: {
            frames: [{ filename: 'server/src/x.ts', function: 'lookup', vars: { vin: 'ZAAAA1000AA000001' } }],
          },
        },
      ],
    },
    breadcrumbs: [{ category: 'fetch', data: { url: '/api/address/find?text=10%20Downing%20Street' } }],
    extra: { shopper: { firstName: 'Alex', lastName: 'Owner' } },
    contexts: {
      browser: { name: 'Chrome', version: '140' },
      os: { name: 'Linux' },
      device: { name: "Alex's phone", family: 'Desktop' },
      shopper: { name: 'Alex Owner' },
    },
    sdk: { name: 'sentry.javascript.browser', version: '11.12.0', packages: [{ name: 'npm:@sentry/browser' }] },
  };

  it('when an event has a user, then it goes', () => {
    expect(scrubEvent(event)).not.toHaveProperty('user');
  });

  it('when an event has a request, then it keeps the method, the URL without query and the safe headers only', () => {
    expect(scrubEvent(event).request).toEqual({
      method: 'PUT',
      url: 'http://localhost:3000/api/basket/customer',
      headers: { 'User-Agent': 'Mozilla/5.0', 'X-Request-Id': '3f2c6a1e-8b1d-4c7e-9f0a-2b6d4e8c1a77' },
    });
  });

  it('when an event carries personal data anywhere, then none of it is left in the whole event', () => {
    const text = JSON.stringify(scrubEvent(event));
    for (const personal of [
      'alex.owner@example.com',
      'ZAAAA1000AA000001',
      'Alex',
      'Owner',
      'Downing',
      '203.0.113.7',
      's3cret',
    ]) {
      expect(text).not.toContain(personal);
    }
  });

  it("when an event names the SDK, the browser and the OS, then those names stay (they are software's)", () => {
    const scrubbed = scrubEvent(event);
    expect(scrubbed.sdk).toEqual(event.sdk);
    expect(scrubbed.contexts.browser).toEqual({ name: 'Chrome', version: '140' });
    expect(scrubbed.contexts.os).toEqual({ name: 'Linux' });
    expect(scrubbed.contexts.device).toEqual({ name: FILTERED, family: 'Desktop' });
    expect(scrubbed.contexts.shopper).toEqual({ name: FILTERED });
  });

  it('when an event has tags, a release and an environment, then they stay but a personal tag', () => {
    const scrubbed = scrubEvent(event);
    expect(scrubbed.tags).toEqual({ request_id: '3f2c6a1e-8b1d-4c7e-9f0a-2b6d4e8c1a77', email: FILTERED });
    expect(scrubbed.release).toBe('vehicle-services-shop@0.1.0');
    expect(scrubbed.environment).toBe('sandbox');
    expect(scrubbed.exception.values[0]!.value).toBe('No vehicle [vin] for [email]');
    expect(scrubbed.exception.values[0]!.stacktrace.frames[0]).toEqual({
      filename: 'server/src/x.ts',
      function: 'lookup',
    });
  });

  it('when breadcrumbs come in the { values } shape, then they are scrubbed in that shape', () => {
    const scrubbed = scrubEvent({ breadcrumbs: { values: [{ message: 'kim.driver@example.com' }] } });
    expect(scrubbed.breadcrumbs).toEqual({ values: [{ message: '[email]' }] });
  });
});
