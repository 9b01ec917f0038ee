/** Market, tax and totals of a basket (prices include VAT in Europe; US and CA add tax 0). */
import { MARKETS, type Market } from '../../seed.ts';
import type { Schemas } from './errors.ts';
import { round2 } from './http.ts';
import { SHIPMENT_ID, type BasketRecord, type Custom } from './state.ts';

export const COUPONS: Record<string, { promotionId: string; percent: number; text: string }> = {
  RENEW10: { promotionId: 'renew-10-percent', percent: 10, text: '10% off your renewal' },
};

export const DIGITAL_SHIPPING: Schemas['ShippingMethod'] = { id: 'DIGITAL', name: 'Digital delivery', price: 0 };

/** The basket's market: billing country, shipping country, locale country, then the currency's first market. */
export function basketMarket(basket: BasketRecord): Market {
  const candidates = [basket.billingAddress?.countryCode, basket.shippingAddress?.countryCode, basket.localeCountry];
  for (const country of candidates) {
    const market = country ? MARKETS[country] : undefined;
    if (market && market.currency === basket.currency) return market;
  }
  return Object.values(MARKETS).find((m) => m.currency === basket.currency) ?? MARKETS.GB!;
}

export function paymentMethods(market: Market): Schemas['PaymentMethod'][] {
  const processor = market.provider === 'stripe' ? 'STRIPE' : 'ADYEN';
  const methods: Schemas['PaymentMethod'][] = [
    {
      id: 'CREDIT_CARD',
      name: 'Credit Card',
      paymentProcessorId: `${processor}_CREDIT`,
      cards: [
        { cardType: 'Visa', name: 'Visa', securityCodeLength: 3 },
        { cardType: 'Master Card', name: 'Master Card', securityCodeLength: 3 },
        { cardType: 'Amex', name: 'American Express', securityCodeLength: 4 },
      ],
    },
    // The wallets, in every market (the shop's markets take both; issue 15).
    { id: 'GOOGLE_PAY', name: 'Google Pay', paymentProcessorId: `${processor}_APM` },
    { id: 'APPLE_PAY', name: 'Apple Pay', paymentProcessorId: `${processor}_APM` },
  ];
  if (market.bankMethods.includes('ideal'))
    methods.push({ id: 'IDEAL', name: 'iDEAL', paymentProcessorId: `${processor}_APM` });
  if (market.bankMethods.includes('bancontact'))
    methods.push({ id: 'BANCONTACT', name: 'Bancontact', paymentProcessorId: `${processor}_APM` });
  return methods;
}

/** The tax included in (gross) or added to (net) an amount. */
function taxOf(amount: number, market: Market): number {
  if (market.vatRate === 0) return 0;
  return market.pricesIncludeVat ? round2(amount - amount / (1 + market.vatRate)) : round2(amount * market.vatRate);
}

export type RenderedBasket = Schemas['Basket'] & Custom;

export function renderBasket(basket: BasketRecord): RenderedBasket {
  const market = basketMarket(basket);
  const subTotal = round2(basket.items.reduce((sum, item) => sum + item.basePrice * item.quantity, 0));
  const adjustments: Schemas['PriceAdjustment'][] = [];
  const couponItems: Schemas['CouponItem'][] = [];
  let discount = 0;
  for (const coupon of basket.coupons) {
    const definition = COUPONS[coupon.code];
    couponItems.push({ couponItemId: coupon.couponItemId, code: coupon.code, statusCode: 'applied', valid: true });
    if (!definition || subTotal === 0) continue;
    const price = -round2((subTotal * definition.percent) / 100);
    discount += price;
    adjustments.push({
      priceAdjustmentId: `pa-${coupon.couponItemId}`,
      promotionId: definition.promotionId,
      couponCode: coupon.code,
      itemText: definition.text,
      price,
    });
  }
  const productTotal = round2(subTotal + discount);
  const factor = subTotal === 0 ? 1 : productTotal / subTotal;
  const productItems: Schemas['ProductItem'][] = basket.items.map((item) => {
    const price = round2(item.basePrice * item.quantity);
    const afterOrder = round2(price * factor);
    return {
      ...item.custom,
      itemId: item.itemId,
      productId: item.productId,
      productName: item.productName,
      quantity: item.quantity,
      price,
      basePrice: item.basePrice,
      priceAfterItemDiscount: price,
      priceAfterOrderDiscount: afterOrder,
      tax: taxOf(afterOrder, market),
      taxBasis: afterOrder,
      shipmentId: SHIPMENT_ID,
    };
  });
  const shippingTotal = basket.shippingMethod?.price ?? 0;
  const taxTotal = taxOf(productTotal, market);
  const orderTotal = round2(productTotal + shippingTotal + (market.pricesIncludeVat ? 0 : taxTotal));
  const shipment: Schemas['Shipment'] = { shipmentId: SHIPMENT_ID, shippingTotal };
  if (basket.shippingAddress) shipment.shippingAddress = basket.shippingAddress;
  if (basket.shippingMethod) shipment.shippingMethod = basket.shippingMethod;
  const customerInfo: Schemas['CustomerInfo'] = { customerId: basket.customerId, email: basket.email ?? '' };
  if (basket.customerName) customerInfo.customerName = basket.customerName;
  const rendered: RenderedBasket = {
    ...basket.custom,
    basketId: basket.basketId,
    currency: basket.currency,
    creationDate: new Date(basket.creationMs).toISOString(),
    lastModified: new Date(basket.modifiedMs).toISOString(),
    customerInfo,
    productItems,
    orderPriceAdjustments: adjustments,
    couponItems,
    shipments: [shipment],
    paymentInstruments: basket.paymentInstrument ? [basket.paymentInstrument] : [],
    productSubTotal: subTotal,
    productTotal,
    orderTotal,
    taxTotal,
    shippingTotal,
    taxation: market.pricesIncludeVat ? 'gross' : 'net',
  };
  if (basket.billingAddress) rendered.billingAddress = basket.billingAddress;
  return rendered;
}
