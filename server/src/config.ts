/**
 * Configuration from the environment, validated with Zod at start-up. A bad configuration throws
 * a `ConfigError` listing every problem (main.ts prints it and exits), so the process never starts
 * half-configured. The three upstream modes share one shape; only base URLs and keys differ.
 */
import { z } from 'zod';
import { zAdyenPaymentSetup } from '../../generated/proxy/zod/zod.gen.ts';
import type { BillingRegionRule } from '../../domain/postal-codes.ts';
import { DEFAULT_LOCALE, marketOfLocale } from '../../domain/locales.ts';
import { errorReportingSettings, type ErrorReportingSettings } from './monitoring/settings.ts';
import { billingRegionRules } from './billing-region-rules.ts';
import { OPS_ENV, opsSettings, type OpsSettings } from './ops-settings.ts';
import { PAYMENT_KEYS_ENV, paymentKeyProblems } from './payment-keys.ts';
import { tagManagerContainerIds } from './tag-manager.ts';
import {
  BASE_URL_ENV,
  PRISM_BASE_URLS,
  SANDBOX_ROOT,
  sandboxBaseUrls,
  UPSTREAM_NAMES,
  type UpstreamName,
} from './upstream/urls.ts';

export type UpstreamMode = 'sandbox' | 'prism' | 'live';

/** How the proxy writes its logs (LOG_FORMAT); logger.ts chooses between JSON and pino-pretty. */
export const LOG_FORMATS = ['auto', 'json', 'pretty'] as const;
export type LogFormatSetting = (typeof LOG_FORMATS)[number];

export { BASE_URL_ENV, sandboxBaseUrls, UPSTREAM_NAMES, type UpstreamName } from './upstream/urls.ts';

/** Fixed sandbox credentials (DESIGN.md, "Sandbox credentials"): not secrets. */
const SANDBOX_CREDENTIALS = {
  COMMERCE_ORGANIZATION_ID: 'f_ecom_zzzz_001',
  COMMERCE_CLIENT_ID_AURORA: 'aurora-storefront',
  COMMERCE_CLIENT_ID_BOREALIS: 'borealis-storefront',
  COMMERCE_PRIVATE_CLIENT_ID: 'webshop-server',
  COMMERCE_PRIVATE_CLIENT_SECRET: 'webshop-server-sandbox-secret',
  IDENTITY_CLIENT_ID: 'webshop',
  SERVICE_TOKEN: 'sandbox-service-token',
  STRIPE_SECRET_KEY: 'sk_test_sandbox',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_sandbox',
  // The webhook secrets the sandbox signs its webhooks with (mocks/sandbox/src/seed.ts CREDENTIALS, issue 29).
  STRIPE_WEBHOOK_SECRET: 'whsec_sandbox_webhook_secret',
  ADYEN_API_KEY: 'sandbox-adyen-api-key',
  ADYEN_MERCHANT_ACCOUNT: 'SandboxMerchantECOM',
  ADYEN_CLIENT_KEY: 'test_SANDBOXCLIENTKEY',
  ADYEN_HMAC_KEY: '989A713B4F2300ABF2D78253FEAF67D2B847DC7C1A7B60385B11706137204DCE',
  LOQATE_KEY: 'SANDBOX-LOQATE-KEY',
} as const;
type CredentialName = keyof typeof SANDBOX_CREDENTIALS;

const DEV_SESSION_SECRET = 'dev-only-session-secret-not-for-production-use';

export const SITE_IDS = ['aurora', 'borealis'] as const;
export type SiteId = (typeof SITE_IDS)[number];

/**
 * Adyen Web's `environment` values (test, live and the live regions; Adyen's live endpoints
 * page): the client's AdyenCheckout and the CSP's Adyen hosts both follow ADYEN_ENVIRONMENT. The
 * contract's AdyenPaymentSetup.environment, which tells the client the value.
 */
const zAdyenEnvironment = zAdyenPaymentSetup.shape.environment;
export type AdyenEnvironment = z.infer<typeof zAdyenEnvironment>;

