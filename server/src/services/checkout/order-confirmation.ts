/**
 * The thank-you page's data (storefront §2 Confirmation): only for an order this session placed,
 * and only once it is paid (new or completed; 409 while it is still being paid); its lines with their plans, the totals with the
 * VAT lines, the payment method (the card of the session's last order, else the order's own
 * attributes), the billing address and the vehicle with its next payment date.
 */
import { paymentMethodType } from '../../../../domain/payment-method.ts';
import type { components } from '../../../../generated/proxy/types.ts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { toAddress } from '../../upstream/commerce/baskets.ts';
import { money, planName, planOf, vatLinesOf } from '../../upstream/commerce/catalog.ts';
import { readOrder, type CommerceOrder } from '../../upstream/commerce/orders.ts';
import type { Shopper } from '../identity/shopper.ts';
import { settleLeftPaid } from '../attempts/settlement.ts';

type Schemas = components['schemas'];

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

export async function orderConfirmation(
  ctx: AppContext,
  shopper: Shopper,
  orderNo: string,
): Promise<Schemas['OrderConfirmation']> {
  const notFound = new AppError(404, 'not-found', 'Not found', `No order ${orderNo} for this session.`);
  if (!shopper.session.placedOrders?.includes(orderNo)) throw notFound;
  let order = await readOrder(ctx, shopper, orderNo);
  // Paid, but the checkout could not write it placed (settlement.ts): settled now if the platform takes it.
  if (order?.status === 'created' && (await settleLeftPaid(ctx, shopper, orderNo))) {
    order = await readOrder(ctx, shopper, orderNo);
  }
  // Still being paid (another tab's 3-D Secure or bank page, a processing payment): ask again later.
  if (order?.status === 'created') {
    throw new AppError(
      409,
      'order-payment-pending',
      'Payment not confirmed yet',
      `The payment of order ${orderNo} is not confirmed yet.`,
    );
  }
  // Only a paid order has a thank-you page; a failed one does not.
  if (!order || (order.status !== 'new' && order.status !== 'completed')) throw notFound;
  const currency = order.currency ?? shopper.market.currency;
  const m = (value: number) => money(value, currency, shopper.locale);
  const { items, autoRenewal, nextPaymentDate } = await linesOf(ctx, { ...shopper, currency }, order, m);
  const total = order.orderTotal ?? 0;
  const includeVat = shopper.market.pricesIncludeVat;
  const card = shopper.session.lastCard?.orderNo === orderNo ? shopper.session.lastCard : undefined;
  const now = new Date();
  return {
    orderNo,
    status: order.status ?? 'created',
    customerEmail: order.customerInfo?.email ?? null,
    items,
    totals: { pricesIncludeVat: includeVat, ...vatLinesOf(total, order.taxTotal ?? 0, includeVat, m), total: m(total) },
    paymentMethod: {
      type: paymentMethodType(text(order.c_payment_type)) ?? 'CREDIT_CARD',
      brand: card?.brand ?? text(order.c_cardType),
      last4: card?.last4 ?? text(order.c_last4),
      expMonth: card?.expMonth || null,
      expYear: card?.expYear || null,
      bankCode: text(order.c_SNP_OMS_BankCode__c),
      expired: card ? card.expYear * 12 + card.expMonth < now.getUTCFullYear() * 12 + now.getUTCMonth() + 1 : false,
    },
    billingAddress: toAddress(order.billingAddress) ?? {
      firstName: '',
      lastName: '',
      countryCode: shopper.market.country as Schemas['CountryCode'],
      address1: '',
      city: '',
      postalCode: '',
    },
    vehicle: {
      name: text(order.c_SNP_OMS_vehicleName) ?? shopper.session.vehicle?.model ?? '',
      vin: (text(order.c_SNP_OMS_vin) ?? shopper.session.vehicle?.vin ?? '') as Schemas['Vin'],
      status: 'Active',
      autoRenewal,
      nextPaymentDate,
    },
  };
}

/** The order's lines with their plans; a subscription plan means auto-renewal and a next payment date. */
async function linesOf(
  ctx: AppContext,
  at: Shopper & { currency: string },
  order: CommerceOrder,
  m: (value: number) => Schemas['Money'],
) {
  const items: Schemas['OrderLine'][] = [];
  let autoRenewal = false;
  let nextPaymentDate: string | null = null;
  for (const item of order.productItems ?? []) {
    const { master, plan } = await planOf(ctx, at, item.productId!);
    items.push({
      itemId: item.itemId!,
      productId: item.productId!,
      name: master?.name ?? item.productName ?? item.productId!,
      ...(plan
        ? {
            planLabel: planName(plan.duration, plan.durationType),
            duration: plan.duration,
            durationType: plan.durationType,
          }
        : {}),
      imageUrl: master?.imageGroups?.[0]?.images?.[0]?.link ?? null,
      price: m(item.priceAfterItemDiscount ?? item.price ?? 0),
    });
    if (plan && plan.durationType !== 'once') autoRenewal = true;
    const expiry = text((item as Record<string, unknown>).c_SNP_OMS_ExpirationDate);
    if (expiry !== null) nextPaymentDate = expiry.slice(0, 10);
  }
  return { items, autoRenewal, nextPaymentDate };
}
