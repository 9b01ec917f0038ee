/**
 * The CSP form-action for Adyen's redirect by POST (issue 14, decision 013): the component (or the
 * sandbox card form) submits a form with the action's data to the action's URL, so the sandbox's
 * Adyen stand-in is allowed in sandbox mode, and only the configured Adyen environment's hosts
 * (with the other providers') in live mode.
 */
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from './security.ts';
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
