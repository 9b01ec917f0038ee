/**
 * The commerce platform's Shopper Customers calls, the only code that makes them
 * (https://developer.salesforce.com/docs/commerce/commerce-api/references/shopper-customers): a
 * registered customer's profile and address book, always with that customer's own token, so no
 * customer reads another's. Each answers openapi-fetch's `{ data, error, response }` unchanged.
 */
import type { components } from '../../../../generated/commerce/types.ts';
import type { AppContext } from '../../context.ts';
import type { Shopper } from '../../services/identity/shopper.ts';

type Commerce = components['schemas'];

/** Whose profile: the customer, their site, their token's headers, and the request's signal. */
export interface CustomerOf {
  customerId: string;
  siteId: string;
  headers: Record<string, string>;
  signal?: AbortSignal | undefined;
}

/** A registered shopper's own profile, with their token; undefined for a guest, who has none. */
export function registeredCustomer(
  shopper: Pick<Shopper, 'session' | 'tokens' | 'siteId' | 'headers' | 'signal'>,
): CustomerOf | undefined {
  const customerId = shopper.session.authType === 'registered' ? shopper.tokens.customerId : undefined;
  return customerId
    ? { customerId, siteId: shopper.siteId, headers: shopper.headers, signal: shopper.signal }
    : undefined;
}

const CUSTOMER = '/customer/shopper-customers/v1/organizations/{organizationId}/customers/{customerId}' as const;

const call = (ctx: AppContext, of: CustomerOf) => ({
  params: {
    path: { organizationId: ctx.config.credentials.commerce.organizationId, customerId: of.customerId },
    query: { siteId: of.siteId },
  },
  headers: of.headers,
  ...(of.signal ? { signal: of.signal } : {}),
});

/** getCustomer: the profile, with the address book. */
export const getCustomer = (ctx: AppContext, of: CustomerOf) => ctx.upstreams.commerce.GET(CUSTOMER, call(ctx, of));

/** updateCustomer: the profile's fields in `changes`. */
export const updateCustomer = (ctx: AppContext, of: CustomerOf, changes: Commerce['Customer']) =>
  ctx.upstreams.commerce.PATCH(CUSTOMER, { ...call(ctx, of), body: changes });

/** createCustomerAddress: one address added to the address book. */
export const createCustomerAddress = (ctx: AppContext, of: CustomerOf, address: Commerce['CustomerAddress']) =>
  ctx.upstreams.commerce.POST(`${CUSTOMER}/addresses`, { ...call(ctx, of), body: address });
