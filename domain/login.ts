// Login decisions: storefront §4 Authentication, storefront §6 (E000, allowed domains), storefront §8 login errors.
import { isTokenValid } from './expiry.ts';
import type { Instant } from './time.ts';

export type LoginStep = 'authorize' | 'reuseToken' | 'refresh' | 'guest';

export interface LoginState {
  /** Credentials were given (redirect to authorize). */
  hasCredentials?: boolean;
  /** Expiry of the current access token, if any. */
  accessTokenExpiresAt?: Instant;
  hasRefreshToken?: boolean;
}

/** Credentials → authorize; else reuse a token valid with the 60 s margin; else refresh; else guest. */
export function loginDecision(state: LoginState, now: Instant): LoginStep {
  if (state.hasCredentials) return 'authorize';
  if (isTokenValid(state.accessTokenExpiresAt, now)) return 'reuseToken';
  if (state.hasRefreshToken) return 'refresh';
  return 'guest';
}

export const MAX_REFRESH_RETRIES = 1;

/** One retry (after clearing auth) when refresh fails with 'invalid refresh_token' or EXPIRED_TOKEN. */
export function shouldRetryAfterRefreshFailure(errorMessage: string | null | undefined, retriesSoFar: number): boolean {
  if (retriesSoFar >= MAX_REFRESH_RETRIES) return false;
  const message = errorMessage ?? '';
  return message.includes('invalid refresh_token') || message.includes('EXPIRED_TOKEN');
}

/**
 * A refresh the platform refused (issue 30): the refresh token is dead (revoked elsewhere, expired,
 * unknown) and asking again cannot help. RFC 6749 §5.2's `invalid_grant` (SLAS answers it with 400,
 * some gateways with 401), or the spec's 'invalid refresh_token' and EXPIRED_TOKEN. Anything else is
 * the platform failing, not the token: a 5xx, no answer at all, or `invalid_client` (the shop's own
 * client configuration).
 */
export function isRefreshRefused(answer: {
  status: number;
  error?: string | null | undefined;
  message?: string | null | undefined;
}): boolean {
  if (answer.status !== 400 && answer.status !== 401) return false;
  return answer.error === 'invalid_grant' || shouldRetryAfterRefreshFailure(answer.message, 0);
}

export const LOGIN_ERRORS = {
  vinConnectedToAnotherUser: 'E001: The VIN is connected to another user',
  tokenError: 'FORGEROCK Token Error',
  mismatchedUserInProduction: 'E000',
} as const;

export type MismatchedUserOutcome = 'allowed' | 'E000' | 'denied';

/**
 * Logging in as a user other than the vehicle's owner: allowed for allow-listed domains in development and test
 * only; production gives E000; otherwise denied.
 */
export function mismatchedUserOutcome(options: { production: boolean; domainAllowed: boolean }): MismatchedUserOutcome {
  if (options.production) return 'E000';
  return options.domainAllowed ? 'allowed' : 'denied';
}

export interface ExternalLoginResult {
  idToken?: string | null;
  /** Customer-relations id from the id token's identifier attributes. */
  customerRelationsId?: string | null;
  /** Directory UID from the id token's identifier attributes. */
  directoryUid?: string | null;
}

/** The login fails unless an id token exists whose identifiers hold a customer-relations id and a directory UID. */
export function hasRequiredIdentifiers(result: ExternalLoginResult): boolean {
  return Boolean(result.idToken?.trim() && result.customerRelationsId?.trim() && result.directoryUid?.trim());
}

/** Registered means a registered refresh token is present. */
export function customerAuthType(hasRegisteredRefreshToken: boolean): 'registered' | 'guest' {
  return hasRegisteredRefreshToken ? 'registered' : 'guest';
}
