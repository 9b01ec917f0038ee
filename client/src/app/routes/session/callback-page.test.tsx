/**
 * The login's return page (storefront §8 Login: "E001: The VIN is connected to another user",
 * "FORGEROCK Token Error"): the failure in the page's language, chosen by the problem's code
 * (issue 14), never the proxy's English detail.
 */
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { adoptSession, type Session } from '../../../lib/api/get-session.ts';
import { holdReadsOnLoginReturn, releaseReads } from '../../../lib/api/read-hold.ts';
import cs from '../../../../../catalogues/cs.json' with { type: 'json' };
import en from '../../../../../catalogues/en.json' with { type: 'json' };
import { setLocale } from '../../../lib/i18n.ts';
import { operationExample, SESSION_STUB, stubApi } from '../../../testing/api-stub.ts';
import { renderApp } from '../../../testing/render-app.tsx';

const failed = (status: number, body: Record<string, unknown>) =>
  stubApi([SESSION_STUB, ['POST', /\/api\/session\/login\/callback$/, { status, body }]]);

/** The alert, once the Czech catalogue has come: before it, the page may speak English for a moment. */
const expectCzechAlert = (text: string) => waitFor(() => expect(screen.getByRole('alert').textContent).toBe(text));

describe('login callback failures (storefront §8 Login)', () => {
  it('when the vehicle belongs to another user (E001), then a Czech page says E001 in Czech', async () => {
    failed(403, {
      type: 'https://shop.example/problems/vin-connected-to-another-user',
      title: 'Vehicle belongs to another user',
      status: 403,
      detail: 'E001: The VIN is connected to another user',
      code: 'E001',
    });
    renderApp('/cs-CZ/callback?code=abc&state=xyz');
    await expectCzechAlert(cs.problems.code.E001);
    expect(cs.problems.code.E001).toMatch(/^E001: /);
    expect(screen.queryByText('E001: The VIN is connected to another user')).toBeNull();
  });

  it('when the token exchange fails, then "FORGEROCK Token Error" in the page language', async () => {
    failed(401, {
      type: 'https://shop.example/problems/forgerock-token-error',
      title: 'Login failed',
      status: 401,
      detail: 'FORGEROCK Token Error',
      code: 'FORGEROCK_TOKEN_ERROR',
    });
    renderApp('/cs-CZ/callback?code=abc&state=xyz');
    await expectCzechAlert(cs.problems.code.tokenError);
  });

  it('when the failure has no words of its own, then the translated login failure', async () => {
    failed(502, {
      type: 'https://shop.example/problems/upstream-error',
      title: 'x',
      status: 502,
      detail: 'Upstream x failed.',
    });
    renderApp('/cs-CZ/callback?code=abc&state=xyz');
    await expectCzechAlert(cs.login.failed);
  });

  it('when the failure is shown before the page’s language has come, then its words follow the language', async () => {
    failed(502, {
      type: 'https://shop.example/problems/upstream-error',
      title: 'x',
      status: 502,
      detail: 'Upstream x failed.',
    });
    renderApp('/en-GB/callback?code=abc&state=xyz');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(en.login.failed));
    // The Czech catalogue arrives after the failure: the same failure, now in Czech.
    await act(() => setLocale('cs-CZ'));
    expect(screen.getByRole('alert').textContent).toBe(cs.login.failed);
  });

  it('when the signed-in user may not see the vehicle (E000), then /restricted-access (§6, §8)', async () => {
    failed(403, {
      type: 'https://shop.example/problems/user-mismatch',
      title: 'User mismatch',
      status: 403,
      detail: 'E000: The logged-in user is not the owner of this vehicle',
      code: 'E000',
      redirectUrl: '/restricted-access',
    });
    const { router } = renderApp('/cs-CZ/callback?code=abc&state=xyz');
    await waitFor(() => expect(router.state.location.pathname).toBe('/cs-CZ/restricted-access'));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('the reads of the login’s return page (issue 30, docs/decisions/026)', () => {
  afterEach(releaseReads);

  it('when the login has not answered yet, then no read has gone with the pre-login cookie; once it has, the held reads go', async () => {
    let answerLogin = () => {};
    const loginAnswered = new Promise<void>((resolve) => (answerLogin = resolve));
    const loggedIn = operationExample('/session/login/callback', 'post', 200, 'loggedIn');
    const stub = stubApi([SESSION_STUB, ['POST', /\/api\/session\/login\/callback$/, { body: loggedIn }]]);
    // The POST is answered only when the test says so: hold fetch's answer for it.
    const answer = globalThis.fetch;
    globalThis.fetch = async (...args: Parameters<typeof fetch>) => {
      const response = await answer(...args);
      if (new Request(args[0]).method === 'POST') await loginAnswered;
      return response;
    };
    adoptSession((SESSION_STUB[2] as { body: Session }).body);
    holdReadsOnLoginReturn('/callback');
    const { router } = renderApp('/en-GB/callback?code=abc&state=xyz');
    await waitFor(() => expect(stub.calls.map((call) => call.method)).toContain('POST'));
    // The shell, the header and SWR would each read now; they wait for the login.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(stub.calls.map((call) => `${call.method} ${call.path}`)).toEqual(['POST /api/session/login/callback']);
    answerLogin();
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/my-subscriptions'));
    await waitFor(() => expect(stub.calls.filter((call) => call.method === 'GET').length).toBeGreaterThan(0));
  });

  it('when the return page has no code (the login was cancelled), then the reads go at once', async () => {
    const stub = stubApi([SESSION_STUB]);
    holdReadsOnLoginReturn('/callback/forgerock');
    renderApp('/en-GB/callback/forgerock?error_description=Cancelled');
    expect((await screen.findByRole('alert')).textContent).toBe('Cancelled');
    await waitFor(() => expect(stub.calls.some((call) => call.method === 'GET')).toBe(true));
  });

  it('when a page is not the login’s return page, then nothing is held', () => {
    for (const rest of ['/checkout', '/callbacks', '/account/callback', '/']) {
      holdReadsOnLoginReturn(rest);
    }
    const stub = stubApi([SESSION_STUB]);
    renderApp('/en-GB/home');
    return waitFor(() => expect(stub.calls.some((call) => call.path.startsWith('/api/session'))).toBe(true));
  });
});
