/**
 * Placing the order and paying it with the market's provider (storefront §4 Checkout "On
 * payment", §8 payment errors), in the spec's order so that bad input leaves nothing
 * half-written:
 *
 * 1. the basket and the payment method are checked (the billing mismatch too, where the card's
 *    country is known before paying);
 * 2. the one payment instrument and the order (status created) are written;
 * 3. the provider pays; the result is READ BACK from the provider, never taken from the browser;
 * 4. the order is settled: new when verified paid, failed with the basket restored otherwise.
 *
 * One order and one charge per attempt: the request edge holds the session's lock, `once`
 * replays the first answer per Idempotency-Key, the providers get keys derived from it, and the
 * first order consumes the basket (a second tab finds none).
 */
import type { components } from '../../../../generated/proxy/types.ts';
import type { AppContext } from '../../context.ts';
import type { PendingPayment } from '../../session.ts';
import { currentBasket, fromAddress, putAddress, replacePaymentInstrument, toAddress } from '../basket/basket.ts';
import type { CommerceBasket } from '../basket/basket.ts';
import { basketServices, orderedBy, refuseHeldBack, type BasketService } from '../checkout-control.ts';
import { orderMadeSince } from '../basket/order-in-doubt.ts';
import { createOrder } from '../orders.ts';
import { AppError } from '../../errors.ts';
import { providerMethodType } from '../../../../domain/payment-method.ts';
import {
  billingMismatch,
  checkoutIncomplete,
  methodNotOffered,
  methodTypeMismatch,
  twoPaymentMethods,
  wrongProvider,
} from '../payments/payment-problems.ts';
import { paymentProvider } from '../payments/providers.ts';
import type { CheckedMethod, PaymentParty, PaymentResult } from '../payments/provider.ts';
import { customPreferences } from '../preferences.ts';
import type { Shopper } from '../shopper.ts';
import { once } from './idempotency.ts';
import { answerForOrderedBasket } from './ordered-basket.ts';
import { savedCardToPay } from './saved-card.ts';
import { settle, settleFailed, type PaymentAnswer } from './settlement.ts';

type Schemas = components['schemas'];
type FieldError = Schemas['FieldError'];

export function placeOrder(
  ctx: AppContext,
  shopper: Shopper,
  request: Schemas['PlaceOrderRequest'],
  idempotencyKey: string,
  client: PaymentParty['client'],
): Promise<PaymentAnswer> {
  return once(shopper, idempotencyKey, request, () => attempt(ctx, shopper, request, idempotencyKey, client));
}

async function attempt(
  ctx: AppContext,
  shopper: Shopper,
  request: Schemas['PlaceOrderRequest'],
  key: string,
  client: PaymentParty['client'],
): Promise<PaymentAnswer> {
  // 1. The basket and the payment method, checked before anything is written.
  if (request.provider !== shopper.market.provider) throw wrongProvider(shopper.market.provider);
  if (
    request.useSavedPaymentMethod &&
    (request.sandboxCardToken || request.stripePaymentMethodId || request.adyenPaymentMethod)
  ) {
    throw twoPaymentMethods();
  }
  const provider = paymentProvider(request.provider);
  let basket = await currentBasket(ctx, shopper);
  // The basket gone because this shopper's other tab (or a lost answer's attempt) ordered it: that order.
  if (!basket || (basket.productItems?.length ?? 0) === 0) {
    const ordered = await answerForOrderedBasket(ctx, shopper);
    if (ordered) return ordered;
  }
  // The checkout control (docs/decisions/015): a service ordered less than 24 hours ago is refused.
  const services = await basketServices(ctx, shopper, basket);
  refuseHeldBack(shopper, services);
  if (basket && request.billingAddress) {
    basket = await putAddress(ctx, shopper, basket, 'billing', fromAddress(request.billingAddress));
  }
  const ready = requireReady(basket);
  const billingCountry = String(ready.billingAddress?.countryCode ?? '');
  const total = ready.orderTotal ?? ready.productTotal ?? 0;
  const method = request.useSavedPaymentMethod
    ? await savedCardToPay(ctx, shopper)
    : await provider.checkMethod(ctx, request);
  // The order's type is the method's as its provider holds it (a wallet's card is GooglePay or
  // ApplePay), of those the market takes.
  const methodType = providerMethodType(method);
  if (methodType !== request.paymentMethodType) throw methodTypeMismatch(request.paymentMethodType, methodType);
  if (!shopper.market.paymentMethods.includes(methodType)) throw methodNotOffered(methodType);
  // The billing-mismatch control of the region (storefront §8): when on, the billing country must
  // be the card's country.
  const preferences = await customPreferences(ctx, shopper.siteId, shopper.market.country, shopper.headers);
  const mismatchOf = (country: string | null | undefined) =>
    preferences.c_billingMismatchControl === true && Boolean(country) && country !== billingCountry;
  if (method.type === 'card' && mismatchOf(method.card?.country)) throw billingMismatch();

  // 2. The one payment instrument, then the order.
  const holder = [ready.billingAddress?.firstName, ready.billingAddress?.lastName].filter(Boolean).join(' ');
  await replacePaymentInstrument(ctx, shopper, ready, instrumentOf(request, method, total, holder));
  const pending = await openOrder(ctx, shopper, ready, request, method, key, services, holder);

  // 3. The provider pays and reads the result back; 4. the order is settled. The journal says a payment
  // was sent before it is (issue 29): a process that dies now leaves the reconciler a charge to resolve.
  let result: PaymentResult;
  try {
    await ctx.attempts.record(pending.attempt, 'paymentSent', { charged: true, pending }, { strict: true });
    result = await provider.pay(ctx, shopper, {
      pending,
      method,
      request,
      amount: { value: total, currency: ready.currency! },
      customer: { email: ready.customerInfo?.email ?? '', name: holder },
      billing: ready.billingAddress!,
      client,
      returnUrl: `${ctx.config.publicOrigin}/${shopper.locale}/payment-confirmation?orderNo=${encodeURIComponent(pending.orderNo)}&provider=${request.provider}`,
    });
    // Authorised with a card of another country than the billing address: the attempt fails as paid,
    // so its owner gives the authorisation back (settleFailed), never captured.
    if (result.status === 'paid' && mismatchOf(result.card?.country)) {
      await ctx.attempts.record(pending.attempt, 'paid', { pending });
      throw billingMismatch();
    }
  } catch (failure) {
    throw await settleFailed(ctx, shopper, pending.orderNo, failure);
  }
  return settle(ctx, shopper, pending, result);
}

