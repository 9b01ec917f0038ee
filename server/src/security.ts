/**
 * Hardening: helmet with a strict Content-Security-Policy, rate limits on the routes that call
 * costly or abusable upstreams (login, address lookup, payment), and the JSON body size limit.
 */
import helmet from 'helmet';
import { rateLimit, type Store } from 'express-rate-limit';
import { randomBytes } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import type { Config } from './config.ts';
import { AppError } from './errors.ts';
import { TAG_MANAGER_HOSTS } from './tag-manager.ts';

/**
 * Stripe.js's hosts, which the Payment Element loads from and talks to; only in live mode (DESIGN.md),
 * as Stripe's integration security guide lists them (docs.stripe.com/security/guide#content-security-policy).
 * Stripe runs a 3-D Secure challenge inside its own hooks.stripe.com frame, so the issuer's page is
 * that frame's child and needs nothing from this policy.
 */
const STRIPE_SCRIPT_HOSTS = ['https://*.js.stripe.com', 'https://js.stripe.com'];
const STRIPE_FRAME_HOSTS = ['https://*.js.stripe.com', 'https://js.stripe.com', 'https://hooks.stripe.com'];
const STRIPE_CONNECT_HOSTS = ['https://api.stripe.com'];
/**
 * Adyen Web's wallet components in live mode (docs/decisions/020): Google Pay's pay.js and its
 * frames and calls (pay.google.com), its button images (www.gstatic.com), and Apple's Apple Pay SDK
 * (applepay.cdn-apple.com), which Adyen's Apple Pay component loads. Stripe's wallets run in
 * Stripe's own frames.
 */
const WALLET_HOSTS = {
  script: ['https://pay.google.com', 'https://applepay.cdn-apple.com'],
  frame: ['https://pay.google.com'],
  connect: ['https://pay.google.com', 'https://google.com/pay'],
  img: ['https://www.gstatic.com'],
};
/** The product video (a YouTube embed) plays in a frame from here, loaded only when its slide is shown. */
const VIDEO_FRAME_HOSTS = ['https://www.youtube-nocookie.com', 'https://www.youtube.com'];

/**
 * Adyen Web's hosts for the configured environment (ADYEN_ENVIRONMENT: test, live, live-us, ...):
 * its API and secured-field frames (checkoutshopper-{env}.adyen.com), its scripts, styles and
 * images (checkoutshopper-{env}.cdn.adyen.com) and its analytics (checkoutanalytics-{env}.adyen.com),
 * as @adyen/adyen-web's Environment constants name them.
 */
export function adyenHosts(environment: Config['credentials']['adyen']['environment']): {
  api: string;
  cdn: string;
  analytics: string;
} {
  return {
    api: `https://checkoutshopper-${environment}.adyen.com`,
    cdn: `https://checkoutshopper-${environment}.cdn.adyen.com`,
    analytics: `https://checkoutanalytics-${environment}.adyen.com`,
  };
}

/**
 * The issuer's pages of a live 3-D Secure authentication (decision 013, amendment of 2026-11-25):
 * Adyen Web posts the native 3-D Secure 2 fingerprint and challenge forms into iframes on the issuer's
 * ACS (`threeDSMethodURL`, `acsURL`), and a redirect by POST submits a form to the issuer's page. They
 * are any bank's hosts, which Adyen says it cannot list, but always https. Live mode only, and only in
 * frame-src and form-action: scripts, styles and connections keep their lists.
 */
const ISSUER_PAGES = 'https:';

/**
 * Where product and content images come from besides this origin: IMAGE_ORIGINS (the commerce
 * platform's image host in live mode) and, in sandbox mode, the sandbox's commerce stand-in.
 */
export function imageOrigins(config: Config): string[] {
  const sandbox = config.mode === 'sandbox' ? [new URL(config.baseUrls.commerce).origin] : [];
  return [...new Set([...sandbox, ...config.imageOrigins])];
}

