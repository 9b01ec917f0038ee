/**
 * Shopper customers: the registered customers of the seed (alex, kim, sam) and new registrations,
 * with profile, password, saved addresses and payment instruments, order history and baskets.
 */
import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import type { SandboxContext } from '../../app.ts';
import {
  zCustomer,
  zCustomerAddress,
  zCustomerPaymentInstrumentRequest,
  zCustomerRegistration,
  zPasswordChangeRequest,
  zResetPasswordTokenRequest,
} from '../../../../../generated/commerce/zod/zod.gen.ts';
import { requireShopper, shopperOf } from './auth.ts';
import { basketsOf } from './baskets.ts';
import { badRequest, problem, type Schemas } from './errors.ts';
import { bodyObject, customAttributes, query, requireOrgAndSite } from './http.ts';
import { ordersOf, renderOrder } from './orders.ts';
import { renderBasket } from './pricing.ts';
import { alphaId, findCustomerByLogin, randomId, state, type CustomerRecord } from './state.ts';
import { parseBody } from './validate.ts';

const PASSWORD_RULE = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d).{8,}$/;

export function renderCustomer(customer: CustomerRecord): Schemas['Customer'] {
  return {
    ...customer.custom,
    customerId: customer.customerId,
    customerNo: customer.customerNo,
    authType: 'registered',
    email: customer.email,
    login: customer.login,
    firstName: customer.firstName,
    lastName: customer.lastName,
    ...(customer.phoneHome ? { phoneHome: customer.phoneHome } : {}),
    enabled: true,
    creationDate: new Date(customer.creationMs).toISOString(),
    lastModified: new Date(customer.modifiedMs).toISOString(),
    addresses: customer.addresses,
    paymentInstruments: customer.paymentInstruments,
  };
}

function customerNotFound(res: Response, customerId: string): void {
  problem(res, 404, 'customer-not-found', 'Customer Not Found', `No customer with ID '${customerId}' could be found.`);
}

const loginInUse = (res: Response, login: string): void =>
  problem(res, 400, 'login-already-in-use', 'Login Already In Use', `The login '${login}' is already in use.`);

const invalidPassword = (res: Response): void =>
  problem(
    res,
    400,
    'invalid-password',
    'Invalid Password',
    'The password needs at least 8 characters with upper and lower case letters and a digit.',
  );

/** The path's registered customer if it is the token's shopper (else 404 answered). */
function ownCustomer(req: { params: unknown }, res: Response): CustomerRecord | undefined {
  const customerId = (req.params as Record<string, string>).customerId ?? '';
  const customer = state.customers.get(customerId);
  if (!customer || shopperOf(res).customerId !== customerId || !shopperOf(res).registered) {
    customerNotFound(res, customerId);
    return undefined;
  }
  return customer;
}

/** Lets a route through only for the path's own registered customer (else 404), kept for customerOf. */
function ownCustomerOnly<P>(req: Request<P>, res: Response, next: NextFunction): void {
  const customer = ownCustomer(req, res);
  if (!customer) return;
  res.locals.customer = customer;
  next();
}

/** The customer ownCustomerOnly let through. */
const customerOf = (res: Response): CustomerRecord => res.locals.customer as CustomerRecord;

