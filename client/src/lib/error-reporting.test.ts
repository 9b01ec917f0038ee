import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api/client.ts';
import { beforeBreadcrumb, beforeSend, requestIdOf, SAMPLING, TUNNEL } from './error-reporting-sentry.ts';

const startSentry = vi.fn();
vi.mock('./error-reporting-sentry.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./error-reporting-sentry.ts')>()),
  startSentry: (...args: unknown[]) => startSentry(...args),
}));

/** A fresh copy of the loader: it starts once per page. */
const loader = async () => {
  vi.resetModules();
  return import('./error-reporting.ts');
};

const siteAnswer = (body: unknown) =>
  vi.fn(
    async () => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } }),
  );

const REPORTING = { dsn: 'http://sandboxpublickey@localhost:4010/sentry/1', release: 'shop@1', environment: 'sandbox' };

afterEach(() => {
  startSentry.mockReset();
  delete window.__earlyErrors;
  window.onerror = null;
  window.onunhandledrejection = null;
});

describe('the loader (lib/error-reporting.ts)', () => {
  it("when the site's configuration names no DSN, then the SDK is not loaded and the held errors and handlers go", async () => {
    const fetch = siteAnswer({ id: 'aurora' });
    vi.stubGlobal('fetch', fetch);
    const hold = () => undefined;
    window.__earlyErrors = [['boom']];
    window.onerror = hold;
    window.onunhandledrejection = hold;
    const { startErrorReporting } = await loader();
    expect(await startErrorReporting('borealis')).toBe(false);
    expect(fetch).toHaveBeenCalledWith(
      '/api/site?site=borealis',
      expect.objectContaining({ credentials: 'same-origin' }),
    );
    expect(startSentry).not.toHaveBeenCalled();
    expect(window.__earlyErrors).toBeUndefined();
    expect(window.onerror).toBeNull();
    expect(window.onunhandledrejection).toBeNull();
  });

  it('when it names a DSN, then the SDK starts with it and the errors held before', async () => {
    vi.stubGlobal('fetch', siteAnswer({ id: 'aurora', errorReporting: REPORTING }));
    window.__earlyErrors = [['boom', 'app.js', 1, 2, new Error('boom')]];
    const { startErrorReporting } = await loader();
    expect(await startErrorReporting()).toBe(true);
    expect(startSentry).toHaveBeenCalledWith(REPORTING, [['boom', 'app.js', 1, 2, expect.any(Error)]]);
    expect(window.__earlyErrors).toBeUndefined();
  });

  it('when the configuration cannot be read, then it resolves false and does not start', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const { startErrorReporting } = await loader();
    expect(await startErrorReporting()).toBe(false);
    expect(startSentry).not.toHaveBeenCalled();
  });

  it('when started twice on a page, then the configuration is read once', async () => {
    const fetch = siteAnswer({ id: 'aurora' });
    vi.stubGlobal('fetch', fetch);
    const { startErrorReporting } = await loader();
    await Promise.all([startErrorReporting(), startErrorReporting()]);
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});

describe('the SDK options (lib/error-reporting-sentry.ts)', () => {
  it('when sampling, then every session and error, and one replay in five (storefront §9)', () => {
    expect(SAMPLING).toEqual({ errors: 1, replaysSession: 0.2, replaysOnError: 0 });
    expect(TUNNEL).toBe('/api/monitoring');
  });

  const failing = (url: string, status: number, requestId: string | null) => {
    const headers = new Headers(requestId ? { 'x-request-id': requestId } : {});
    return [
      { category: 'fetch', type: 'http', data: { method: 'GET', url, status_code: status } },
      { response: new Response(null, { status, headers }) },
    ] as const;
  };

  it("when an API call fails, then its breadcrumb carries the answer's request id, without the query", () => {
    const [crumb, hint] = failing('http://localhost/api/vehicles/lookup?carvin=ZAAAA1000AA000001', 502, 'req-502');
    expect(beforeBreadcrumb({ ...crumb }, hint)).toEqual({
      category: 'fetch',
      type: 'http',
      data: { method: 'GET', url: 'http://localhost/api/vehicles/lookup', status_code: 502, request_id: 'req-502' },
    });
  });

  it('when the SDK posts to the tunnel, then no breadcrumb records it', () => {
    const [crumb, hint] = failing(`http://localhost${TUNNEL}`, 200, null);
    expect(beforeBreadcrumb({ ...crumb }, hint)).toBeNull();
  });

  it('when an ApiError has a problem, then its instance is the request id', () => {
    const error = new ApiError(502, { type: 'x', title: 't', status: 502, detail: 'd', instance: 'req-problem' });
    expect(requestIdOf(error)).toBe('req-problem');
  });

  it('when an ApiError has no problem body, then the last failing answer of its status gives the id', () => {
    const [crumb, hint] = failing('/api/basket', 503, 'req-503');
    beforeBreadcrumb({ ...crumb }, hint);
    expect(requestIdOf(new ApiError(503, undefined))).toBe('req-503');
    expect(requestIdOf(new ApiError(500, undefined))).toBeUndefined();
  });

  it('when the error is not an API error, then it has no request id', () => {
    expect(requestIdOf(new TypeError('x is undefined'))).toBeUndefined();
    expect(requestIdOf('boom')).toBeUndefined();
  });

  it('when an event is sent, then it is tagged with the request id and scrubbed of personal data', () => {
    const error = new ApiError(502, { type: 'x', title: 't', status: 502, detail: 'd', instance: 'req-event' });
    const event = {
      type: undefined,
      tags: { page: 'checkout' },
      user: { email: 'alex.owner@example.com' },
      message: 'Payment failed for alex.owner@example.com, card 4242 4242 4242 4242',
    };
    expect(beforeSend(event, { originalException: error })).toEqual({
      type: undefined,
      tags: { page: 'checkout', request_id: 'req-event' },
      message: 'Payment failed for [email], card [card]',
    });
  });
});