export function contentSecurityPolicy(config: Config): Record<string, string[]> {
  const live = config.mode === 'live';
  const adyen = adyenHosts(config.credentials.adyen.environment);
  const PROVIDER_SCRIPT_HOSTS = [...STRIPE_SCRIPT_HOSTS, adyen.api, adyen.cdn, ...WALLET_HOSTS.script];
  const PROVIDER_FRAME_HOSTS = [...STRIPE_FRAME_HOSTS, adyen.api, adyen.cdn, ...WALLET_HOSTS.frame];
  const PROVIDER_CONNECT_HOSTS = [...STRIPE_CONNECT_HOSTS, adyen.api, adyen.analytics, ...WALLET_HOSTS.connect];
  const imgSrc = ["'self'", 'data:', ...imageOrigins(config)];
  if (live) imgSrc.push(...PROVIDER_SCRIPT_HOSTS, ...WALLET_HOSTS.img);
  // Google Tag Manager's hosts only when some site has a container (GTM_CONTAINER_IDS, tag-manager.ts).
  const gtm = Object.keys(config.tagManagerContainerIds).length > 0;
  if (gtm) imgSrc.push(...TAG_MANAGER_HOSTS.img);
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...(live ? PROVIDER_SCRIPT_HOSTS : []), ...(gtm ? TAG_MANAGER_HOSTS.script : [])],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", ...(live ? PROVIDER_SCRIPT_HOSTS : [])],
    'img-src': imgSrc,
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...(live ? PROVIDER_CONNECT_HOSTS : []), ...(gtm ? TAG_MANAGER_HOSTS.connect : [])],
    // A native 3-D Secure 2 fingerprint or challenge frames the issuer's ACS in live mode; the sandbox
    // shows its challenge in the page, so sandbox mode frames no one else.
    'frame-src': ["'self'", ...VIDEO_FRAME_HOSTS, ...(live ? [...PROVIDER_FRAME_HOSTS, ISSUER_PAGES] : [])],
    'frame-ancestors': ["'none'"],
    // An Adyen redirect by POST, and the 3-D Secure 2 forms, submit to the issuer's page: any https
    // host in live mode, the sandbox's Adyen stand-in in sandbox mode (decision 013).
    'form-action': [
      "'self'",
      ...(live ? [...PROVIDER_FRAME_HOSTS, ISSUER_PAGES] : [new URL(config.baseUrls.adyen).origin]),
    ],
    'base-uri': ["'self'"],
    'object-src': ["'none'"],
    ...(config.production ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

/** Random bytes drawn ahead, NONCE_BYTES for each answer's nonce, each used once (as node's randomUUID draws its own). */
const NONCE_BYTES = 16;
const NONCE_POOL_BYTES = NONCE_BYTES * 256;
let noncePool = Buffer.alloc(0);
let nonceAt = 0;

/** The answer's CSP nonce, made once per answer: a server-rendered page's scripts carry it. */
export function cspNonce(res: Response): string {
  if (typeof res.locals.cspNonce !== 'string') {
    if (nonceAt + NONCE_BYTES > noncePool.length) {
      noncePool = randomBytes(NONCE_POOL_BYTES);
      nonceAt = 0;
    }
    res.locals.cspNonce = noncePool.toString('base64', nonceAt, (nonceAt += NONCE_BYTES));
  }
  return res.locals.cspNonce as string;
}

/** Stands in for the nonce while helmet's headers are made once (securityHeaders). */
const NONCE_SLOT = 'csp-nonce-slot';

/** helmet's middleware, the nonce given by `nonce` (what securityHeaders answers; exported for its test). */
export function helmetFor(config: Config, nonce: (res: Response) => string): RequestHandler {
  const directives = contentSecurityPolicy(config);
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        ...directives,
        'script-src': [...directives['script-src']!, (_req, res) => `'nonce-${nonce(res as Response)}'`],
        // Live mode: Google Pay's pay.js injects its styles with the page's nonce (googlePayOptions).
        ...(config.mode === 'live'
          ? { 'style-src': [...directives['style-src']!, (_req, res) => `'nonce-${nonce(res as Response)}'`] }
          : {}),
      },
    },
    strictTransportSecurity: config.production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  });
}

/**
 * helmet's headers, made once (issue 35): its middleware runs here a single time on a stand-in answer
 * with NONCE_SLOT for the nonce, and each answer gets the same headers in the same order, the
 * answer's own nonce in the slot. helmet made every value again on every answer, the policy's
 * directives checked one by one.
 */
export function securityHeaders(config: Config): RequestHandler {
  const steps: Array<[name: string, value: string | string[]] | [name: string]> = [];
  const standIn = {
    setHeader: (name: string, value: string) =>
      steps.push([name, value.includes(NONCE_SLOT) ? value.split(NONCE_SLOT) : value]),
    removeHeader: (name: string) => steps.push([name]),
  };
  let failure: unknown;
  helmetFor(config, () => NONCE_SLOT)({} as Request, standIn as unknown as Response, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure instanceof Error ? failure : new Error(String(failure));
  return (_req, res, next) => {
    for (const [name, value] of steps) {
      if (value === undefined) res.removeHeader(name);
      else res.setHeader(name, typeof value === 'string' ? value : value.join(cspNonce(res)));
    }
    next();
  };
}

function limiter(windowMs: number, limit: number, what: string, store: Store | undefined): RequestHandler {
  return rateLimit({
    windowMs,
    limit,
    ...(store ? { store } : {}),
    standardHeaders: 'draft-7',
    legacyHeaders: false,
    handler: (_req, _res, next) =>
      next(
        new AppError(
          429,
          'rate-limited',
          'Too many requests',
          `Too many ${what} requests; try again later.`,
          {},
          {
            'Retry-After': String(Math.ceil(windowMs / 1000)),
          },
        ),
      ),
  });
}

/**
 * Rate limits per operation group, keyed by client IP. `storeFor` gives each group a counter store
 * shared by every instance (Redis with REDIS_URL, state/redis-rate-limit-store.ts, issue 16), so a
 * limit counts across instances; without it each instance counts in memory.
 */
export function rateLimits(
  config: Config,
  storeFor?: (group: string) => Store,
): {
  login: RequestHandler;
  addressLookup: RequestHandler;
  payment: RequestHandler;
  webhook: RequestHandler;
} {
  const { windowMs, login, addressLookup, payment, webhook } = config.rateLimits;
  return {
    login: limiter(windowMs, login, 'login', storeFor?.('login')),
    addressLookup: limiter(windowMs, addressLookup, 'address lookup', storeFor?.('addressLookup')),
    payment: limiter(windowMs, payment, 'payment', storeFor?.('payment')),
    // The providers' webhooks (issue 29) come from their servers in bursts, not from shoppers: a limit
    // of its own, high enough for a provider's retries and batches, still bounding unsigned floods.
    webhook: limiter(windowMs, webhook, 'webhook', storeFor?.('webhook')),
  };
}
