/**
 * The Stripe stand-in under `/stripe` (contract openapi/upstream/stripe.yaml): customers with
 * search, payment methods created, attached, retrieved and detached, setup intents that succeed,
 * fail (402 card_error) or need action through a sandbox 3-D Secure challenge or bank page, the
 * renewals' off-session payment intents, Stripe's error objects and idempotency keys. Bodies are
 * form-encoded in bracket notation. Here: the router, authentication, idempotency, customers and
 * payment methods; SetupIntents in setup-intents.ts and their attempts (with the SEPA Direct Debit
 * method iDEAL and Bancontact generate) in setup-attempts.ts, PaymentIntents in
 * payment-intents.ts, the shopper's pages in pages.ts, Stripe.js's createPaymentMethod({elements})
 * stand-in in elements.ts, the digital wallets' card tokens in wallet.ts.
 */
import { createHash } from 'node:crypto';
import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import {
  zGetCustomersSearchQuery,
  zPostCustomersBody,
  zPostPaymentMethodsBody,
  zPostPaymentMethodsPaymentMethodAttachBody,
} from '../../../../../generated/stripe/zod/zod.gen.ts';
import type { SandboxContext, UpstreamModule } from '../../app.ts';
import { CREDENTIALS } from '../../seed.ts';
import { randomId, requestFingerprint } from '../card-providers.ts';
import {
  liveCustomer,
  nowSeconds,
  parse,
  paymentMethodResponse,
  storedMethod,
  type Handler,
  type KeyKind,
  type Result,
} from './api.ts';
import { createPaymentMethodWithElements } from './elements.ts';
import { withSetupIntentEvents } from './events.ts';
import { apiError, invalidRequest, resourceMissing, StripeError } from './errors.ts';
import { registerActionPages } from './pages.ts';
import { registerPaymentIntents } from './payment-intents.ts';
import { checkCardParams, createPaymentMethod } from './payment-methods.ts';
import { matches, parseSearchQuery } from './search.ts';
import { registerSetupIntents } from './setup-intents.ts';
import { resetStripeStore, store, type Customer } from './store.ts';
import { createWalletToken } from './wallet.ts';

export { getSetupIntent, getStripeCustomer, getStripePaymentMethod, STRIPE_SEED, stripeLedger } from './store.ts';

const IDEMPOTENCY_WINDOW_MS = 24 * 3_600_000;

const redact = (key: string) => (key.length > 12 ? `${key.slice(0, 8)}***${key.slice(-4)}` : `${key.slice(0, 3)}***`);

/** The API key of a request: `Authorization: Bearer <key>` or basic with the key as user name. */
function apiKeyOf(req: Request): string | undefined {
  const header = req.get('authorization');
  if (!header) return undefined;
  const [scheme, value = ''] = header.split(/\s+/, 2);
  if (scheme?.toLowerCase() === 'bearer') return value.trim();
  if (scheme?.toLowerCase() === 'basic') {
    const decoded = Buffer.from(value, 'base64').toString('utf8');
    return decoded.split(':')[0];
  }
  return undefined;
}