export function customersRouter(context: SandboxContext): Router {
  const router = express.Router({ mergeParams: true });
  router.use(express.json({ limit: '200kb' }));
  router.use(requireOrgAndSite, requireShopper(context));
  const nowIso = (): string => context.clock.now().toISOString();

  router.post('/customers', (req, res) => {
    const registration = parseBody(zCustomerRegistration, req, res);
    if (!registration) return;
    const { customer: given, password } = registration;
    const login = given.login ?? given.email;
    if (!login || !given.email || !given.lastName)
      return badRequest(res, 'A customer needs login (or email), email and lastName.');
    if (findCustomerByLogin(login) || findCustomerByLogin(given.email)) return loginInUse(res, login);
    if (!PASSWORD_RULE.test(password)) return invalidPassword(res);
    const nowMs = context.clock.nowMs();
    const customer: CustomerRecord = {
      customerId: alphaId('ab', 14),
      customerNo: String(state.nextCustomerNo++).padStart(8, '0'),
      email: given.email,
      login,
      firstName: given.firstName ?? '',
      lastName: given.lastName,
      ...(given.phoneHome ? { phoneHome: given.phoneHome } : {}),
      password,
      creationMs: nowMs,
      modifiedMs: nowMs,
      addresses: [],
      paymentInstruments: [],
      custom: {},
    };
    const rawCustomer = bodyObject(req).customer;
    if (rawCustomer && typeof rawCustomer === 'object' && !Array.isArray(rawCustomer))
      customer.custom = customAttributes(rawCustomer as Record<string, unknown>);
    state.customers.set(customer.customerId, customer);
    res.json(renderCustomer(customer));
  });

  router.post('/customers/password/actions/create-reset-token', (req, res) => {
    const request = parseBody(zResetPasswordTokenRequest, req, res);
    if (!request) return;
    const customer = findCustomerByLogin(request.login);
    if (!customer) return badRequest(res, `No customer with login '${request.login}'.`);
    res.json({
      login: customer.login,
      email: customer.email,
      resetToken: randomId('rst-', 8),
      expiresInMinutes: 30,
    } satisfies Schemas['ResetPasswordToken']);
  });

  router.get('/customers/:customerId', (req, res) => {
    const shopper = shopperOf(res);
    if (!shopper.registered && shopper.customerId === req.params.customerId)
      return void res.json({ customerId: shopper.customerId, authType: 'guest' } satisfies Schemas['Customer']);
    const customer = ownCustomer(req, res);
    if (customer) res.json(renderCustomer(customer));
  });

  router.patch('/customers/:customerId', ownCustomerOnly, (req, res) => {
    const customer = customerOf(res);
    const update = parseBody(zCustomer, req, res);
    if (!update) return;
    const login = update.login ?? undefined;
    if (login && login !== customer.login) {
      const other = findCustomerByLogin(login);
      if (other && other !== customer) return loginInUse(res, login);
      customer.login = login;
    }
    if (update.email) customer.email = update.email;
    if (update.firstName !== undefined) customer.firstName = update.firstName;
    if (update.lastName !== undefined) customer.lastName = update.lastName;
    if (update.phoneHome !== undefined) customer.phoneHome = update.phoneHome;
    Object.assign(customer.custom, customAttributes(bodyObject(req)));
    customer.modifiedMs = context.clock.nowMs();
    res.json(renderCustomer(customer));
  });

  router.put('/customers/:customerId/password', ownCustomerOnly, (req, res) => {
    const customer = customerOf(res);
    const change = parseBody(zPasswordChangeRequest, req, res);
    if (!change) return;
    if (change.currentPassword !== customer.password)
      return problem(
        res,
        400,
        'invalid-customer-credentials',
        'Invalid Customer Credentials',
        'The current password is not valid.',
      );
    if (!PASSWORD_RULE.test(change.password)) return invalidPassword(res);
    customer.password = change.password;
    customer.modifiedMs = context.clock.nowMs();
    res.status(204).end();
  });

  router.post('/customers/:customerId/addresses', ownCustomerOnly, (req, res) => {
    const customer = customerOf(res);
    const address = parseBody(zCustomerAddress, req, res);
    if (!address) return;
    if (customer.addresses.some((a) => a.addressId === address.addressId))
      return problem(
        res,
        400,
        'address-already-exists',
        'Address Already Exists',
        `The address name '${address.addressId}' is already in use.`,
      );
    const saved = { ...address, creationDate: nowIso(), lastModified: nowIso() };
    if (saved.preferred) for (const other of customer.addresses) other.preferred = false;
    if (customer.addresses.length === 0) saved.preferred = true;
    customer.addresses.push(saved);
    res.json(saved);
  });

  const addressNotFound = (res: Response, customer: CustomerRecord, name: string): void =>
    problem(
      res,
      404,
      'address-not-found',
      'Address Not Found',
      `No address with name '${name}' could be found for customer '${customer.customerId}'.`,
    );

  router.patch('/customers/:customerId/addresses/:addressName', ownCustomerOnly, (req, res) => {
    const customer = customerOf(res);
    const index = customer.addresses.findIndex((a) => a.addressId === req.params.addressName);
    if (index < 0) return addressNotFound(res, customer, req.params.addressName);
    const address = parseBody(zCustomerAddress.partial(), req, res);
    if (!address) return;
    const updated: Schemas['CustomerAddress'] = { ...customer.addresses[index]!, ...address, lastModified: nowIso() };
    if (updated.preferred) for (const other of customer.addresses) other.preferred = false;
    customer.addresses[index] = updated;
    res.json(updated);
  });

  router.delete('/customers/:customerId/addresses/:addressName', ownCustomerOnly, (req, res) => {
    const customer = customerOf(res);
    if (!customer.addresses.some((a) => a.addressId === req.params.addressName))
      return addressNotFound(res, customer, req.params.addressName);
    customer.addresses = customer.addresses.filter((a) => a.addressId !== req.params.addressName);
    res.status(204).end();
  });

  router.post('/customers/:customerId/payment-instruments', ownCustomerOnly, (req, res) => {
    const customer = customerOf(res);
    const request = parseBody(zCustomerPaymentInstrumentRequest, req, res);
    if (!request) return;
    const card = request.paymentCard;
    const last4 = card ? /(\d{4})$/.exec(card.number)?.[1] : undefined;
    const saved: Schemas['CustomerPaymentInstrument'] = {
      paymentInstrumentId: randomId('cpi-', 5),
      paymentMethodId: request.paymentMethodId ?? 'CREDIT_CARD',
      default: request.default ?? customer.paymentInstruments.length === 0,
      creationDate: nowIso(),
      lastModified: nowIso(),
      ...(request.bankRoutingNumber ? { bankRoutingNumber: request.bankRoutingNumber } : {}),
      ...(card
        ? {
            paymentCard: {
              cardType: card.cardType,
              holder: card.holder,
              expirationMonth: card.expirationMonth,
              expirationYear: card.expirationYear,
              ...(card.creditCardToken ? { creditCardToken: card.creditCardToken } : {}),
              ...(last4 ? { numberLastDigits: last4, maskedNumber: `************${last4}` } : {}),
              creditCardExpired: false,
            },
          }
        : {}),
    };
    if (saved.default) for (const other of customer.paymentInstruments) other.default = false;
    customer.paymentInstruments.push(saved);
    res.json(saved);
  });

  router.delete('/customers/:customerId/payment-instruments/:paymentInstrumentId', ownCustomerOnly, (req, res) => {
    const customer = customerOf(res);
    if (!customer.paymentInstruments.some((p) => p.paymentInstrumentId === req.params.paymentInstrumentId))
      return problem(
        res,
        404,
        'payment-instrument-not-found',
        'Payment Instrument Not Found',
        `No payment instrument with ID '${req.params.paymentInstrumentId}' could be found for customer '${customer.customerId}'.`,
      );
    customer.paymentInstruments = customer.paymentInstruments.filter(
      (p) => p.paymentInstrumentId !== req.params.paymentInstrumentId,
    );
    res.status(204).end();
  });

  // getCustomerOrders "accepts a registered customer ShopperToken (JWT) or a guest customer ShopperToken".
  router.get('/customers/:customerId/orders', (req, res) => {
    const shopper = shopperOf(res);
    if (shopper.customerId !== req.params.customerId) return customerNotFound(res, req.params.customerId);
    const limitText = query(req, 'limit');
    const offsetText = query(req, 'offset');
    const limit = limitText === undefined ? 10 : Number(limitText);
    const offset = offsetText === undefined ? 0 : Number(offsetText);
    if (!Number.isInteger(limit) || limit < 1 || limit > 50)
      return badRequest(res, `The value of parameter 'limit' is not valid.`);
    if (!Number.isInteger(offset) || offset < 0)
      return badRequest(res, `The value of parameter 'offset' is not valid.`);
    const all = ordersOf(shopper.customerId);
    res.json({
      limit,
      offset,
      total: all.length,
      data: all.slice(offset, offset + limit).map(renderOrder),
    } satisfies Schemas['CustomerOrderResult']);
  });

  router.get('/customers/:customerId/baskets', (req, res) => {
    const shopper = shopperOf(res);
    if (shopper.customerId !== req.params.customerId) return customerNotFound(res, req.params.customerId);
    const baskets = basketsOf(shopper.customerId).map(renderBasket);
    res.json({ total: baskets.length, baskets } satisfies Schemas['BasketsResult']);
  });

  return router;
}