/** METRICS_PORT, METRICS_HOST and SHUTDOWN_TIMEOUT_MS come from ops-settings.ts (issue 16). */
export interface Config extends OpsSettings {
  mode: UpstreamMode;
  port: number;
  production: boolean;
  logLevel: string;
  /** LOG_FORMAT: `auto` (pretty at a terminal, JSON otherwise), `json` or `pretty`; JSON in production (logger.ts). */
  logFormat: LogFormatSetting;
  sessionSecret: string;
  sessionTtlSeconds: number;
  /**
   * SESSION_PREVIOUS_SECRETS: earlier session secrets whose cookie signatures are still accepted while
   * a rotation rolls out; the next save signs with SESSION_SECRET (session.ts, issue 16).
   */
  sessionPreviousSecrets: string[];
  /**
   * REDIS_URL: sessions, the checkout's lock and the rate-limit counters shared by every instance
   * (server/src/state/, issue 16); in memory, for one instance, when absent.
   */
  redisUrl?: string;
  /** Express `trust proxy`: which hops may set X-Forwarded-For (the load balancer). */
  trustProxy: string;
  baseUrls: Record<UpstreamName, string>;
  credentials: {
    commerce: {
      organizationId: string;
      /** The public SLAS client of each site (guest login, the browser-facing client ids). */
      clientIds: Record<SiteId, string>;
      /**
       * The private SLAS client held on the server (HTTP Basic): the registered shopper's
       * trusted-system on-behalf-of token after the identity provider's login, its refresh and logout.
       */
      privateClient: { id: string; secret: string };
    };
    identity: { clientId: string };
    serviceToken: string;
    /** webhookSecret: STRIPE_WEBHOOK_SECRET, the endpoint's signing secret (`whsec_…`) of POST /api/webhooks/stripe. */
    stripe: { secretKey: string; publishableKey: string; webhookSecret: string };
    adyen: {
      apiKey: string;
      merchantAccount: string;
      clientKey: string;
      environment: AdyenEnvironment;
      /** ADYEN_HMAC_KEY: the webhook's HMAC key as the Customer Area shows it (hex), for POST /api/webhooks/adyen. */
      hmacKey: string;
      /** ADYEN_WEBHOOK_USERNAME and ADYEN_WEBHOOK_PASSWORD: the webhook's Basic authentication, when configured. */
      webhookBasicAuth?: { username: string; password: string };
    };
    loqate: { key: string };
  };
  sites: { ids: readonly SiteId[]; defaultSite: SiteId; hostSites: Record<string, SiteId> };
  /** Hosts on which test flags (sandbox card form, forced outcomes) are honoured. */
  testFlagHosts: string[];
  upstreamTimeoutMs: number;
  upstreamRetries: number;
  bodyLimit: string;
  /** Requests per window and client IP; `webhook` is the providers' (their servers, not shoppers: a generous limit). */
  rateLimits: { windowMs: number; login: number; addressLookup: number; payment: number; webhook: number };
  maintenancePollIntervalMs: number;
  /** How long a server-rendered page trusts the last maintenance status read (render/pages.ts). */
  maintenanceCheckMs: number;
  /** Inactivity after which the client flags the shopper idle (storefront §4 Other: idle indicator). */
  idleDelayMs: number;
  /** Locales flagged as not enabled in production: there they redirect to the default locale (storefront §6). */
  localesNotInProduction: string[];
  /** Origins of product and content images (the commerce platform's image host in live mode). */
  imageOrigins: string[];
  /** The shop's own origin as the browser sees it (OAuth redirect URIs are built on it). */
  publicOrigin: string;
  /** E-mail domains that may log in as a user other than the vehicle's owner; always empty in production. */
  loginAllowedDomains: string[];
  /** Country prefixes (`be`) whose /{country}/ shows the language splash page; off when empty (storefront §1). */
  splashCountryPrefixes: string[];
  /** The localised contact-us page (account §2), `{locale}` replaced by the shopper's locale. */
  contactUsUrl: string;
  /** Each market's restricted-region rule for billing addresses (account §5; docs/decisions/008), by market country. */
  billingRegionRules: Record<string, BillingRegionRule>;
  /** The Google Tag Manager container of each site (GTM_CONTAINER_IDS); none by default (tag-manager.ts). */
  tagManagerContainerIds: Partial<Record<SiteId, string>>;
  /** Error reporting (SENTRY_DSN, SENTRY_RELEASE, SENTRY_ENVIRONMENT; monitoring/); off when absent. */
  errorReporting?: ErrorReportingSettings;
}

