/**
 * My Overview (account §2) and Help & Support (account §2, §7): the greeting, one vehicle of the
 * customer's with its picture by model and its expiring services; the help content assets, the
 * localised contact-us link and the FAQs.
 */
import type { components } from '../../../../generated/proxy/types.ts';
import { VEHICLE_IMAGES_ASSET_ID, vehicleImageOf } from '../../../../domain/vehicle-image.ts';
import { dayOf, daysUntil, isListedSubscription, subscriptionExpiry } from '../../../../domain/subscription.ts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { getProduct } from '../../upstream/commerce/catalog.ts';
import { contentAsset, searchFaqItems } from '../../upstream/commerce/content.ts';
import { customPreferences } from '../../upstream/commerce/preferences.ts';
import type { Shopper } from '../identity/shopper.ts';
import { customerOf, orderHistory, subscriptionList, type Customer, type Som } from '../../upstream/som.ts';
import { contactUsUrl } from './subscriptions.ts';

type Schemas = components['schemas'];

/** The customer's vehicles, one each, as their subscriptions name them. */
function vehiclesOf(subscriptions: Som['Subscription'][]) {
  const byVin = new Map<string, Som['Subscription']>();
  for (const s of subscriptions) if (s.vin && !byVin.has(s.vin)) byVin.set(s.vin, s);
  return [...byVin.values()];
}

/**
 * The vehicle shown, always one of the customer's own (issue 13): the one asked for, else the one in
 * the session's context, else the most recently ordered, else the first.
 */
async function vehicleShown(
  ctx: AppContext,
  customer: Customer,
  owned: Som['Subscription'][],
  asked: string | undefined,
  current: string | undefined,
) {
  const chosen = owned.find((s) => s.vin === asked) ?? owned.find((s) => s.vin === current);
  if (chosen || owned.length < 2) return chosen ?? owned[0];
  const latest = (await orderHistory(ctx, customer))
    .filter((o) => owned.some((s) => s.vin === o.SNPOMSVin_C))
    .sort((a, b) => b.CreatedDate.localeCompare(a.CreatedDate))[0];
  return owned.find((s) => s.vin === latest?.SNPOMSVin_C) ?? owned[0];
}

/** GET /account/overview. 403 where the region does not show My Overview (account §2, §6). */
export async function accountOverview(
  ctx: AppContext,
  shopper: Shopper,
  askedVin: string | undefined,
): Promise<Schemas['AccountOverview']> {
  const customer = customerOf(shopper);
  const [preferences, list] = await Promise.all([
    customPreferences(ctx, shopper.siteId, shopper.market.country, shopper.headers),
    subscriptionList(ctx, customer),
  ]);
  if (preferences.c_showMyOverview === false) {
    throw new AppError(403, 'page-disabled', 'Page not available', 'My Overview is not available in this region.', {
      redirectUrl: '/account/my-subscriptions',
    });
  }
  const firstName = shopper.session.customer?.firstName ?? null;
  const subscriptions = list.isCustomerEnabled ? list.subscriptionList : [];
  const owned = vehiclesOf(subscriptions);
  const vehicles = owned.map((s) => ({ vin: s.vin!, model: s.vehicleModel ?? '' }));
  const shown = await vehicleShown(ctx, customer, owned, askedVin, shopper.session.vehicle?.vin);
  if (!shown?.vin) return { firstName, vehicle: null, vehicles, expiringServices: [] };

  const vin = shown.vin;
  const model = shown.vehicleModel ?? '';
  const images = await contentAsset(ctx, shopper, VEHICLE_IMAGES_ASSET_ID).catch((error: unknown) => {
    shopper.log.warn({ err: error }, 'vehicle images unavailable');
    return null;
  });
  const today = dayOf(Date.now());
  const expiring = subscriptions.filter((s) => {
    const expiry = s.expiryDate ?? s.expirationDate;
    return (
      s.vin === vin && isListedSubscription(s.serviceStatus) && expiry && subscriptionExpiry(expiry, today).isExpiring
    );
  });
  const services = await Promise.all(
    expiring.map(async (s): Promise<Schemas['ExpiringService'] | undefined> => {
      const productId = s.serviceId ?? s.productId ?? '';
      const expiryDate = (s.expiryDate ?? s.expirationDate)!;
      try {
        const product = await getProduct(
          ctx,
          {
            siteId: shopper.siteId,
            locale: shopper.locale,
            currency: s.currency ?? shopper.market.currency,
            headers: shopper.headers,
          },
          productId,
        );
        if (!product) throw new Error(`no product ${productId}`);
        return {
          subscriptionId: s.Id,
          productId,
          name: product.name ?? s.name,
          imageUrl: product.imageGroups?.[0]?.images?.[0]?.link ?? s.image ?? null,
          expiryDate,
          daysLeft: daysUntil(expiryDate, today),
          renewUrl: `/service/${encodeURIComponent(productId)}?carvin=${encodeURIComponent(vin)}`,
        };
      } catch (error) {
        // account §2: a service whose product cannot be loaded is logged and skipped.
        shopper.log.error(
          { err: error, productId, subscriptionId: s.Id },
          'overview: product not loaded, service skipped',
        );
        return undefined;
      }
    }),
  );
  return {
    firstName,
    vehicles,
    vehicle: {
      make: shown.vehicleMake ?? shopper.siteId,
      model,
      vin,
      imageUrl: vehicleImageOf(images?.c_body, model),
    },
    expiringServices: services.filter((s): s is Schemas['ExpiringService'] => s !== undefined),
  };
}

/** GET /account/help: the two help assets, the contact-us link and the FAQs (empty and flagged when they fail). */
export async function helpContent(ctx: AppContext, shopper: Shopper): Promise<Schemas['HelpContent']> {
  const [needAnyHelp, needHelpContent, faqs] = await Promise.all([
    contentAsset(ctx, shopper, 'Need_any_Help'),
    contentAsset(ctx, shopper, 'Need_Help_Content'),
    searchFaqItems(ctx, shopper, { limit: 25, offset: 0 }),
  ]);
  return {
    needAnyHelp: needAnyHelp?.c_body ?? '',
    needHelpContent: needHelpContent?.c_body ?? '',
    contactUsUrl: contactUsUrl(ctx, shopper.locale),
    faqs: faqs.items,
    faqsUnavailable: faqs.unavailable,
  };
}
