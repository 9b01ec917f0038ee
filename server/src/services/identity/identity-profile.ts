/**
 * The commerce profile follows the identity provider (issue 31; docs/decisions/030). The shop's
 * login names the shopper to the commerce platform by the directory UID, never by e-mail, so:
 *
 * - the e-mail the shopper has now at the identity provider (the id token's) is written to the
 *   profile when it differs, so the account pages, the basket and the payment providers use the
 *   address he has now, also after he changed it there;
 * - a shopper SLAS has just created bears the login (the UID) as first and last name, as SLAS's
 *   trusted-system guide says it does; those get the id token's `given_name` and `family_name`.
 *
 * A refused or failed update is logged and the login goes on.
 */
import type { AppContext } from '../../context.ts';
import type { RequestScope } from './shopper.ts';
import { updateCustomer } from '../../upstream/commerce/customers.ts';

export interface ProfileNames {
  email?: string | null | undefined;
  firstName?: string | null | undefined;
  lastName?: string | null | undefined;
}

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The profile fields to write so that the profile follows the identity provider (none: `{}`). */
export function profileChanges(
  profile: ProfileNames,
  identity: { directoryUid: string; email: string; givenName?: string | undefined; familyName?: string | undefined },
): { email?: string; firstName?: string; lastName?: string } {
  const changes: { email?: string; firstName?: string; lastName?: string } = {};
  if (identity.email && !(profile.email && sameEmail(profile.email, identity.email))) changes.email = identity.email;
  if (identity.givenName && profile.firstName === identity.directoryUid) changes.firstName = identity.givenName;
  if (identity.familyName && profile.lastName === identity.directoryUid) changes.lastName = identity.familyName;
  return changes;
}

/** Writes the changes `profileChanges` finds; answers the profile's fields as they are afterwards. */
export async function followIdentityProfile(
  ctx: AppContext,
  scope: Pick<RequestScope, 'signal' | 'log'>,
  input: {
    siteId: string;
    customerId: string;
    profile: ProfileNames;
    identity: Parameters<typeof profileChanges>[1];
    headers: Record<string, string>;
  },
): Promise<ProfileNames> {
  const changes = profileChanges(input.profile, input.identity);
  if (Object.keys(changes).length === 0) return input.profile;
  try {
    const { response } = await updateCustomer(
      ctx,
      { customerId: input.customerId, siteId: input.siteId, headers: input.headers, signal: scope.signal },
      changes,
    );
    if (response.ok) return { ...input.profile, ...changes };
    scope.log.warn({ status: response.status, fields: Object.keys(changes) }, 'commerce profile not updated');
  } catch (error) {
    scope.log.warn({ err: error, fields: Object.keys(changes) }, 'commerce profile not updated');
  }
  return input.profile;
}
