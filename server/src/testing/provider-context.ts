/**
 * Test-only: the AppContext a payment provider's tests build by hand, on the in-process sandbox,
 * with the order attempts' in-memory journal.
 */
import { pino } from 'pino';
import type { AppContext } from '../context.ts';
import { MemoryKeyedLock } from '../locks.ts';
import { Sessions } from '../session.ts';
import { MemorySessionStore } from '../state/memory-session-store.ts';
import { testAttempts, testConfig } from '../test-helpers.ts';
import { createUpstreams } from '../upstream/clients.ts';

/** A context whose upstreams are the sandbox on `port`, with `env` on top of the test configuration. */
export function sandboxContext(port: number, env: Record<string, string> = {}): AppContext {
  const config = testConfig({ SANDBOX_URL: `http://localhost:${port}`, ...env });
  return {
    config,
    upstreams: createUpstreams(config),
    sessions: new Sessions({ store: new MemorySessionStore(), secret: 'test', ttlSeconds: 60, secure: false }),
    logger: pino({ level: 'silent' }),
    locks: new MemoryKeyedLock(),
    startedAt: 0,
    attempts: testAttempts(config),
  };
}