export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);
const csv = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((s) =>
      s
        .split(',')
        .map((p) => p.trim())
        .filter(Boolean),
    );

const envSchema = z.object({
  UPSTREAM: z.enum(['sandbox', 'prism', 'live']).default('sandbox'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_FORMAT: z.enum(LOG_FORMATS).default('auto'),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SESSION_TTL_SECONDS: positiveInt(60 * 60 * 24 * 10),
  SESSION_PREVIOUS_SECRETS: csv(''),
  REDIS_URL: z
    .string()
    .refine((url) => /^rediss?:\/\//.test(url) && URL.canParse(url), 'must be a redis:// or rediss:// URL')
    .optional(),
  TRUST_PROXY: z.string().default('loopback'),
  SANDBOX_URL: z.url().default(SANDBOX_ROOT),
  DEFAULT_SITE: z.enum(SITE_IDS).default('aurora'),
  // host=site pairs, e.g. "shop.aurora.example=aurora,shop.borealis.example=borealis"
  SITE_HOSTS: csv('localhost=aurora,127.0.0.1=aurora'),
  TEST_FLAG_HOSTS: csv('localhost,127.0.0.1'),
  UPSTREAM_TIMEOUT_MS: positiveInt(8000),
  UPSTREAM_RETRIES: z.coerce.number().int().min(0).max(2).default(2),
  ...OPS_ENV,
  BODY_LIMIT: z
    .string()
    .regex(/^\d+(b|kb|mb)$/, 'must look like 32kb')
    .default('32kb'),
  RATE_LIMIT_WINDOW_MS: positiveInt(60_000),
  RATE_LIMIT_LOGIN: positiveInt(10),
  RATE_LIMIT_ADDRESS: positiveInt(60),
  RATE_LIMIT_PAYMENT: positiveInt(20),
  RATE_LIMIT_WEBHOOK: positiveInt(600),
  MAINTENANCE_POLL_INTERVAL_MS: z.coerce.number().int().min(1000).default(120_000),
  MAINTENANCE_CHECK_MS: z.coerce.number().int().min(0).max(120_000).default(15_000),
  IDLE_DELAY_MS: z.coerce.number().int().min(1000).default(900_000),
  PUBLIC_ORIGIN: z.url().default('http://localhost:3000'),
  LOGIN_ALLOWED_DOMAINS: csv(''),
  SPLASH_COUNTRY_PREFIXES: csv(''),
  LOCALES_NOT_IN_PRODUCTION: csv(''),
  IMAGE_ORIGINS: csv(''),
  // JSON by market country: {"GB": {"countries": ["GB"], "excludedPostalCodes": {"GB": "^(GY|JE)"}}}
  BILLING_REGION_RULES: z.string().default('{}'),
  // Adyen Web's environments (its API_ENVIRONMENTS): test, or live with the account's region.
  ADYEN_ENVIRONMENT: zAdyenEnvironment.default('test'),
  ...PAYMENT_KEYS_ENV, // live mode: live keys only, or test keys only (payment-keys.ts)
  GTM_CONTAINER_IDS: csv(''), // site:GTM-XXXXXXX pairs (tag-manager.ts); no container by default
  // Error reporting (monitoring/settings.ts): off without a DSN.
  SENTRY_DSN: z.string().optional(),
  SENTRY_RELEASE: z.string().optional(),
  SENTRY_ENVIRONMENT: z.string().optional(),
  CONTACT_US_URL: z
    .url()
    .refine((url) => /^https?:/.test(url), 'must be an http(s) URL')
    .default('https://www.example.com/{locale}/contact-us'),
});

/**
 * Loads the configuration from `env` (process.env by default). Throws a ConfigError naming every
 * problem: unknown values, and in live mode (or production) every missing base URL and secret.
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.') || 'environment'}: ${i.message}`));
  }
  const e = parsed.data;
  const problems: string[] = [];
  const live = e.UPSTREAM === 'live';
  const production = e.NODE_ENV === 'production';
  if (production && e.LOG_FORMAT === 'pretty')
    problems.push('LOG_FORMAT: pretty is for a terminal; production logs JSON');

  for (const locale of e.LOCALES_NOT_IN_PRODUCTION) {
    if (!marketOfLocale(locale)) problems.push(`LOCALES_NOT_IN_PRODUCTION: unknown locale '${locale}'`);
    else if (locale === DEFAULT_LOCALE)
      problems.push(`LOCALES_NOT_IN_PRODUCTION: the default locale ${locale} must stay enabled`);
  }

  const imageOrigins: string[] = [];
  for (const value of e.IMAGE_ORIGINS) {
    if (!URL.canParse(value)) problems.push(`IMAGE_ORIGINS: not a URL ('${value}')`);
    else if (live && !value.startsWith('https://'))
      problems.push(`IMAGE_ORIGINS: must be https in live mode ('${value}')`);
    else imageOrigins.push(new URL(value).origin);
  }

  // The OAuth redirect URIs and the 3-D Secure / bank return URLs are built on it: in live mode it
  // must be given, and https, and an origin only (scheme, host, port).
  const publicOrigin = e.PUBLIC_ORIGIN.replace(/\/$/, '');
  if (live && !env.PUBLIC_ORIGIN?.trim()) problems.push('PUBLIC_ORIGIN: required in live mode');
  else if (live && !publicOrigin.startsWith('https://')) problems.push('PUBLIC_ORIGIN: must be https in live mode');
  else if (new URL(publicOrigin).origin !== publicOrigin)
    problems.push(`PUBLIC_ORIGIN: must be an origin without path, query or fragment ('${e.PUBLIC_ORIGIN}')`);

  let sessionSecret = e.SESSION_SECRET;
  if (!sessionSecret) {
    if (live || production) problems.push('SESSION_SECRET: required in live mode and in production');
    sessionSecret = DEV_SESSION_SECRET;
  }
  if (e.SESSION_PREVIOUS_SECRETS.some((secret) => secret.length < 32))
    problems.push('SESSION_PREVIOUS_SECRETS: each secret must be at least 32 characters');

  const defaults =
    e.UPSTREAM === 'sandbox'
      ? sandboxBaseUrls(e.SANDBOX_URL.replace(/\/$/, ''))
      : e.UPSTREAM === 'prism'
        ? PRISM_BASE_URLS
        : undefined;
  const baseUrls = {} as Record<UpstreamName, string>;
  for (const name of UPSTREAM_NAMES) {
    const variable = BASE_URL_ENV[name];
    const value = env[variable]?.trim() || defaults?.[name];
    if (!value) {
      problems.push(`${variable}: required in live mode`);
      continue;
    }
    if (!URL.canParse(value)) problems.push(`${variable}: not a URL ('${value}')`);
    else if (live && !value.startsWith('https://')) problems.push(`${variable}: must be https in live mode`);
    baseUrls[name] = value.replace(/\/$/, '');
  }

  const credential = (name: CredentialName): string => {
    const value = env[name]?.trim();
    if (value) return value;
    if (live) problems.push(`${name}: required in live mode`);
    return SANDBOX_CREDENTIALS[name];
  };

  // Adyen shows the webhook's HMAC key in hex; it is hex-decoded before use (docs.adyen.com/development-resources/webhooks/verify-hmac-signatures).
  const adyenHmacKey = credential('ADYEN_HMAC_KEY');
  if (!/^(?:[0-9A-Fa-f]{2})+$/.test(adyenHmacKey))
    problems.push('ADYEN_HMAC_KEY: must be the hex key of the Customer Area');
  if (live) problems.push(...paymentKeyProblems(env, baseUrls.adyen, e.PAYMENT_KEYS));
  const webhookUser = env.ADYEN_WEBHOOK_USERNAME?.trim();
  const webhookPassword = env.ADYEN_WEBHOOK_PASSWORD?.trim();
  if (Boolean(webhookUser) !== Boolean(webhookPassword))
    problems.push('ADYEN_WEBHOOK_USERNAME, ADYEN_WEBHOOK_PASSWORD: give both or neither');

  const hostSites: Record<string, SiteId> = {};
  for (const pair of e.SITE_HOSTS) {
    const [host, site] = pair.split('=').map((s) => s.trim());
    if (!host || !site || !(SITE_IDS as readonly string[]).includes(site)) {
      problems.push(`SITE_HOSTS: '${pair}' is not host=site with site one of ${SITE_IDS.join(', ')}`);
      continue;
    }
    hostSites[host.toLowerCase()] = site as SiteId;
  }

  const config: Config = {
    mode: e.UPSTREAM,
    port: e.PORT,
    production,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT,
    sessionSecret,
    sessionTtlSeconds: e.SESSION_TTL_SECONDS,
    sessionPreviousSecrets: e.SESSION_PREVIOUS_SECRETS,
    ...(e.REDIS_URL ? { redisUrl: e.REDIS_URL } : {}),
    trustProxy: e.TRUST_PROXY,
    baseUrls,
    credentials: {
      commerce: {
        organizationId: credential('COMMERCE_ORGANIZATION_ID'),
        clientIds: {
          aurora: credential('COMMERCE_CLIENT_ID_AURORA'),
          borealis: credential('COMMERCE_CLIENT_ID_BOREALIS'),
        },
        privateClient: {
          id: credential('COMMERCE_PRIVATE_CLIENT_ID'),
          secret: credential('COMMERCE_PRIVATE_CLIENT_SECRET'),
        },
      },
      identity: { clientId: credential('IDENTITY_CLIENT_ID') },
      serviceToken: credential('SERVICE_TOKEN'),
      stripe: {
        secretKey: credential('STRIPE_SECRET_KEY'),
        publishableKey: credential('STRIPE_PUBLISHABLE_KEY'),
        webhookSecret: credential('STRIPE_WEBHOOK_SECRET'),
      },
      adyen: {
        apiKey: credential('ADYEN_API_KEY'),
        merchantAccount: credential('ADYEN_MERCHANT_ACCOUNT'),
        clientKey: credential('ADYEN_CLIENT_KEY'),
        environment: e.ADYEN_ENVIRONMENT,
        hmacKey: adyenHmacKey,
        ...(webhookUser && webhookPassword
          ? { webhookBasicAuth: { username: webhookUser, password: webhookPassword } }
          : {}),
      },
      loqate: { key: credential('LOQATE_KEY') },
    },
    sites: { ids: SITE_IDS, defaultSite: e.DEFAULT_SITE, hostSites },
    // Test flags are never honoured in live mode, whatever the list says.
    testFlagHosts: live ? [] : e.TEST_FLAG_HOSTS.map((h) => h.toLowerCase()),
    upstreamTimeoutMs: e.UPSTREAM_TIMEOUT_MS,
    upstreamRetries: e.UPSTREAM_RETRIES,
    ...opsSettings(e, problems),
    bodyLimit: e.BODY_LIMIT,
    rateLimits: {
      windowMs: e.RATE_LIMIT_WINDOW_MS,
      login: e.RATE_LIMIT_LOGIN,
      addressLookup: e.RATE_LIMIT_ADDRESS,
      payment: e.RATE_LIMIT_PAYMENT,
      webhook: e.RATE_LIMIT_WEBHOOK,
    },
    maintenancePollIntervalMs: e.MAINTENANCE_POLL_INTERVAL_MS,
    maintenanceCheckMs: e.MAINTENANCE_CHECK_MS,
    idleDelayMs: e.IDLE_DELAY_MS,
    publicOrigin,
    // The allowed-domain list is honoured outside production only (storefront §6).
    loginAllowedDomains: production ? [] : e.LOGIN_ALLOWED_DOMAINS.map((d) => d.toLowerCase()),
    splashCountryPrefixes: e.SPLASH_COUNTRY_PREFIXES.map((c) => c.toLowerCase()),
    contactUsUrl: e.CONTACT_US_URL,
    billingRegionRules: billingRegionRules(e.BILLING_REGION_RULES, problems),
    localesNotInProduction: e.LOCALES_NOT_IN_PRODUCTION,
    imageOrigins,
    tagManagerContainerIds: tagManagerContainerIds(e.GTM_CONTAINER_IDS, SITE_IDS, problems),
    errorReporting: errorReportingSettings(e, e.UPSTREAM, problems),
  };
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}
