/**
 * Maintenance polling (storefront §4 Maintenance, §9 "maintenance poll 120000 ms"): the status is
 * read once the page shows, then again 120000 ms after each answer; in maintenance the shopper is
 * taken to /maintenance, where polling stops.
 */
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SESSION_STUB, stubApi } from '../testing/api-stub.ts';
import { renderApp } from '../testing/render-app.tsx';
import { MAINTENANCE_POLL_MS } from './maintenance.ts';

afterEach(() => vi.restoreAllMocks());

describe('maintenance polling', () => {
  it('when a page shows, then the status is read, and read again 120000 ms after; in maintenance the page goes to /maintenance', async () => {
    let maintenance = false;
    const stub = stubApi([SESSION_STUB, ['GET', /\/api\/maintenance$/, () => ({ body: { maintenance } })]]);
    const later: Array<() => void> = [];
    const setTimer = globalThis.setTimeout;
    // The poll's timer is held here and fired by hand: the test waits for no 120 s.
    vi.spyOn(globalThis, 'setTimeout').mockImplementation(((callback: () => void, ms?: number) => {
      if (ms === MAINTENANCE_POLL_MS) {
        later.push(callback);
        return 0 as unknown as ReturnType<typeof setTimeout>;
      }
      return setTimer(callback, ms);
    }) as typeof setTimeout);
    const reads = () => stub.calls.filter((call) => call.path.startsWith('/api/maintenance')).length;

    // Fires the timers held so far (the poll's, and chunk-load time limits whose loads are done: no-ops).
    const fire = () => act(() => later.splice(0).forEach((callback) => callback()));

    const { router } = renderApp('/en-GB/terms-conditions');
    await waitFor(() => expect(reads()).toBe(1));
    await waitFor(() => expect(later.length).toBeGreaterThan(0));
    expect(MAINTENANCE_POLL_MS).toBe(120_000);
    // Nothing else reads the status before the poll's timer fires.
    await new Promise((resolve) => setTimer(resolve, 50));
    expect(reads()).toBe(1);

    maintenance = true;
    fire();
    await waitFor(() => expect(router.state.location.pathname).toBe('/en-GB/maintenance'));
    expect(reads()).toBe(2);
    expect(await screen.findByText("We'll be back soon")).toBeTruthy();
    // Polling stops on the maintenance page.
    fire();
    await new Promise((resolve) => setTimer(resolve, 50));
    expect(reads()).toBe(2);
  });
});
