/**
 * What the checkout sets on a shopper basket: the shipment's address and the digital shipping
 * method (shipment `me`), the billing address, the customer's e-mail, at most one payment
 * instrument, the payment methods of the basket's market, and the RENEW10 coupon.
 */
import type { Request, Response, Router } from 'express';
import {
  zBasketPaymentInstrumentRequest,
  zCouponItem,
  zCustomerInfo,
  zOrderAddress,
  zShippingMethod,
} from '../../../../../generated/commerce/zod/zod.gen.ts';
import { ownBasket } from './basket-access.ts';
import { badRequest, problem } from './errors.ts';
import { query } from './http.ts';
import { basketMarket, COUPONS, DIGITAL_SHIPPING, paymentMethods, renderBasket } from './pricing.ts';
import { randomId, SHIPMENT_ID, type BasketRecord } from './state.ts';
import { parseBody } from './validate.ts';

export function basketCheckoutRoutes(router: Router, answer: (res: Response, basket: BasketRecord) => void): void {
  const shipment = (req: Request, res: Response): BasketRecord | undefined => {
    const basket = ownBasket(req, res);
    if (!basket) return undefined;
    if (req.params.shipmentId !== SHIPMENT_ID) {
      badRequest(
        res,
        `No shipment with ID '${String(req.params.shipmentId)}'; the basket has shipment '${SHIPMENT_ID}'.`,
      );
      return undefined;
    }
    return basket;
  };

  router.put('/baskets/:basketId/shipments/:shipmentId/shipping-address', (req, res) => {
    const basket = shipment(req, res);
    if (!basket) return;
    const address = parseBody(zOrderAddress, req, res);
    if (!address) return;
    basket.shippingAddress = address;
    if (query(req, 'useAsBilling') === 'true') basket.billingAddress = address;
    answer(res, basket);
  });

  router.put('/baskets/:basketId/shipments/:shipmentId/shipping-method', (req, res) => {
    const basket = shipment(req, res);
    if (!basket) return;
    const method = parseBody(zShippingMethod, req, res);
    if (!method) return;
    if (method.id.toUpperCase() !== DIGITAL_SHIPPING.id)
      return problem(
        res,
        400,
        'invalid-shipping-method',
        'Invalid Shipping Method',
        `The shipping method '${method.id}' is not applicable to shipment '${SHIPMENT_ID}'.`,
      );
    basket.shippingMethod = { ...DIGITAL_SHIPPING };
    answer(res, basket);
  });

  router.get('/baskets/:basketId/shipments/:shipmentId/shipping-methods', (req, res) => {
    const basket = shipment(req, res);
    if (!basket) return;
    res.json({ applicableShippingMethods: [DIGITAL_SHIPPING], defaultShippingMethodId: DIGITAL_SHIPPING.id });
  });

  router.put('/baskets/:basketId/billing-address', (req, res) => {
    const basket = ownBasket(req, res);
    if (!basket) return;
    const address = parseBody(zOrderAddress, req, res);
    if (!address) return;
    basket.billingAddress = address;
    if (query(req, 'useAsShipping') === 'true') basket.shippingAddress = address;
    answer(res, basket);
  });

  router.put('/baskets/:basketId/customer', (req, res) => {
    const basket = ownBasket(req, res);
    if (!basket) return;
    const info = parseBody(zCustomerInfo, req, res);
    if (!info) return;
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(info.email))
      return badRequest(res, `The email '${info.email}' is not valid.`);
    basket.email = info.email;
    if (info.customerName) basket.customerName = info.customerName;
    answer(res, basket);
  });

  router.post('/baskets/:basketId/payment-instruments', (req, res) => {
    const basket = ownBasket(req, res);
    if (!basket) return;
    const request = parseBody(zBasketPaymentInstrumentRequest, req, res);
    if (!request) return;
    const methods = paymentMethods(basketMarket(basket)).map((m) => m.id);
    if (!request.paymentMethodId || !methods.includes(request.paymentMethodId))
      return problem(
        res,
        400,
        'invalid-payment-method',
        'Invalid Payment Method',
        `The payment method '${request.paymentMethodId ?? ''}' is not applicable to the basket (${methods.join(', ')}).`,
      );
    const instrument: NonNullable<BasketRecord['paymentInstrument']> = {
      paymentInstrumentId: randomId('pi-', 7),
      paymentMethodId: request.paymentMethodId,
      amount: request.amount ?? renderBasket(basket).orderTotal ?? 0,
    };
    if (request.bankRoutingNumber) instrument.bankRoutingNumber = request.bankRoutingNumber;
    if (request.paymentCard) {
      const card = request.paymentCard;
      const last4 = /(\d{4})$/.exec(card.maskedNumber ?? '')?.[1];
      instrument.paymentCard = {
        ...(card.cardType ? { cardType: card.cardType } : {}),
        ...(card.holder ? { holder: card.holder } : {}),
        ...(card.maskedNumber ? { maskedNumber: card.maskedNumber } : {}),
        ...(last4 ? { numberLastDigits: last4 } : {}),
        ...(card.creditCardToken ? { creditCardToken: card.creditCardToken } : {}),
        ...(card.expirationMonth !== undefined ? { expirationMonth: card.expirationMonth } : {}),
        ...(card.expirationYear !== undefined ? { expirationYear: card.expirationYear } : {}),
      };
    }
    // A basket holds at most one payment instrument: a new one replaces the previous one.
    basket.paymentInstrument = instrument;
    answer(res, basket);
  });

  router.delete('/baskets/:basketId/payment-instruments/:paymentInstrumentId', (req, res) => {
    const basket = ownBasket(req, res);
    if (!basket) return;
    if (basket.paymentInstrument?.paymentInstrumentId !== req.params.paymentInstrumentId)
      return badRequest(
        res,
        `No payment instrument with ID '${req.params.paymentInstrumentId}' in basket '${basket.basketId}'.`,
      );
    delete basket.paymentInstrument;
    answer(res, basket);
  });

  router.get('/baskets/:basketId/payment-methods', (req, res) => {
    const basket = ownBasket(req, res);
    if (!basket) return;
    res.json({ applicablePaymentMethods: paymentMethods(basketMarket(basket)) });
  });

  router.post('/baskets/:basketId/coupons', (req, res) => {
    const basket = ownBasket(req, res);
    if (!basket) return;
    const coupon = parseBody(zCouponItem, req, res);
    if (!coupon) return;
    const code = coupon.code.trim().toUpperCase();
    if (!COUPONS[code])
      return problem(
        res,
        400,
        'invalid-coupon-code',
        'Invalid Coupon Code',
        `The coupon code '${coupon.code}' is unknown.`,
      );
    if (basket.coupons.some((c) => c.code === code))
      return problem(
        res,
        400,
        'coupon-already-in-basket',
        'Coupon Already In Basket',
        `The coupon code '${code}' is already in the basket.`,
      );
    basket.coupons.push({ couponItemId: randomId('ci-', 5), code });
    answer(res, basket);
  });

  router.delete('/baskets/:basketId/coupons/:couponItemId', (req, res) => {
    const basket = ownBasket(req, res);
    if (!basket) return;
    if (!basket.coupons.some((c) => c.couponItemId === req.params.couponItemId))
      return badRequest(res, `No coupon item with ID '${req.params.couponItemId}' in basket '${basket.basketId}'.`);
    basket.coupons = basket.coupons.filter((c) => c.couponItemId !== req.params.couponItemId);
    answer(res, basket);
  });
}
