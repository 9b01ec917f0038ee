import { describe, expect, it } from 'vitest';
import {
  customerAuthType,
  hasRequiredIdentifiers,
  isRefreshRefused,
  loginDecision,
  mismatchedUserOutcome,
  shouldRetryAfterRefreshFailure,
  type ExternalLoginResult,
  type LoginState,
} from './login.ts';

const NOW = Date.parse('2025-06-01T12:00:00Z');

describe('loginDecision', () => {
  it.each<[string, LoginState, string]>([
    // storefront §4 Authentication step 1: credentials → authorize
    [
      'credentials are given',
      { hasCredentials: true, accessTokenExpiresAt: NOW + 3_600_000, hasRefreshToken: true },
      'authorize',
    ],
    // step 2: reuse the current token if valid (60 s margin)
    ['a token valid for 1 hour exists', { accessTokenExpiresAt: NOW + 3_600_000, hasRefreshToken: true }, 'reuseToken'],
    [
      'a token expiring in 30 s and a refresh token exist',
      { accessTokenExpiresAt: NOW + 30_000, hasRefreshToken: true },
      'refresh',
    ],
    // step 3: refresh if a refresh token exists
    ['only a refresh token exists', { hasRefreshToken: true }, 'refresh'],
    // step 4: guest
    ['an expired token and no refresh token exist', { accessTokenExpiresAt: NOW - 1 }, 'guest'],
    ['nothing exists', {}, 'guest'],
  ])('when %s, then the decision is %s', (_label, state, expected) => {
    expect(loginDecision(state, NOW)).toBe(expected);
  });
});

describe('shouldRetryAfterRefreshFailure', () => {
  it.each<[string | undefined, number, boolean]>([
    // storefront §4: "One retry happens after clearing auth when refresh fails with 'invalid refresh_token' or EXPIRED_TOKEN"
    ['invalid refresh_token', 0, true],
    ['Error: EXPIRED_TOKEN', 0, true],
    ['invalid refresh_token', 1, false],
    ['network down', 0, false],
    [undefined, 0, false],
  ])('when refresh fails with "%s" after %i retries, then retry is %s', (message, retries, expected) => {
    expect(shouldRetryAfterRefreshFailure(message, retries)).toBe(expected);
  });
});

describe('isRefreshRefused', () => {
  it.each<[string, { status: number; error?: string; message?: string }, boolean]>([
    // RFC 6749 §5.2: a dead refresh token is invalid_grant; SLAS answers 400, a gateway may answer 401.
    [
      '400 invalid_grant',
      { status: 400, error: 'invalid_grant', message: 'invalid_grant: Invalid Refresh Token' },
      true,
    ],
    ['401 invalid_grant', { status: 401, error: 'invalid_grant' }, true],
    // storefront §4's words, whatever the error code
    ['400 invalid refresh_token', { status: 400, message: 'invalid_request: invalid refresh_token' }, true],
    ['400 EXPIRED_TOKEN', { status: 400, message: 'EXPIRED_TOKEN' }, true],
    // the shop's own client, or the platform failing: not the token's fault
    ['401 invalid_client', { status: 401, error: 'invalid_client', message: 'Client authentication failed.' }, false],
    ['503', { status: 503, error: 'invalid_grant' }, false],
    ['500 without body', { status: 500 }, false],
  ])('when the refresh answers %s, then refused is %s', (_label, answer, expected) => {
    expect(isRefreshRefused(answer)).toBe(expected);
  });
});

describe('login errors', () => {
  it.each([
    // storefront §6: allowed-domain list works in development and test only; production gives E000
    [true, true, 'E000'],
    [true, false, 'E000'],
    [false, true, 'allowed'],
    [false, false, 'denied'],
  ])('when production is %s and the domain is allowed: %s, then the outcome is %s', (production, allowed, expected) => {
    expect(mismatchedUserOutcome({ production, domainAllowed: allowed })).toBe(expected);
  });
});

describe('hasRequiredIdentifiers', () => {
  it.each<[string, ExternalLoginResult, boolean]>([
    // storefront §4: fails unless an id token exists with a customer-relations id and a directory UID
    ['all three are present', { idToken: 'jwt', customerRelationsId: 'crm1', directoryUid: 'uid1' }, true],
    ['the id token is missing', { customerRelationsId: 'crm1', directoryUid: 'uid1' }, false],
    ['the customer-relations id is missing', { idToken: 'jwt', directoryUid: 'uid1' }, false],
    ['the directory UID is blank', { idToken: 'jwt', customerRelationsId: 'crm1', directoryUid: ' ' }, false],
  ])('when %s, then the login may proceed: %s', (_label, result, expected) => {
    expect(hasRequiredIdentifiers(result)).toBe(expected);
  });

  it.each([
    // storefront §4: "Registered means a registered refresh token is present"
    [true, 'registered'],
    [false, 'guest'],
  ])('when a registered refresh token is present: %s, then the customer is %s', (present, expected) => {
    expect(customerAuthType(present)).toBe(expected);
  });
});