export function stripeRouter(context: SandboxContext): Router {
  context.resetHooks.push(resetStripeStore);
  const router = express.Router();

  // Stripe answers browsers too (Stripe.js creates payment methods with the publishable key).
  router.use((req, res, next) => {
    res.set('Access-Control-Allow-Origin', '*');
    res.set('Access-Control-Allow-Headers', 'Authorization, Content-Type, Idempotency-Key, Stripe-Version');
    res.set('Access-Control-Allow-Methods', 'GET, POST, DELETE, OPTIONS');
    if (req.method === 'OPTIONS') {
      res.status(204).end();
      return;
    }
    next();
  });

  router.use(express.urlencoded({ extended: true, limit: '100kb' }));

  registerActionPages(router, context);

  // ---- Authentication ----
  router.use((req, res, next) => {
    const key = apiKeyOf(req);
    const send = (message: string) => {
      res.status(401).json({ error: { type: 'invalid_request_error', message } });
    };
    if (!key) {
      send(
        "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
      );
      return;
    }
    if (key === CREDENTIALS.stripe.secretKey) res.locals.keyKind = 'secret' satisfies KeyKind;
    else if (key === CREDENTIALS.stripe.publishableKey) res.locals.keyKind = 'publishable' satisfies KeyKind;
    else {
      send(`Invalid API Key provided: ${redact(key)}`);
      return;
    }
    next();
  });

  const requireSecret = (res: Response) => {
    if (res.locals.keyKind !== 'secret')
      throw new StripeError(401, {
        type: 'invalid_request_error',
        message: 'This API call cannot be made with a publishable API key. Please use a secret API key.',
      });
  };

  const send = (res: Response, result: Result) => {
    res.status(result.status ?? 200).json(result.body);
  };

  const run = (handler: Handler) => (req: Request, res: Response) => {
    try {
      send(res, handler(req, res));
    } catch (error) {
      if (error instanceof StripeError) send(res, { status: error.status, body: { error: error.body } });
      else throw error;
    }
  };

  /** POST with Stripe's idempotency: the same key and parameters replay the stored answer. */
  const idempotent = (handler: Handler) => (req: Request, res: Response) => {
    const key = req.get('idempotency-key');
    if (!key) return run(handler)(req, res);
    res.set('Idempotency-Key', key);
    const fingerprint = requestFingerprint(req.method, req.baseUrl + req.path, req.body ?? {});
    const scope = createHash('sha256')
      .update(`${String(res.locals.keyKind)}:${key}`)
      .digest('hex');
    const stored = store.idempotency.get(scope);
    if (stored && stored.storedAtMs + IDEMPOTENCY_WINDOW_MS > context.clock.nowMs()) {
      if (stored.fingerprint !== fingerprint) {
        send(res, {
          status: 400,
          body: {
            error: {
              type: 'idempotency_error',
              message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
            },
          },
        });
        return;
      }
      res.set('Idempotent-Replayed', 'true');
      send(res, { status: stored.status, body: stored.body });
      return;
    }
    let result: Result;
    try {
      result = handler(req, res);
    } catch (error) {
      if (!(error instanceof StripeError)) throw error;
      result = { status: error.status, body: { error: error.body } };
    }
    const status = result.status ?? 200;
    // Stripe keeps no result when the parameters failed validation or the key was refused.
    if (![400, 401, 409].includes(status))
      store.idempotency.set(scope, { fingerprint, status, body: result.body, storedAtMs: context.clock.nowMs() });
    send(res, result);
  };

  // ---- Customers ----
  /** How long a new customer stays out of search results (Stripe: "under 1 minute"). */
  const SEARCH_FRESHNESS_S = 60;
  router.get(
    '/v1/customers/search',
    run((req, res) => {
      requireSecret(res);
      const query = parse(zGetCustomersSearchQuery, req.query);
      const limit = query.limit ?? 10;
      if (limit < 1 || limit > 100)
        throw invalidRequest('This value must be greater than or equal to 1 and less than or equal to 100.', {
          param: 'limit',
        });
      let offset = 0;
      if (query.page !== undefined) {
        const match = /^sbx_page_(\d+)$/.exec(query.page);
        if (!match) throw invalidRequest(`Invalid page: ${query.page}`, { param: 'page' });
        offset = Number(match[1]);
      }
      const { clauses, joiner } = parseSearchQuery(query.query);
      // "Don't use search for read-after-write flows … data is searchable in under 1 minute"
      // (https://docs.stripe.com/search#data-freshness): a customer created in the last minute is not found yet.
      const searchable = nowSeconds(context) - SEARCH_FRESHNESS_S;
      const found = [...store.customers.values()]
        .filter((c): c is Customer => !('deleted' in c) && c.created <= searchable)
        .filter((c) =>
          joiner === 'AND' ? clauses.every((cl) => matches(c, cl)) : clauses.some((cl) => matches(c, cl)),
        )
        .sort((a, b) => b.created - a.created);
      const page = found.slice(offset, offset + limit);
      const hasMore = offset + limit < found.length;
      return {
        body: {
          object: 'search_result',
          url: '/v1/customers/search',
          has_more: hasMore,
          next_page: hasMore ? `sbx_page_${offset + limit}` : null,
          data: structuredClone(page),
        },
      };
    }),
  );

  router.post(
    '/v1/customers',
    idempotent((req, res) => {
      requireSecret(res);
      const body = parse(zPostCustomersBody, req.body);
      const customer: Customer = {
        id: `cus_${randomId(14)}`,
        object: 'customer',
        created: nowSeconds(context),
        livemode: false,
        email: body.email ?? null,
        name: body.name ?? null,
        phone: body.phone ?? null,
        address: null,
        description: body.description ?? null,
        preferred_locales: body.preferred_locales ?? [],
        metadata: body.metadata ?? {},
      };
      store.customers.set(customer.id, customer);
      return { body: structuredClone(customer) };
    }),
  );

  router.get(
    '/v1/customers/:customer',
    run((req, res) => {
      requireSecret(res);
      const id = String(req.params.customer);
      const customer = store.customers.get(id);
      if (!customer) throw resourceMissing('customer', id, 'customer');
      return { body: structuredClone(customer) };
    }),
  );

  // ---- Payment methods ----
  router.post(
    '/v1/payment_methods',
    idempotent((req) => {
      checkCardParams(req.body);
      return { body: createPaymentMethod(context, parse(zPostPaymentMethodsBody, req.body)) };
    }),
  );

  // Stripe.js's createPaymentMethod({elements}) stand-in (elements.ts), as the sandbox card form uses it.
  router.post(
    '/__elements/payment_methods',
    express.json({ limit: '100kb' }),
    run((req, res) => ({ body: createPaymentMethodWithElements(context, req.body, res.locals.keyKind) })),
  );

  // The sandbox wallet sheet's card as a Google Pay or Apple Pay token (wallet.ts).
  router.post(
    '/__wallet/tokens',
    express.json({ limit: '100kb' }),
    run((req, res) => ({ body: createWalletToken(context, req.body, res.locals.keyKind) })),
  );

  router.get(
    '/v1/payment_methods/:payment_method',
    run((req, res) => {
      requireSecret(res);
      return { body: paymentMethodResponse(storedMethod(String(req.params.payment_method), 'payment_method')) };
    }),
  );

  router.post(
    '/v1/payment_methods/:payment_method/attach',
    idempotent((req, res) => {
      requireSecret(res);
      const method = storedMethod(String(req.params.payment_method), 'payment_method');
      const body = parse(zPostPaymentMethodsPaymentMethodAttachBody, req.body);
      const customer = liveCustomer(body.customer, 'customer');
      if (method.detached || method.used)
        throw invalidRequest(
          'This PaymentMethod was previously used without being attached to a Customer or was detached from a Customer, and may not be used again.',
          { param: 'payment_method' },
        );
      if (method.object.customer && method.object.customer !== customer.id)
        throw invalidRequest('The payment method you provided has already been attached to a customer.', {
          code: 'payment_method_unexpected_state',
          param: 'payment_method',
        });
      method.object.customer = customer.id;
      return { body: paymentMethodResponse(method) };
    }),
  );

  router.post(
    '/v1/payment_methods/:payment_method/detach',
    idempotent((req, res) => {
      requireSecret(res);
      const method = storedMethod(String(req.params.payment_method), 'payment_method');
      if (!method.object.customer)
        throw invalidRequest(
          'The payment method you provided is not attached to a customer so detachment is impossible.',
          { code: 'payment_method_unexpected_state', param: 'payment_method' },
        );
      method.object.customer = null;
      method.detached = true;
      return { body: paymentMethodResponse(method) };
    }),
  );

  // What the SetupIntents' calls change is told to the shop by webhook too (events.ts, issue 29).
  registerSetupIntents(router, context, {
    run,
    idempotent: (handler) => idempotent(withSetupIntentEvents(context, handler)),
    requireSecret,
  });

  // The renewals' off-session charges on a stored method (payment-intents.ts, issue 31).
  registerPaymentIntents(router, context, { run, idempotent, requireSecret });

  router.use((req, res) => {
    res.status(404).json({
      error: {
        type: 'invalid_request_error',
        message: `Unrecognized request URL (${req.method}: ${req.originalUrl.replace(/^\/stripe/, '')}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
      },
    });
  });

  router.use((error: unknown, _req: Request, res: Response, next: NextFunction) => {
    if (res.headersSent) return next(error);
    const status = (error as { status?: number; statusCode?: number }).status ?? 500;
    if (status >= 400 && status < 500) {
      res.status(400).json({
        error: { type: 'invalid_request_error', message: `Invalid request: ${(error as Error).message}` },
      });
      return;
    }
    res.status(500).json({ error: apiError().body });
  });

  return router;
}

export const stripeModule: UpstreamModule = {
  upstream: 'stripe',
  errorBody: (status) => ({
    error:
      status >= 500
        ? { type: 'api_error', message: 'An unknown error occurred' }
        : status === 402
          ? { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' }
          : { type: 'invalid_request_error', message: `Sandbox fault: status ${status}.` },
  }),
  router: stripeRouter,
};
