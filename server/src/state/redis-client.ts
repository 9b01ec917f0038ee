/**
 * The one Redis connection of a proxy instance (issue 16: "Shared state in Redis"), and what every
 * shared store does when Redis cannot answer. DESIGN.md's stateless proxy shares nothing but the
 * cookie and this optional Redis, so a lost connection must never pass for an absent value: every
 * failed command becomes a 503 problem+json with Retry-After (never "no session", never a 500),
 * is logged, and the client reconnects on its own.
 */
import { createClient } from 'redis';
import type { Logger } from 'pino';
import { AppError } from '../errors.ts';

/** How long one command may take before the request gets its 503 (a stalled Redis must not hang requests). */
const COMMAND_TIMEOUT_MS = 2000;
const CONNECT_TIMEOUT_MS = 2000;
/** Reconnect quickly after a blip, then every 2 s at most while Redis stays away. */
const reconnectDelay = (retries: number): number => Math.min(100 * 2 ** Math.min(retries, 5), 2000);
/** What the 503 tells the client to wait: about one reconnect attempt. */
export const RETRY_AFTER_SECONDS = 2;

/** The problem every request that needs Redis gets while Redis cannot be reached. */
export function storeUnavailable(): AppError {
  return new AppError(
    503,
    'session-store-unavailable',
    'Service temporarily unavailable',
    'The session store cannot be reached at the moment; try again in a few seconds.',
    {},
    { 'Retry-After': String(RETRY_AFTER_SECONDS) },
  );
}

/** Where a shared store tells of a failed operation: the log, and the metrics' session store errors. */
export interface StoreMonitor {
  log: Logger;
  failed?: (operation: string) => void;
}

/**
 * Runs one Redis operation; any failure (connection lost or reconnecting, timeout, error reply) is
 * logged, counted and becomes the 503 of `storeUnavailable`.
 */
export async function storeCall<T>(monitor: StoreMonitor, operation: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    monitor.log.warn({ err: error, operation }, 'shared state store unavailable');
    monitor.failed?.(operation);
    throw storeUnavailable();
  }
}

const newClient = (url: string) =>
  createClient({
    url,
    disableOfflineQueue: true,
    commandOptions: { timeout: COMMAND_TIMEOUT_MS },
    socket: { connectTimeout: CONNECT_TIMEOUT_MS, reconnectStrategy: reconnectDelay },
  });

export type RedisClient = ReturnType<typeof newClient>;

/**
 * A client for `url` that starts connecting now and keeps reconnecting after a loss. Commands are
 * refused at once while it is disconnected (no offline queue), so a request answers 503 straight
 * away instead of waiting for Redis to return.
 */
export function createRedisClient(url: string, log: Logger): RedisClient {
  const client = newClient(url);
  // Logged once per loss and once per recovery; the attempts in between are debug noise.
  let lost = false;
  client.on('error', (error: unknown) => {
    if (lost) return log.debug({ err: error }, 'Redis still unreachable');
    lost = true;
    log.error({ err: error }, 'Redis connection lost; reconnecting');
  });
  client.on('ready', () => {
    if (lost) log.info('Redis connection back');
    lost = false;
  });
  // connect() settles only once connected, or rejects when the client is closed first (stop()).
  client.connect().catch((error: unknown) => log.debug({ err: error }, 'Redis closed before it connected'));
  return client;
}

/** Resolves once the client is connected, or after `timeoutMs` (true when connected). */
export async function whenReady(client: RedisClient, timeoutMs: number): Promise<boolean> {
  if (client.isReady) return true;
  return new Promise((resolve) => {
    const done = (ready: boolean) => {
      clearTimeout(timer);
      client.off('ready', onReady);
      resolve(ready);
    };
    const onReady = () => done(true);
    const timer = setTimeout(() => done(client.isReady), timeoutMs);
    client.on('ready', onReady);
  });
}

/** Reachable now: a PING answered within the command timeout. */
export async function pingable(client: RedisClient): Promise<boolean> {
  if (!client.isReady) return false;
  try {
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  }
}

/** Closes the connection, waiting at most `timeoutMs` for commands in flight, then drops it. */
export async function closeClient(client: RedisClient, timeoutMs = 2000): Promise<void> {
  if (!client.isOpen) return;
  let timer: NodeJS.Timeout | undefined;
  const closed = client.close().then(() => true);
  const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs)));
  const inTime = await Promise.race([closed, late]);
  clearTimeout(timer);
  // close() has marked the client closed already; destroy() still tears down a socket left draining.
  if (!inTime) client.destroy();
}
