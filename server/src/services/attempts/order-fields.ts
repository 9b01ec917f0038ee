/**
 * The storefront §3 Order fields an order carries from its creation, each from the source
 * docs/decisions/031 names: the vehicle (the session's vehicle lookup), the storefront (site,
 * locale, market, storefront type, the region's VCS version), the shopper (billing name, the
 * request's IP address, identity) and the legal documents of the footer the shopper was shown.
 * Gathered when the order is created and kept in its pending payment (and the journal), they are
 * written with the order update that places it (settlement.ts writeOrderPaid, with the payment's
 * facts), whichever path ends it: the checkout, the confirmation or the reconciler, which has no
 * request. Not on createOrder: "the only considered value from the request body is basketId".
 *
 * Nothing here fails or holds up the order: an unreadable source leaves its fields out (logged).
 */
import { legalLinksOf, type LegalLinks } from '../../../../domain/legal-links.ts';
import { orderSystemPaymentType, type PaymentMethodType } from '../../../../domain/payment-method.ts';
import type { components } from '../../../../generated/commerce/types.ts';
import type { AppContext } from '../../context.ts';
import type { CommerceBasket } from '../../upstream/commerce/baskets.ts';
import { DEFAULT_TERMS_URL, planOf } from '../../upstream/commerce/catalog.ts';
import { contentAsset } from '../../upstream/commerce/content.ts';
import { STOREFRONT_TYPE } from '../../upstream/som.ts';
import type { Shopper } from '../identity/shopper.ts';
import { lookupSettings } from '../renewal/vehicle-lookup.ts';

export type OrderFields = components['schemas']['OrderCustomAttributes'];

/** The footer's content asset (storefront §2 footer, §3 Content assets), as GET /api/content/{assetId} serves it. */
export const FOOTER_LINKS_ASSET = 'Footer_Links';
/**
 * How long the order waits for the footer's links (a cached read answers at once); past it they are
 * left out. The wait runs beside the payment method's check and the payment instrument's write.
 */
export const LEGAL_LINKS_WAIT_MS = 1500;

export interface OrderFieldsInput {
  basket: CommerceBasket;
  paymentType: PaymentMethodType;
  /** The shopper's IP address as the request saw it (Express `req.ip`, behind TRUST_PROXY's hops). */
  ipAddress: string;
}

/** The fields of the order about to be created; never rejects. */
export async function orderFieldsOf(ctx: AppContext, shopper: Shopper, input: OrderFieldsInput): Promise<OrderFields> {
  const { session } = shopper;
  const { basket } = input;
  const vehicle = session.vehicle;
  const record = vehicle ? session.vehicleRecord : undefined;
  const billing = basket.billingAddress;
  const [vcs11, legal] = await Promise.all([usesVcs11(ctx, shopper), legalLinks(ctx, shopper, basket)]);
  return {
    ...(vehicle ? { c_SNP_OMS_vin: vehicle.vin, c_SNP_OMS_vehicleName: vehicle.model } : {}),
    ...(record?.brand ? { c_SNP_OMS_subbrand: record.brand } : {}),
    ...(record?.wirelessCarId ? { c_SNP_OMS_vehicleId: record.wirelessCarId } : {}),
    c_SNP_OMS_locale: shopper.locale,
    c_SNP_OMS_brand: shopper.siteId,
    c_SNP_OMS_StorefrontCountry: shopper.market.country,
    c_SNP_OMS_storefrontType: STOREFRONT_TYPE,
    c_useVcs11Response: vcs11,
    // The order system's spelling (storefront §3 "Order-system payment types"): the order is its record.
    c_payment_type: orderSystemPaymentType(input.paymentType),
    ...(input.ipAddress ? { c_ipAddress: input.ipAddress } : {}),
    ...(session.principalUUID ? { c_SNP_OMS_CustomerUUID: session.principalUUID } : {}),
    ...(billing?.firstName ? { c_SNP_OMS_FirstName: billing.firstName } : {}),
    ...(billing?.lastName ? { c_SNP_OMS_LastName: billing.lastName } : {}),
    ...(legal.privacy
      ? { c_SNP_OMS_privacyPolicyName: legal.privacy.name, c_SNP_OMS_privacyPolicyLink: legal.privacy.link }
      : {}),
    ...(legal.terms
      ? {
          c_SNP_OMS_termsAndConditionsName: legal.terms.name,
          c_SNP_OMS_termsAndConditionsLink: legal.terms.link,
        }
      : {}),
  };
}

/**
 * The region's `selectedVCSVersion` chose the v11 vehicle lookup (the same cached custom preferences
 * the lookup reads; unreadable, the lookup uses v12).
 */
async function usesVcs11(ctx: AppContext, shopper: Shopper): Promise<boolean> {
  try {
    const { version } = await lookupSettings(ctx, shopper.siteId, shopper.market.country, shopper.headers);
    return version === 'v11';
  } catch (error) {
    shopper.log.warn({ err: error }, 'order fields: the VCS version unreadable; v12 assumed');
    return false;
  }
}

/** The legal documents of the shopper's footer; none (logged at warn) when unreadable or not there in time. */
async function legalLinks(ctx: AppContext, shopper: Shopper, basket: CommerceBasket): Promise<LegalLinks> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), LEGAL_LINKS_WAIT_MS);
  });
  const read = Promise.all([contentAsset(ctx, shopper, FOOTER_LINKS_ASSET), termsUrlOf(ctx, shopper, basket)]);
  try {
    const answer = await Promise.race([read, late]);
    if (answer === 'late') {
      shopper.log.warn({ assetId: FOOTER_LINKS_ASSET }, 'order fields: the footer links came too late; left out');
      return {};
    }
    const [footer, termsUrl] = answer;
    const links = footer?.c_body
      ? legalLinksOf(footer.c_body, termsUrl, { origin: ctx.config.publicOrigin, locale: shopper.locale })
      : {};
    const missing = [links.privacy ? [] : ['privacy policy'], links.terms ? [] : ['terms and conditions']].flat();
    if (missing.length)
      shopper.log.warn(
        { assetId: FOOTER_LINKS_ASSET, missing, termsUrl },
        'order fields: a legal link is not in the footer',
      );
    return links;
  } catch (error) {
    shopper.log.warn(
      { err: error, assetId: FOOTER_LINKS_ASSET },
      'order fields: the footer links unreadable; left out',
    );
    return {};
  } finally {
    clearTimeout(timer);
  }
}

/** The terms page of the basket's product (its master's c_termConditionURL), else the default. */
async function termsUrlOf(ctx: AppContext, shopper: Shopper, basket: CommerceBasket): Promise<string> {
  const variantId = basket.productItems?.[0]?.productId;
  if (!variantId) return DEFAULT_TERMS_URL;
  const where = { ...shopper, currency: basket.currency ?? shopper.market.currency };
  const { master } = await planOf(ctx, where, variantId).catch(() => ({ master: null }));
  const url = master?.c_termConditionURL;
  return typeof url === 'string' && url.trim() ? url.trim() : DEFAULT_TERMS_URL;
}
