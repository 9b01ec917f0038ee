/**
 * The analytics tag manager (storefront §7 "An analytics tag manager … is loaded"; issue 15): a
 * Google Tag Manager container per site from GTM_CONTAINER_IDS, none by default; the site's
 * configuration (GET /api/site) names its container; the CSP allows Google's hosts only when some
 * site has one (https://developers.google.com/tag-platform/security/guides/csp).
 */
import express from 'express';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../mocks/sandbox/src/app.ts';
import { buildSandbox } from '../../mocks/sandbox/src/sandbox.ts';
import { loadConfig } from './config.ts';
import { contentSecurityPolicy, securityHeaders } from './security.ts';
import type { ProxyServer } from './server.ts';
import { configProblems, startTestServer, testConfig } from './test-helpers.ts';
import { expectConforms } from './testing/conformance.ts';

const problemsOf = configProblems;

describe('GTM_CONTAINER_IDS', () => {
  it('when unset, then no site has a container', () => {
    expect(loadConfig({}).tagManagerContainerIds).toEqual({});
  });

  it('when site:GTM-… pairs are given, then each site has its container', () => {
    const config = loadConfig({ GTM_CONTAINER_IDS: 'aurora:GTM-AURORA1, borealis:GTM-B0REAL' });
    expect(config.tagManagerContainerIds).toEqual({ aurora: 'GTM-AURORA1', borealis: 'GTM-B0REAL' });
    expect(loadConfig({ GTM_CONTAINER_IDS: 'borealis:GTM-B0REAL' }).tagManagerContainerIds).toEqual({
      borealis: 'GTM-B0REAL',
    });
  });

  it.each([
    ['an id not matching ^GTM-[A-Z0-9]+$', 'aurora:GTM-abc123'],
    ['an id of another product', 'aurora:G-ABC123'],
    ['an id with nothing after GTM-', 'aurora:GTM-'],
    ['an unknown site', 'nowhere:GTM-ABC123'],
    ['no site', 'GTM-ABC123'],
    ['a URL for an id', 'aurora:https://www.googletagmanager.com/gtm.js?id=GTM-ABC123'],
  ])('when a pair has %s, then the setting is refused and named', (_what, value) => {
    const problems = problemsOf({ GTM_CONTAINER_IDS: value });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^GTM_CONTAINER_IDS: '.*' is not site:GTM-XXXXXXX/);
  });

  it('when a site is named twice, then the setting is refused', () => {
    expect(problemsOf({ GTM_CONTAINER_IDS: 'aurora:GTM-ONE,aurora:GTM-TWO' })).toEqual([
      'GTM_CONTAINER_IDS: aurora is named twice',
    ]);
  });
});

describe("the CSP and the tag manager's hosts", () => {
  const all = (directives: Record<string, string[]>) => Object.values(directives).flat().join(' ');

  it('when no site has a container, then no Google host anywhere in the policy (the policy of before)', () => {
    for (const mode of ['sandbox', 'live'] as const) {
      const config = { ...testConfig({ ADYEN_ENVIRONMENT: 'live' }), mode };
      const directives = contentSecurityPolicy(config);
      expect(all(directives)).not.toMatch(/googletagmanager|google-analytics|analytics\.google|www\.google\.com/);
    }
    const sandbox = contentSecurityPolicy(testConfig());
    expect(sandbox['script-src']).toEqual(["'self'"]);
    expect(sandbox['connect-src']).toEqual(["'self'"]);
    expect(sandbox['img-src']).toEqual(["'self'", 'data:', 'http://localhost:4010']);
  });

  it("when a site has a container, then its script, images and connections as Google's CSP guide lists them", () => {
    const directives = contentSecurityPolicy(testConfig({ GTM_CONTAINER_IDS: 'borealis:GTM-B0REAL' }));
    expect(directives['script-src']).toEqual([
      "'self'",
      'https://www.googletagmanager.com',
      'https://*.googletagmanager.com',
    ]);
    expect(directives['img-src']).toEqual(
      expect.arrayContaining(['https://www.googletagmanager.com', 'https://*.google-analytics.com']),
    );
    expect(directives['connect-src']).toEqual(
      expect.arrayContaining([
        'https://www.googletagmanager.com',
        'https://www.google.com',
        'https://*.google-analytics.com',
        'https://*.analytics.google.com',
      ]),
    );
    // Nothing else widens: no inline scripts, no eval, no frames for Preview mode.
    expect(all(directives)).not.toMatch(/unsafe-inline|unsafe-eval/);
    expect(directives['frame-src']).not.toContain('https://www.googletagmanager.com');
  });

  it('when a page is served, then its header names the host only when a container is configured', async () => {
    const headerWith = async (env: Record<string, string>) => {
      const app = express();
      app.use(securityHeaders(testConfig(env)));
      app.get('/', (_req, res) => res.send('<!doctype html>'));
      const server = app.listen(0);
      try {
        const { port } = server.address() as AddressInfo;
        return (await fetch(`http://127.0.0.1:${port}/`)).headers.get('content-security-policy') ?? '';
      } finally {
        server.close();
      }
    };
    const without = await headerWith({});
    expect(without).not.toContain('googletagmanager');
    expect(without).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{20,}'/);
    const withContainer = await headerWith({ GTM_CONTAINER_IDS: 'aurora:GTM-AURORA1' });
    expect(withContainer).toMatch(
      /script-src 'self' https:\/\/www\.googletagmanager\.com https:\/\/\*\.googletagmanager\.com 'nonce-[A-Za-z0-9+/=]{20,}'/,
    );
  });
});

describe("getSiteConfig names the site's container", () => {
  let sandbox: Sandbox;
  let server: ProxyServer;
  let url: (path: string) => string;

  beforeAll(async () => {
    sandbox = buildSandbox();
    const port = await sandbox.start(0);
    ({ server, url } = await startTestServer(
      testConfig({ SANDBOX_URL: `http://localhost:${port}`, GTM_CONTAINER_IDS: 'aurora:GTM-AURORA1' }),
    ));
  });
  afterAll(async () => {
    await server.stop();
    await sandbox.stop();
  });

  it('when the site has a container, then its id; when it has none, then no field', async () => {
    const aurora = await fetch(url('/api/site?site=aurora&locale=en-GB'));
    const auroraBody: unknown = await aurora.json();
    expectConforms('getSiteConfig', aurora, auroraBody);
    expect(auroraBody).toMatchObject({ id: 'aurora', tagManagerContainerId: 'GTM-AURORA1' });

    const borealis = await fetch(url('/api/site?site=borealis&locale=en-GB'));
    const borealisBody = (await borealis.json()) as Record<string, unknown>;
    expectConforms('getSiteConfig', borealis, borealisBody);
    expect(borealisBody.id).toBe('borealis');
    expect(borealisBody).not.toHaveProperty('tagManagerContainerId');
  });
});
