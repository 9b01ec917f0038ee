/** Test helpers: a quiet server on port 0 and a fetch bound to it. */
import { pino } from 'pino';
import { BASE_URL_ENV, ConfigError, loadConfig, type Config } from './config.ts';
import { createServer, type ProxyServer } from './server.ts';
import type { SessionData } from './session.ts';
import { AttemptOwner } from './services/attempts/attempts.ts';
import { MemoryJournalStore } from './services/attempts/journal.ts';

export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({ LOG_LEVEL: 'silent', NODE_ENV: 'test', ...env });
}

export async function startTestServer(
  config: Config = testConfig(),
  { serveClient = false }: { serveClient?: boolean } = {},
): Promise<{ server: ProxyServer; url: (path: string) => string }> {
  const server = createServer(config, { logger: pino({ level: 'silent' }), serveClient });
  const port = await server.start(0);
  return { server, url: (path: string) => `http://127.0.0.1:${port}${path}` };
}

/** The `shop_session=...` pair of a response's Set-Cookie, for the next request's Cookie header. */
export function sessionCookie(response: Response): string {
  const header = response.headers.getSetCookie().find((c) => c.startsWith('shop_session='));
  if (!header) throw new Error('no shop_session cookie');
  return header.split(';')[0]!;
}

/** The credentials live mode requires (config.ts): liveEnv gives each one some value. */
export const LIVE_CREDENTIAL_NAMES = [
  'COMMERCE_ORGANIZATION_ID',
  'COMMERCE_CLIENT_ID_AURORA',
  'COMMERCE_CLIENT_ID_BOREALIS',
  'COMMERCE_PRIVATE_CLIENT_ID',
  'COMMERCE_PRIVATE_CLIENT_SECRET',
  'IDENTITY_CLIENT_ID',
  'SERVICE_TOKEN',
  'STRIPE_SECRET_KEY',
  'STRIPE_PUBLISHABLE_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'ADYEN_API_KEY',
  'ADYEN_MERCHANT_ACCOUNT',
  'ADYEN_CLIENT_KEY',
  'ADYEN_HMAC_KEY',
  'LOQATE_KEY',
] as const;

/**
 * A live-mode environment that loads: every upstream's base URL at https://<variable>.example.com,
 * every credential `live-<name>` (the Adyen HMAC key in hex, the Stripe keys and Adyen client key
 * live ones, the Adyen environment live), a session secret and a public origin;
 * `extra` on top.
 */
export function liveEnv(extra: Record<string, string> = {}): Record<string, string> {
  const env: Record<string, string> = {
    UPSTREAM: 'live',
    SESSION_SECRET: 'x'.repeat(40),
    PUBLIC_ORIGIN: 'https://shop.example',
  };
  for (const variable of Object.values(BASE_URL_ENV)) env[variable] = `https://${variable.toLowerCase()}.example.com`;
  for (const name of LIVE_CREDENTIAL_NAMES) env[name] = `live-${name}`;
  env.ADYEN_HMAC_KEY = 'A1'.repeat(32);
  // Live keys of the providers' own forms (payment-keys.ts refuses test ones in live mode).
  env.STRIPE_SECRET_KEY = 'sk_live_STRIPE_SECRET_KEY';
  env.STRIPE_PUBLISHABLE_KEY = 'pk_live_STRIPE_PUBLISHABLE_KEY';
  env.ADYEN_CLIENT_KEY = 'live_ADYEN_CLIENT_KEY';
  env.ADYEN_ENVIRONMENT = 'live';
  return { ...env, ...extra };
}

/** The problems a configuration is refused for; none when it loads. */
export function configProblems(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

/** A guest's session as the store holds it, with `extra` on top (service tests without a server). */
export function guestSessionData(extra: Partial<SessionData> = {}): SessionData {
  return {
    id: 's1',
    csrfToken: 'c',
    authType: 'guest',
    site: 'aurora',
    locale: 'en-GB',
    customer: null,
    basketItemCount: 0,
    ...extra,
  };
}

/** An order-attempt owner on an in-memory journal, for contexts a test builds by hand (issue 29). */
export function testAttempts(config: Config): AttemptOwner {
  return new AttemptOwner(new MemoryJournalStore(), config.orderAttempts, pino({ level: 'silent' }));
}
