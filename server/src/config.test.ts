import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { configProblems, liveEnv } from './test-helpers.ts';
import { contentSecurityPolicy } from './security.ts';
import { CREDENTIALS } from '../../mocks/sandbox/src/seed.ts';

const problemsOf = configProblems;

describe('configuration', () => {
  it('when nothing is set, then sandbox mode on port 3000 with the sandbox base URLs and credentials', () => {
    const config = loadConfig({});
    expect(config.mode).toBe('sandbox');
    expect(config.port).toBe(3000);
    expect(config.baseUrls.adyen).toBe('http://localhost:4010/adyen/v71');
    expect(config.baseUrls.identity).toBe('http://localhost:4010/identity/am/oauth2/realms/root/realms/alpha');
    expect(config.credentials.serviceToken).toBe('sandbox-service-token');
    expect(config.credentials.commerce.clientIds).toEqual({
      aurora: 'aurora-storefront',
      borealis: 'borealis-storefront',
    });
    expect(config.sites.defaultSite).toBe('aurora');
    expect(config.sessionSecret.length).toBeGreaterThanOrEqual(32);
  });

  it('when UPSTREAM=prism, then each upstream is its Prism root on 4011-4017', () => {
    const config = loadConfig({ UPSTREAM: 'prism' });
    expect(config.baseUrls.commerce).toBe('http://127.0.0.1:4011');
    expect(config.baseUrls.loqate).toBe('http://127.0.0.1:4017');
  });

  it('when values are malformed, then every problem is listed by variable', () => {
    const problems = problemsOf({ UPSTREAM: 'staging', PORT: 'abc', BODY_LIMIT: 'lots' });
    expect(problems.some((p) => p.startsWith('UPSTREAM:'))).toBe(true);
    expect(problems.some((p) => p.startsWith('PORT:'))).toBe(true);
    expect(problems.some((p) => p.startsWith('BODY_LIMIT:'))).toBe(true);
  });

  it("when ADYEN_ENVIRONMENT is not one of Adyen Web's environments, then it is named; unset, it is test", () => {
    expect(problemsOf({ ADYEN_ENVIRONMENT: 'production' }).some((p) => p.startsWith('ADYEN_ENVIRONMENT:'))).toBe(true);
    expect(loadConfig({}).credentials.adyen.environment).toBe('test');
    expect(loadConfig({ ADYEN_ENVIRONMENT: 'live-au' }).credentials.adyen.environment).toBe('live-au');
  });

  it('when live mode lacks its secrets and base URLs, then each missing one is named', () => {
    const problems = problemsOf({ UPSTREAM: 'live' });
    expect(problems).toContain('SESSION_SECRET: required in live mode and in production');
    expect(problems).toContain('COMMERCE_BASE_URL: required in live mode');
    expect(problems).toContain('STRIPE_SECRET_KEY: required in live mode');
    expect(problems).toContain('ADYEN_API_KEY: required in live mode');
    expect(problems).toContain('LOQATE_KEY: required in live mode');
    expect(() => loadConfig({ UPSTREAM: 'live' })).toThrow(/Invalid configuration:\n {2}- /);
  });

  it('when production runs on the sandbox without SESSION_SECRET, then it refuses to start', () => {
    expect(problemsOf({ NODE_ENV: 'production' })).toEqual(['SESSION_SECRET: required in live mode and in production']);
  });

  it('when locales not in production are listed, then unknown ones and the default locale are refused', () => {
    expect(problemsOf({ LOCALES_NOT_IN_PRODUCTION: 'fr-LU,xx-YY,en-GB' })).toEqual([
      "LOCALES_NOT_IN_PRODUCTION: unknown locale 'xx-YY'",
      'LOCALES_NOT_IN_PRODUCTION: the default locale en-GB must stay enabled',
    ]);
  });

  it('when a site-host pair names an unknown site, then the pair is reported', () => {
    expect(problemsOf({ SITE_HOSTS: 'shop.example=nowhere' })[0]).toMatch(/^SITE_HOSTS: 'shop.example=nowhere'/);
  });

  it('when live mode is fully configured, then test flags are off whatever the list says', () => {
    const env = liveEnv({
      TEST_FLAG_HOSTS: 'localhost',
      IMAGE_ORIGINS: 'https://images.shop.example/dw/image',
      PUBLIC_ORIGIN: 'https://shop.aurora.example',
    });
    const config = loadConfig(env);
    expect(config.mode).toBe('live');
    expect(config.testFlagHosts).toEqual([]);
    expect(config.credentials.stripe.secretKey).toBe('sk_live_STRIPE_SECRET_KEY');
    // The commerce image host is allowed for images, and only for images.
    const csp = contentSecurityPolicy(config);
    expect(csp['img-src']).toContain('https://images.shop.example');
    expect(csp['connect-src']).not.toContain('https://images.shop.example');
  });

  it('when live mode lacks PUBLIC_ORIGIN or the private SLAS client, then each is named (OAuth and 3-D Secure return URLs)', () => {
    const problems = problemsOf({ UPSTREAM: 'live' });
    expect(problems).toContain('PUBLIC_ORIGIN: required in live mode');
    expect(problems).toContain('COMMERCE_PRIVATE_CLIENT_ID: required in live mode');
    expect(problems).toContain('COMMERCE_PRIVATE_CLIENT_SECRET: required in live mode');
  });

  it.each([
    ['http://shop.aurora.example', 'PUBLIC_ORIGIN: must be https in live mode'],
    [
      'https://shop.aurora.example/en-GB',
      "PUBLIC_ORIGIN: must be an origin without path, query or fragment ('https://shop.aurora.example/en-GB')",
    ],
  ])('when PUBLIC_ORIGIN is %s in live mode, then it is refused', (value, problem) => {
    expect(problemsOf({ UPSTREAM: 'live', PUBLIC_ORIGIN: value })).toContain(problem);
  });

  it('when PUBLIC_ORIGIN is https in live mode or http outside it, then it is taken without a trailing slash', () => {
    expect(problemsOf({ UPSTREAM: 'live', PUBLIC_ORIGIN: 'https://shop.aurora.example/' }).join()).not.toMatch(
      /PUBLIC_ORIGIN/,
    );
    expect(loadConfig({ PUBLIC_ORIGIN: 'http://localhost:3100/' }).publicOrigin).toBe('http://localhost:3100');
  });

  it('when nothing is set, then the private SLAS client is the one the sandbox accepts', () => {
    expect(loadConfig({}).credentials.commerce.privateClient).toEqual({
      id: CREDENTIALS.commerce.privateClient.id,
      secret: CREDENTIALS.commerce.privateClient.secret,
    });
  });

  it("when nothing is set, then the webhooks' secrets are the ones the sandbox signs with, in prism mode too (issue 29)", () => {
    for (const env of [{}, { UPSTREAM: 'prism' }]) {
      const { stripe, adyen } = loadConfig(env).credentials;
      expect(stripe.webhookSecret).toBe(CREDENTIALS.stripe.webhookSecret);
      expect(adyen.hmacKey).toBe(CREDENTIALS.adyen.hmacKey);
      expect(adyen).not.toHaveProperty('webhookBasicAuth');
    }
  });

  it("when live mode lacks the webhooks' secrets, or the HMAC key is not hex, then each is named", () => {
    const env = liveEnv();
    delete env.STRIPE_WEBHOOK_SECRET;
    delete env.ADYEN_HMAC_KEY;
    expect(problemsOf(env).sort()).toEqual([
      'ADYEN_HMAC_KEY: required in live mode',
      'STRIPE_WEBHOOK_SECRET: required in live mode',
    ]);
    expect(problemsOf({ ADYEN_HMAC_KEY: 'not-hex' })).toEqual([
      'ADYEN_HMAC_KEY: must be the hex key of the Customer Area',
    ]);
    expect(problemsOf({ ADYEN_HMAC_KEY: 'ABC' })).toEqual(['ADYEN_HMAC_KEY: must be the hex key of the Customer Area']);
  });

  // Issue 31: "A live start with mixed keys must refuse to start with a clear message."
  it.each([
    [
      'STRIPE_SECRET_KEY',
      'sk_test_51abc',
      /^STRIPE_SECRET_KEY: not a live secret key \(sk_live_… or rk_live_…\) while PAYMENT_KEYS=live: give the live key, or set PAYMENT_KEYS=test/,
    ],
    ['STRIPE_PUBLISHABLE_KEY', 'pk_test_51abc', /^STRIPE_PUBLISHABLE_KEY: not a live publishable key \(pk_live_…\)/],
    ['ADYEN_CLIENT_KEY', 'test_ABCDEF', /^ADYEN_CLIENT_KEY: not a live client key \(live_…\)/],
    ['ADYEN_ENVIRONMENT', 'test', /^ADYEN_ENVIRONMENT: test while PAYMENT_KEYS=live: give the live region/],
    [
      'ADYEN_BASE_URL',
      'https://checkout-test.adyen.com/v71',
      /^ADYEN_BASE_URL: Adyen's test Checkout API \(checkout-test.adyen.com\)/,
    ],
  ])(
    'when a live shop is given a test %s (%s), then it refuses to start, naming the variable',
    (variable, value, problem) => {
      const problems = problemsOf(liveEnv({ [variable]: value }));
      expect(problems).toHaveLength(1);
      expect(problems[0]).toMatch(problem);
      expect(() => loadConfig(liveEnv({ [variable]: value }))).toThrow(new RegExp(`- ${variable}: `));
    },
  );

  it('when a live shop leaves ADYEN_ENVIRONMENT unset, then it refuses to start (its default is test)', () => {
    const env = liveEnv();
    delete env.ADYEN_ENVIRONMENT;
    expect(problemsOf(env)).toEqual([
      expect.stringMatching(/^ADYEN_ENVIRONMENT: unset \(test\) while PAYMENT_KEYS=live/),
    ]);
  });

  it('when a live shop holds live keys of every form (restricted key, a regional environment, the live endpoint), then it starts', () => {
    const env = liveEnv({
      STRIPE_SECRET_KEY: 'rk_live_51abc',
      ADYEN_ENVIRONMENT: 'live-us',
      ADYEN_BASE_URL: 'https://1797a841fbb37ca7-AdyenDemo-checkout-live-us.adyenpayments.com/checkout/v71',
    });
    expect(problemsOf(env)).toEqual([]);
    expect(loadConfig(env).credentials.adyen.environment).toBe('live-us');
  });

  it('when a staging shop says PAYMENT_KEYS=test, then it starts on test keys only and refuses a live one among them', () => {
    const staging = liveEnv({
      PAYMENT_KEYS: 'test',
      STRIPE_SECRET_KEY: 'sk_test_51abc',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_51abc',
      ADYEN_CLIENT_KEY: 'test_ABCDEF',
      ADYEN_ENVIRONMENT: 'test',
      ADYEN_BASE_URL: 'https://checkout-test.adyen.com/v71',
    });
    expect(problemsOf(staging)).toEqual([]);
    expect(problemsOf({ ...staging, STRIPE_PUBLISHABLE_KEY: 'pk_live_51abc' })).toEqual([
      'STRIPE_PUBLISHABLE_KEY: not a test publishable key (pk_test_…) while PAYMENT_KEYS=test: give the test key (PAYMENT_KEYS=test)',
    ]);
    expect(
      problemsOf({ ...staging, ADYEN_BASE_URL: 'https://abc-AdyenDemo-checkout-live.adyenpayments.com/checkout/v71' }),
    ).toEqual([
      "ADYEN_BASE_URL: Adyen's live Checkout API (abc-adyendemo-checkout-live.adyenpayments.com) while PAYMENT_KEYS=test",
    ]);
    expect(problemsOf({ ...staging, PAYMENT_KEYS: 'both' })[0]).toMatch(/^PAYMENT_KEYS: /);
  });

  it('when the shop runs on the sandbox, then its test keys are what it should hold (no check)', () => {
    expect(problemsOf({})).toEqual([]);
  });

  it("when Adyen's webhook Basic authentication is given, then both user and password are needed", () => {
    expect(problemsOf({ ADYEN_WEBHOOK_USERNAME: 'adyen' })).toEqual([
      'ADYEN_WEBHOOK_USERNAME, ADYEN_WEBHOOK_PASSWORD: give both or neither',
    ]);
    const config = loadConfig({ ADYEN_WEBHOOK_USERNAME: 'adyen', ADYEN_WEBHOOK_PASSWORD: 'secret' });
    expect(config.credentials.adyen.webhookBasicAuth).toEqual({ username: 'adyen', password: 'secret' });
  });

  it('when the configuration is read, then it holds no setting the shop never reads (short code, identity secret, NODE_ENV copy)', () => {
    const config = loadConfig({ COMMERCE_SHORT_CODE: 'abcd1234', IDENTITY_CLIENT_SECRET: 'x' });
    expect(config).not.toHaveProperty('nodeEnv');
    expect(config.credentials.commerce).not.toHaveProperty('shortCode');
    expect(config.credentials.identity).toEqual({ clientId: 'webshop' });
    // Without those settings live mode does not ask for them.
    const problems = problemsOf({ UPSTREAM: 'live' }).join('\n');
    expect(problems).not.toMatch(/COMMERCE_SHORT_CODE|IDENTITY_CLIENT_SECRET/);
  });

  it('when an image origin is not https in live mode or not a URL, then it is reported', () => {
    expect(problemsOf({ IMAGE_ORIGINS: 'not a url' })).toEqual(["IMAGE_ORIGINS: not a URL ('not a url')"]);
    expect(problemsOf({ UPSTREAM: 'live', IMAGE_ORIGINS: 'http://images.example' })).toContain(
      "IMAGE_ORIGINS: must be https in live mode ('http://images.example')",
    );
  });
});