/** The basket when it can be ordered: an item, the e-mail, the shipping address and method, the billing address. */
function requireReady(basket: CommerceBasket | null): CommerceBasket {
  if (!basket || (basket.productItems?.length ?? 0) === 0) {
    throw checkoutIncomplete([{ field: '/basket', message: 'Basket is empty', code: 'basket_empty' }]);
  }
  const missing: FieldError[] = [];
  const required = (field: string, message: string) => missing.push({ field, message, code: 'required' });
  const shipment = basket.shipments?.[0];
  if (!basket.customerInfo?.email) required('/email', 'Please enter your e-mail address.');
  if (!toAddress(shipment?.shippingAddress)) required('/shippingAddress', 'Please enter your address.');
  if (!shipment?.shippingMethod?.id) required('/shippingMethod', 'Please choose a shipping method.');
  if (!toAddress(basket.billingAddress)) required('/billingAddress', 'Please select a billing address.');
  if (missing.length) throw checkoutIncomplete(missing);
  return basket;
}

/** The basket's payment instrument: the method type, and the card's masked facts where known. */
function instrumentOf(request: Schemas['PlaceOrderRequest'], method: CheckedMethod, total: number, holder: string) {
  const card = method.type === 'card' ? method.card : undefined;
  return {
    amount: total,
    paymentMethodId: request.paymentMethodType,
    ...(card
      ? {
          paymentCard: {
            cardType: card.brand,
            holder,
            maskedNumber: `************${card.last4}`,
            expirationMonth: card.expMonth,
            expirationYear: card.expYear,
          },
        }
      : {}),
  };
}

/** Creates the order (status created) and keeps it in the session as the payment in flight. */
async function openOrder(
  ctx: AppContext,
  shopper: Shopper,
  basket: CommerceBasket,
  request: Schemas['PlaceOrderRequest'],
  method: CheckedMethod,
  key: string,
  services: BasketService[],
  holder: string,
): Promise<PendingPayment> {
  const { session } = shopper;
  const started = Date.now();
  // The recovery point before createOrder (a journal that cannot be written stops the attempt here):
  // an order made with its answer lost is found and failed later.
  const attempt = await ctx.attempts.begin(shopper, { provider: request.provider, basketId: basket.basketId! });
  const order = await createOrder(ctx, shopper, basket.basketId!, {
    ...(session.vehicle ? { c_SNP_OMS_vin: session.vehicle.vin, c_SNP_OMS_vehicleName: session.vehicle.model } : {}),
    c_SNP_OMS_locale: shopper.locale,
    c_SNP_OMS_brand: shopper.siteId,
    c_SNP_OMS_StorefrontCountry: shopper.market.country,
    c_payment_type: request.paymentMethodType,
    ...(session.principalUUID ? { c_SNP_OMS_CustomerUUID: session.principalUUID } : {}),
  }).catch(async (failure: unknown) => {
    // A refusal made nothing; otherwise the order may have been made with only its answer lost.
    if (failure instanceof AppError && failure.status < 500) {
      await ctx.attempts.record(attempt, 'failed');
      throw failure;
    }
    // Made, the basket is gone: the order is the customer's newest unknown one in created.
    const left = await currentBasket(ctx, shopper).catch(() => undefined);
    const made =
      left === null || (left && left.basketId !== basket.basketId)
        ? await orderMadeSince(ctx, shopper, started, Date.now())
        : null;
    if (made) return made;
    // Not (yet) made: a later look, once the basket is seen gone, gives it back (basket.ts).
    session.orderInDoubt = { sinceMs: started, placedBefore: session.placedOrders?.length ?? 0 };
    await shopper.persist();
    throw failure;
  });
  const orderNo = order.orderNo!;
  session.placedOrders = [...(session.placedOrders ?? []), orderNo].slice(-20);
  session.basketItemCount = 0;
  const card = method.type === 'card' ? method.card : undefined;
  const pending: PendingPayment = {
    orderNo,
    attempt,
    provider: request.provider,
    key,
    paymentType: request.paymentMethodType,
    ...(method.id ? { paymentMethodId: method.id } : {}),
    ...(card ? { card: { brand: card.brand, last4: card.last4, expMonth: card.expMonth, expYear: card.expYear } } : {}),
    ordered: orderedBy(services, { orderNo, creationDate: order.creationDate }),
    // The account's saved card pays: a reversal must never detach it (stripe.ts reverse).
    ...(method.stored ? { savedCard: true as const } : {}),
  };
  session.pendingPayment = pending;
  await ctx.attempts.record(attempt, 'orderCreated', { orderNo, pending, ...(holder ? { customerName: holder } : {}) });
  return pending;
}
