/**
 * REDIS_URL is optional (issue 16: "Without REDIS_URL the in-memory stores stay the embedded
 * default, so `make start` needs nothing new"): the setting's checks, and an instance without it
 * keeps everything in memory and reports no Redis check.
 */
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { MemoryKeyedLock } from '../locks.ts';
import { createServer } from '../server.ts';
import { MemorySessionStore } from './memory-session-store.ts';
import { configProblems, testConfig } from '../test-helpers.ts';
import { sharedStateChecks } from './shared-state.ts';

describe('REDIS_URL', () => {
  it('when it is a redis:// or rediss:// URL, then it is the shared store’s; otherwise the configuration is refused', () => {
    expect(testConfig({ REDIS_URL: 'redis://cache.internal:6379/2' }).redisUrl).toBe('redis://cache.internal:6379/2');
    expect(testConfig({ REDIS_URL: 'rediss://user:secret@cache.example:6380' }).redisUrl).toBe(
      'rediss://user:secret@cache.example:6380',
    );
    expect(configProblems({ REDIS_URL: 'http://cache.internal:6379' })).toEqual([
      'REDIS_URL: must be a redis:// or rediss:// URL',
    ]);
    expect(configProblems({ REDIS_URL: 'redis://cache:99999' })).toEqual([
      'REDIS_URL: must be a redis:// or rediss:// URL',
    ]);
  });

  it('when it is absent, then sessions and the lock stay in memory and readyz has no Redis check', async () => {
    const config = testConfig();
    expect(config.redisUrl).toBeUndefined();
    const server = createServer(config, { logger: pino({ level: 'silent' }), serveClient: false });
    expect(server.context.sharedState).toBeUndefined();
    expect(server.context.sessions.options.store).toBeInstanceOf(MemorySessionStore);
    expect(server.context.locks).toBeInstanceOf(MemoryKeyedLock);
    expect(await sharedStateChecks(server.context)).toEqual({});
  });
});