describe('restricted billing regions per market (account §5, docs/decisions/008)', () => {
  it('when nothing is configured, then every market has the default rule: supported countries, excluded postal codes', () => {
    const { billingRegionRules } = loadConfig({});
    expect(Object.keys(billingRegionRules)).toEqual(expect.arrayContaining(['GB', 'FR', 'DE', 'US', 'CZ']));
    expect(billingRegionRules.GB!.countries).toContain('FR');
    expect(billingRegionRules.US!.countries).toEqual(['US', 'CA']);
    expect(billingRegionRules.FR!.excludedPostalCodes.FR!.test('97100')).toBe(true);
  });

  it('when BILLING_REGION_RULES names a market, then its rule replaces the default for that market only', () => {
    const { billingRegionRules } = loadConfig({
      BILLING_REGION_RULES: JSON.stringify({ GB: { countries: ['GB'], excludedPostalCodes: { GB: '^(GY|JE)' } } }),
    });
    expect(billingRegionRules.GB!.countries).toEqual(['GB']);
    expect(billingRegionRules.GB!.excludedPostalCodes.GB!.test('JE23AB')).toBe(true);
    expect(billingRegionRules.FR!.countries).toContain('GB');
  });

  it.each([
    ['not json', /BILLING_REGION_RULES: not JSON/],
    [JSON.stringify({ XX: { countries: ['GB'] } }), /XX is not a market of the shop/],
    [JSON.stringify({ GB: { countries: [] } }), /BILLING_REGION_RULES: GB.countries/],
    [
      JSON.stringify({ GB: { countries: ['GB'], excludedPostalCodes: { GB: '(' } } }),
      /GB.GB is not a regular expression/,
    ],
  ])('when BILLING_REGION_RULES is %s, then the configuration is refused, saying why', (value, message) => {
    expect(() => loadConfig({ BILLING_REGION_RULES: value })).toThrow(message);
  });
});
