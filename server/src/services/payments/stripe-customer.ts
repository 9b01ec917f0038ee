/** Stripe's payment customer of the shopper (storefront §4, §7), found, read back or created. */
import type { AppContext } from '../../context.ts';
import { getCustomer, registeredCustomer, updateCustomer } from '../../upstream/commerce/customers.ts';
import * as stripe from '../../upstream/stripe.ts';
import type { Shopper } from '../identity/shopper.ts';
import { asPaymentProblem, providerFailure } from './payment-problems.ts';

/** A stored customer as Stripe holds it now: null when deleted or missing (resource_missing). */
async function liveCustomer(ctx: AppContext, id: string): Promise<string | null> {
  const { data, error, response } = await stripe.retrieveCustomer(ctx, id).catch((failure: unknown) => {
    throw asPaymentProblem(failure);
  });
  if (data) return 'deleted' in data && data.deleted ? null : data.id;
  if (
    response.status === 404 &&
    (error as { error?: { code?: string } } | undefined)?.error?.code === 'resource_missing'
  )
    return null;
  throw providerFailure(response.status);
}

/**
 * The payment customer (§4 "the payment customer is found or created"; §7 find by sap id, get by
 * stripeCustomerId, create with sap_cdc_id, email, name, localeId and hostName): the one this
 * session stored for the same shopper, else the registered customer's `c_stripeCustomerId` (§3
 * Customer), when Stripe still holds it; else found by CDC id; else created, and a registered
 * customer's profile keeps its id. A stored customer that Stripe answers deleted or
 * `resource_missing` is replaced by a new one (§4, https://docs.stripe.com/error-codes#resource-missing).
 */
export async function customerFor(ctx: AppContext, shopper: Shopper, email: string, name: string): Promise<string> {
  const found = await existingCustomer(ctx, shopper);
  if (found) return found;
  const cdc = shopper.session.sapCdcId;
  const created = await stripe.createCustomer(ctx, {
    email,
    name,
    metadata: {
      ...(cdc ? { sap_cdc_id: cdc } : {}),
      localeId: shopper.locale,
      hostName: new URL(ctx.config.publicOrigin).host,
    },
  });
  if (!created.data) throw providerFailure(created.response.status);
  shopper.session.stripeCustomer = { id: created.data.id, ...(cdc ? { sapCdcId: cdc } : {}) };
  await keepOnProfile(ctx, shopper, created.data.id);
  return created.data.id;
}

/**
 * Writes the new payment customer's id on the registered customer's commerce profile
 * (`c_stripeCustomerId`), which any device of theirs reads before searching: Stripe's search is
 * not read-after-write (https://docs.stripe.com/search#data-freshness), so a second device within
 * the minute would otherwise create a second customer. Not written is logged, never fatal.
 */
async function keepOnProfile(ctx: AppContext, shopper: Shopper, id: string): Promise<void> {
  const customer = registeredCustomer(shopper);
  if (!customer) return;
  try {
    const { response } = await updateCustomer(ctx, customer, { c_stripeCustomerId: id });
    if (!response.ok) shopper.log.warn({ status: response.status }, 'payment customer not kept on the profile');
  } catch (error) {
    shopper.log.warn({ err: error }, 'payment customer not kept on the profile');
  }
}

/** The registered customer's `c_stripeCustomerId` as the commerce profile holds it; undefined when none or unreadable. */
async function profileCustomer(ctx: AppContext, shopper: Shopper): Promise<string | undefined> {
  const customer = registeredCustomer(shopper);
  if (!customer) return undefined;
  try {
    const { data } = await getCustomer(ctx, customer);
    const id = data?.c_stripeCustomerId;
    return typeof id === 'string' && id ? id : undefined;
  } catch (error) {
    shopper.log.warn({ err: error }, 'commerce profile not readable for the payment customer');
    return undefined;
  }
}

/**
 * The shopper's payment customer where one exists already (stored in the session, on the
 * registered customer's profile, or found by CDC id); none is created.
 */
export async function existingCustomer(ctx: AppContext, shopper: Shopper): Promise<string | undefined> {
  const cdc = shopper.session.sapCdcId;
  const stored = shopper.session.stripeCustomer;
  const remember = (id: string) => {
    shopper.session.stripeCustomer = { id, ...(cdc ? { sapCdcId: cdc } : {}) };
    return id;
  };
  if (stored && stored.sapCdcId === cdc) {
    const live = await liveCustomer(ctx, stored.id);
    if (live) return live;
    delete shopper.session.stripeCustomer;
    delete shopper.session.stripeSetupIntent;
  }
  const onProfile = await profileCustomer(ctx, shopper);
  if (onProfile && onProfile !== stored?.id) {
    const live = await liveCustomer(ctx, onProfile);
    if (live) return remember(live);
  }
  if (cdc) {
    const { data, response } = await stripe
      .searchCustomers(ctx, `metadata['sap_cdc_id']:'${cdc.replace(/'/g, '')}'`)
      .catch((error: unknown) => {
        throw asPaymentProblem(error);
      });
    // A search that failed is not "no customer": creating one then would give the shopper a second
    // payment customer (§4 creates one only when none is found).
    if (!data || !Array.isArray(data.data)) throw providerFailure(response.ok ? 502 : response.status);
    const found = data.data[0]?.id;
    if (found) return remember(found);
  }
  return undefined;
}
