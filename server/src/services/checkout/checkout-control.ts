/**
 * The checkout control (docs/decisions/015; storefront §4 "Renewal page load": "An item counts as
 * orderable 24 hours (864e5 ms) after its ordered date", §9): a service this session ordered for a
 * vehicle is not orderable again for 24 hours after that order's date, so a second purchase of the
 * same renewal cannot be made while the first is being processed. The renewal page says so, adding
 * it to the basket and placing an order holding it are refused (409 order-in-progress).
 *
 * The ordered services are recorded in the session when an order is paid (storefront §3 lists
 * `orderCreated` among the session values), for guests and registered shoppers alike.
 * `skipCheckoutControl=true` on an allow-listed host (§2, §6) switches the control off for the
 * session; from any other host it is ignored.
 */
import { orderableFrom, stillHeld, type OrderedService } from '../../../../domain/checkout-control.ts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import type { PendingPayment } from '../../session.ts';
import type { CommerceBasket } from '../../upstream/commerce/baskets.ts';
import { planOf } from '../../upstream/commerce/catalog.ts';
import type { Shopper } from '../identity/shopper.ts';

/** The account area's words for an order in progress (account §2 Manage modal), the problem's detail. */
export const ORDER_IN_PROGRESS_TEXT = 'We are currently processing your order. Please check again later.';

/** A service an order would hold: the vehicle and the master product. */
export type BasketService = Pick<OrderedService, 'vin' | 'productId'>;

export interface Orderability {
  orderable: boolean;
  /** When it becomes orderable again (ISO date-time); null when orderable. */
  orderableFrom: string | null;
}

/**
 * Storefront §2 skipCheckoutControl: on an allow-listed host `true` is kept in the session (so the
 * basket and the checkout honour it too) and `false` clears it; from any other host it is ignored.
 */
export async function rememberSkipCheckoutControl(
  shopper: Shopper,
  flag: boolean | undefined,
  testHost: boolean,
): Promise<void> {
  if (!testHost || flag === undefined || flag === (shopper.session.skipCheckoutControl === true)) return;
  if (flag) shopper.session.skipCheckoutControl = true;
  else delete shopper.session.skipCheckoutControl;
  await shopper.persist();
}

/** Whether `productId` (a master) may be ordered for `vin` now. */
export function orderability(
  shopper: Pick<Shopper, 'session'>,
  vin: string,
  productId: string,
  now: number = Date.now(),
): Orderability {
  if (shopper.session.skipCheckoutControl === true) return { orderable: true, orderableFrom: null };
  const from = orderableFrom(shopper.session.orderedServices ?? [], vin, productId, now);
  return { orderable: from === null, orderableFrom: from };
}

export function orderInProgress(): AppError {
  return new AppError(409, 'order-in-progress', 'Order in progress', ORDER_IN_PROGRESS_TEXT);
}

/** Refuses (409 order-in-progress) when any of the services is held back; writes nothing. */
export function refuseHeldBack(shopper: Pick<Shopper, 'session'>, services: readonly BasketService[]): void {
  if (services.some((s) => !orderability(shopper, s.vin, s.productId).orderable)) throw orderInProgress();
}

/** The services a basket holds: the session's vehicle (the order's c_SNP_OMS_vin) and each item's master. */
export async function basketServices(
  ctx: AppContext,
  shopper: Shopper,
  basket: CommerceBasket | null,
): Promise<BasketService[]> {
  const vin = shopper.session.vehicle?.vin;
  if (!vin || !basket) return [];
  const where = { ...shopper, currency: basket.currency ?? shopper.market.currency };
  const ids = (basket.productItems ?? []).flatMap((item) => (item.productId ? [item.productId] : []));
  // The catalogue names each variant's master; a failed read never blocks a purchase (the variant's
  // own id then stands in, which holds nothing back).
  const masterOf = async (id: string) => {
    try {
      return (await planOf(ctx, where, id)).masterId;
    } catch (error) {
      shopper.log.warn({ err: error, productId: id }, 'checkout control: the product could not be read');
      return id;
    }
  };
  const masters = await Promise.all(ids.map(masterOf));
  return [...new Set(masters)].map((productId) => ({ vin, productId }));
}

/** The order's services, stamped with its number and creation date, to go with the payment in flight. */
export function orderedBy(
  services: readonly BasketService[],
  order: { orderNo: string; creationDate?: string | undefined },
): PendingPayment['ordered'] {
  const orderedAt = order.creationDate ?? new Date().toISOString();
  return services.map((s) => ({ ...s, orderNo: order.orderNo, orderedAt }));
}

/** A paid order: its services are held back for 24 hours from its date (orders older than that are dropped). */
export function recordOrdered(shopper: Pick<Shopper, 'session'>, pending: PendingPayment, now = Date.now()): void {
  const kept = stillHeld(shopper.session.orderedServices ?? [], now);
  const added = (pending.ordered ?? []).map((s) => ({ ...s, status: 'new' }));
  if (kept.length + added.length === 0) delete shopper.session.orderedServices;
  else shopper.session.orderedServices = [...kept, ...added].slice(-20);
}
