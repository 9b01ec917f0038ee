/**
 * The CSP form-action for Adyen's redirect by POST (issue 14, decision 013): the component (or the
 * sandbox card form) submits a form with the action's data to the action's URL, so the sandbox's
 * Adyen stand-in is allowed in sandbox mode, and only the configured Adyen environment's hosts
 * (with the other providers') in live mode.
 * In live mode the issuer's own pages (a native 3-D Secure 2 ACS framed by Adyen Web, a redirect by
 * POST to the bank) are any https host, in frame-src and form-action only (decision 013, amendment
 * of 2026-11-25; help.adyen.com on CSP and 3-D Secure, docs.stripe.com/security/guide).
 */
import express from 'express';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, securityHeaders } from './security.ts';
import { testConfig } from './test-helpers.ts';

describe('form-action for redirects by POST', () => {
  it("when sandbox mode, then the form may post to this origin and the Adyen stand-in's origin only", () => {
    const config = testConfig({ ADYEN_BASE_URL: 'http://localhost:4010/adyen/v71' });
    const directives = contentSecurityPolicy({ ...config, mode: 'sandbox' });
    expect(directives['form-action']).toEqual(["'self'", 'http://localhost:4010']);
  });

  it("when live mode, then the configured Adyen environment's hosts and no sandbox origin", () => {
    const config = testConfig({ ADYEN_BASE_URL: 'http://localhost:4010/adyen/v71', ADYEN_ENVIRONMENT: 'live' });
    const directives = contentSecurityPolicy({ ...config, mode: 'live' });
    expect(directives['form-action']).toEqual(
      expect.arrayContaining(["'self'", 'https://checkoutshopper-live.adyen.com']),
    );
    expect(directives['form-action']).not.toContain('http://localhost:4010');
  });
});

describe("the issuer's 3-D Secure pages", () => {
  const live = () => contentSecurityPolicy({ ...testConfig({ ADYEN_ENVIRONMENT: 'live' }), mode: 'live' });

  it("when live mode, then a frame and a form may go to any https host (the issuer's ACS), not to http", () => {
    const directives = live();
    expect(directives['frame-src']).toContain('https:');
    expect(directives['form-action']).toContain('https:');
    for (const name of ['frame-src', 'form-action']) {
      expect(directives[name]).not.toContain('*');
      expect(directives[name]).not.toContain('http:');
    }
  });

  it('when live mode, then scripts, styles, connections and images keep their host lists', () => {
    const directives = live();
    for (const name of ['default-src', 'script-src', 'style-src', 'connect-src', 'img-src']) {
      expect(directives[name]).not.toContain('https:');
      expect(directives[name]).not.toContain('*');
    }
    expect(directives['frame-ancestors']).toEqual(["'none'"]);
  });

  it("when live mode, then Stripe.js's frames and scripts as Stripe's security guide lists them", () => {
    const directives = live();
    expect(directives['frame-src']).toEqual(
      expect.arrayContaining(['https://*.js.stripe.com', 'https://js.stripe.com', 'https://hooks.stripe.com']),
    );
    expect(directives['script-src']).toEqual(
      expect.arrayContaining(['https://*.js.stripe.com', 'https://js.stripe.com']),
    );
    expect(directives['connect-src']).toContain('https://api.stripe.com');
  });

  it("when sandbox mode, then frames stay this origin's and the video's (the sandbox challenge is in the page)", () => {
    const config = testConfig({ ADYEN_BASE_URL: 'http://localhost:4010/adyen/v71' });
    const directives = contentSecurityPolicy({ ...config, mode: 'sandbox' });
    expect(directives['frame-src']).toEqual(["'self'", 'https://www.youtube-nocookie.com', 'https://www.youtube.com']);
    expect(directives['form-action']).not.toContain('https:');
  });

  it('when live mode, then the header a page is served with carries them', async () => {
    const app = express();
    app.use(securityHeaders({ ...testConfig({ ADYEN_ENVIRONMENT: 'live' }), mode: 'live' }));
    app.get('/checkout', (_req, res) => res.send('<!doctype html>'));
    const server = app.listen(0);
    try {
      const { port } = server.address() as AddressInfo;
      const csp = (await fetch(`http://127.0.0.1:${port}/checkout`)).headers.get('content-security-policy') ?? '';
      const directive = (name: string) =>
        csp
          .split(';')
          .find((d) => d.trim().startsWith(`${name} `))
          ?.trim() ?? '';
      expect(directive('frame-src').split(' ')).toContain('https:');
      expect(directive('form-action').split(' ')).toContain('https:');
      expect(directive('script-src').split(' ')).not.toContain('https:');
    } finally {
      server.close();
    }
  });
});
