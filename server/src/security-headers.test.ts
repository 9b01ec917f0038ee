/**
 * The security headers are helmet's, made once at start-up (security.ts securityHeaders, issue 35):
 * each answer gets exactly what helmet's middleware would have set, in its order, with a nonce of
 * its own in the policy.
 */
import type { Request, RequestHandler, Response } from 'express';
import { describe, expect, it } from 'vitest';
import type { Config } from './config.ts';
import { cspNonce, helmetFor, securityHeaders } from './security.ts';
import { testConfig } from './test-helpers.ts';

/** The headers a middleware leaves on a fresh answer, in the order it set them (removed ones named null). */
function headersOf(middleware: RequestHandler, res = answer()): { res: Response; headers: Array<[string, unknown]> } {
  middleware({} as Request, res, (error?: unknown) => {
    if (error) throw error;
  });
  return { res, headers: (res as unknown as { steps: Array<[string, unknown]> }).steps };
}

function answer(): Response {
  const steps: Array<[string, unknown]> = [];
  return {
    steps,
    locals: {},
    setHeader: (name: string, value: unknown) => steps.push([name.toLowerCase(), value]),
    removeHeader: (name: string) => steps.push([name.toLowerCase(), null]),
  } as unknown as Response;
}

const configs: Array<[string, Config]> = [
  ['sandbox mode', testConfig()],
  ['live mode', { ...testConfig({ ADYEN_ENVIRONMENT: 'live' }), mode: 'live' }],
  ['production', { ...testConfig(), production: true }],
];

describe('security headers', () => {
  it.each(configs)("when %s, then an answer gets helmet's headers, its own nonce in the policy", (_name, config) => {
    const ours = headersOf(securityHeaders(config));
    const nonce = cspNonce(ours.res);
    const helmets = headersOf(
      helmetFor(config, () => nonce),
      answer(),
    );
    expect(ours.headers).toEqual(helmets.headers);
    expect(String(ours.headers.find(([name]) => name === 'content-security-policy')?.[1])).toContain(
      `'nonce-${nonce}'`,
    );
  });

  it('when two answers are made, then each has a nonce of its own, 16 random bytes', () => {
    const middleware = securityHeaders(testConfig());
    const nonces = Array.from({ length: 300 }, () => cspNonce(headersOf(middleware).res));
    expect(new Set(nonces).size).toBe(300);
    for (const nonce of nonces) expect(Buffer.from(nonce, 'base64')).toHaveLength(16);
  });
});
