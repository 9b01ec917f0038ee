/**
 * Reads wait while the session changes its id (issue 30, docs/decisions/026-session-rotation.md): a
 * read asked during the logout is sent once the logout has answered, with the cookie it set.
 */
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { operationExample, SESSION_STUB, stubApi } from '../../testing/api-stub.ts';
import { setCsrfToken } from './client.ts';
import { preloadSession } from './get-session.ts';
import { useLogout } from './logout.ts';
import { LONGEST_HOLD_MS, holdReads, readsHeld, releaseReads } from './read-hold.ts';

const wrapper = ({ children }: { children: ReactNode }) => (
  <SWRConfig value={{ provider: () => new Map() }}>{children}</SWRConfig>
);

afterEach(releaseReads);

describe('reads held while the session changes its id (issue 30)', () => {
  it('when a read is asked while the logout runs, then it is sent only after the logout has answered', async () => {
    let answerLogout = () => {};
    const logoutAnswered = new Promise<void>((resolve) => (answerLogout = resolve));
    const loggedOut = operationExample('/session/logout', 'post', 200, 'withToken');
    const stub = stubApi([SESSION_STUB, ['POST', /\/api\/session\/logout$/, { body: loggedOut }]]);
    const answer = globalThis.fetch;
    globalThis.fetch = async (...args: Parameters<typeof fetch>) => {
      const response = await answer(...args);
      if (new Request(args[0]).method === 'POST') await logoutAnswered;
      return response;
    };
    setCsrfToken('csrf-test-token');
    const { result } = renderHook(() => useLogout(), { wrapper });
    let done: Promise<unknown> = Promise.resolve();
    act(() => {
      done = result.current();
    });
    await waitFor(() => expect(stub.calls.map((call) => call.method)).toEqual(['POST']));
    preloadSession('fr-FR');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(stub.calls.map((call) => `${call.method} ${call.path}`)).toEqual(['POST /api/session/logout']);
    answerLogout();
    await act(() => done);
    await waitFor(() => expect(stub.calls.map((call) => call.path)).toContain('/api/session?locale=fr-FR'));
  });

  it('when the logout fails, then the reads are let go all the same', async () => {
    stubApi([['POST', /\/api\/session\/logout$/, { status: 503, body: { title: 'Unavailable', status: 503 } }]]);
    setCsrfToken('csrf-test-token');
    const { result } = renderHook(() => useLogout(), { wrapper });
    await act(() => result.current().catch(() => undefined));
    expect(readsHeld()).toBeUndefined();
  });

  it(`when nothing lets the reads go, then they go after ${LONGEST_HOLD_MS / 1000} s rather than never`, async () => {
    vi.useFakeTimers();
    try {
      holdReads();
      const held = readsHeld();
      expect(held).toBeDefined();
      vi.advanceTimersByTime(LONGEST_HOLD_MS);
      await held;
      expect(readsHeld()).toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });
});
