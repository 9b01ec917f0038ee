/**
 * Placing the order and paying it with the market's provider (storefront §4 Checkout "On
 * payment", §8 payment errors), in the spec's order so that bad input leaves nothing
 * half-written:
 *
 * 1. the basket and the payment method are checked (the billing mismatch too, where the card's
 *    country is known before paying), with the billing address the order names, if any;
 * 2. the basket is made ready for payment: that billing address and the one payment instrument;
 * 3. the order attempt's owner (services/attempts/order-attempt.ts, issue 29) makes the order
 *    (status created), has the provider pay (the result READ BACK from the provider, never taken
 *    from the browser) and settles it: new when verified paid, failed with the basket restored
 *    otherwise, each step first written to its durable journal.
 *
 * One order and one charge per attempt: the request edge holds the session's lock, `once`
 * replays the first answer per Idempotency-Key, the providers get keys derived from it, and the
 * first order consumes the basket (a second tab finds none).
 */
import type { components } from '../../../../generated/proxy/types.ts';
import type { AppContext } from '../../context.ts';
import { basketTotal, currentBasket, fromAddress, preparePayment, toAddress } from '../../upstream/commerce/baskets.ts';
import type { CommerceBasket } from '../../upstream/commerce/baskets.ts';
import { basketServices, refuseHeldBack } from './checkout-control.ts';
import { providerMethodType } from '../../../../domain/payment-method.ts';
import {
  billingMismatch,
  checkoutIncomplete,
  methodNotOffered,
  methodTypeMismatch,
  twoPaymentMethods,
  wrongProvider,
} from '../payments/payment-problems.ts';
import { savedCardToPay } from '../account/payment-method.ts';
import { paymentProvider } from '../payments/providers.ts';
import type { CheckedMethod, PaymentParty } from '../payments/provider.ts';
import { customPreferences } from '../../upstream/commerce/preferences.ts';
import type { Shopper } from '../identity/shopper.ts';
import { once } from './idempotency.ts';
import { answerForOrderedBasket, payOrder } from '../attempts/order-attempt.ts';
import { orderFieldsOf } from '../attempts/order-fields.ts';
import type { PaymentAnswer } from '../attempts/settlement.ts';

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
    (request.sandboxCardToken || request.stripePaymentMethodId || request.adyenStateData?.paymentMethod)
  ) {
    throw twoPaymentMethods();
  }
  const provider = paymentProvider(request.provider);
  const basket = await currentBasket(ctx, shopper);
  // The basket gone because this shopper's other tab (or a lost answer's attempt) ordered it: that order.
  if (!basket || (basket.productItems?.length ?? 0) === 0) {
    const ordered = await answerForOrderedBasket(ctx, shopper);
    if (ordered) return ordered;
  }
  // The checkout control (docs/decisions/015): a service ordered less than 24 hours ago is refused.
  const services = await basketServices(ctx, shopper, basket);
  refuseHeldBack(shopper, services);
  // The basket as it is ordered: with the billing address the order names, written in step 2.
  const billing = request.billingAddress ? fromAddress(request.billingAddress) : undefined;
  const ready = requireReady(basket && billing ? { ...basket, billingAddress: billing } : basket);
  // The order's §3 fields are gathered (cached reads, never a failure) while the method is checked.
  const fields = orderFieldsOf(ctx, shopper, {
    basket: ready,
    paymentType: request.paymentMethodType,
    ipAddress: client.ipAddress,
  });
  const billingCountry = String(ready.billingAddress?.countryCode ?? '');
  const method = request.useSavedPaymentMethod
    ? await savedCardToPay(ctx, shopper)
    : await provider.checkMethod(ctx, shopper, request);
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

  // 2. The basket ready for payment, then the order.
  const holder = [ready.billingAddress?.firstName, ready.billingAddress?.lastName].filter(Boolean).join(' ');
  const prepared = await preparePayment(ctx, shopper, ready, billing, instrumentOf(request, method, holder));
  const total = basketTotal(prepared);
  // 3. The order, the payment and its settlement: the order attempt's owner (services/attempts/, issue 29).
  return payOrder(ctx, shopper, {
    basket: prepared,
    request,
    method,
    key,
    services,
    holder,
    total,
    client,
    mismatchOf,
    fields,
  });
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
function instrumentOf(request: Schemas['PlaceOrderRequest'], method: CheckedMethod, holder: string) {
  const card = method.type === 'card' ? method.card : undefined;
  return {
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
