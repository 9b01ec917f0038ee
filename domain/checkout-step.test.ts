import { describe, expect, it } from 'vitest';
import { zCheckoutState } from '../generated/proxy/zod-mini/zod.gen.ts';
import {
  CHECKOUT_STEPS,
  checkoutStepName,
  firstIncompleteCheckoutStep,
  type CheckoutBasketState,
} from './checkout-step.ts';

const address = {
  firstName: 'Ada',
  lastName: 'L',
  address1: '1 Road',
  city: 'London',
  postalCode: 'N1',
  countryCode: 'GB',
};
const complete: CheckoutBasketState = {
  customerInfo: { email: 'ada@example.com' },
  shipments: [{ shippingAddress: address, shippingMethod: { id: 'digital' } }],
  paymentInstruments: [{ paymentInstrumentId: 'pi1' }],
  billingAddress: address,
};

describe('firstIncompleteCheckoutStep', () => {
  it.each<[string, CheckoutBasketState | null, number]>([
    // storefront §4 Checkout: "no email: login"
    ['there is no basket', null, 0],
    ['the basket has no email', { ...complete, customerInfo: {} }, 0],
    ['the basket email is blank', { ...complete, customerInfo: { email: '  ' } }, 0],
    ['the basket has no customer info', { ...complete, customerInfo: null }, 0],
    // storefront §4 Checkout: "no shipping address: shipping address"
    ['there is no shipment', { ...complete, shipments: [] }, 1],
    ['the shipment has no shipping address', { ...complete, shipments: [{ shippingMethod: { id: 'x' } }] }, 1],
    // storefront §4 Checkout: "no shipping method: shipping method"
    ['the shipment has no shipping method', { ...complete, shipments: [{ shippingAddress: address }] }, 2],
    // storefront §4 Checkout: "no payment instrument or no billing address: billing address"
    ['there is no payment instrument', { ...complete, paymentInstruments: [] }, 3],
    ['payment instruments are missing', { ...complete, paymentInstruments: undefined }, 3],
    ['there is no billing address', { ...complete, billingAddress: undefined }, 3],
    // storefront §4 Checkout: "otherwise: payment"
    ['everything is present', complete, 4],
  ])('when %s, then the step is %i', (_label, basket, expected) => {
    expect(firstIncompleteCheckoutStep(basket)).toBe(expected);
  });

  it.each([
    // storefront §4 Checkout: "The step moves 0 to 4 (login, shipping address, shipping method, billing address, payment)"
    [0, 'login'],
    [1, 'shippingAddress'],
    [2, 'shippingMethod'],
    [3, 'billingAddress'],
    [4, 'payment'],
  ] as const)('when the step is %i, then its name is %s', (step, name) => {
    expect(checkoutStepName(step)).toBe(name);
  });

  it("when compared with the contract's CheckoutState.stepName, then the names are its enum, in its order", () => {
    expect(CHECKOUT_STEPS).toEqual(zCheckoutState.shape.stepName.options);
  });
});
