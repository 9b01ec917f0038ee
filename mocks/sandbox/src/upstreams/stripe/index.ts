/**
 * The Stripe stand-in under `/stripe` (contract openapi/upstream/stripe.yaml): customers with
 * search, payment methods created, attached, retrieved and detached, setup intents that succeed,
 * fail (402 card_error) or need action through a sandbox 3-D Secure challenge or bank page, Stripe's
 * error objects and idempotency keys. Bodies are form-encoded in bracket notation.
 */
import { createHash } from 'node:crypto';
import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import type { z } from 'zod';
import {
  zGetCustomersSearchQuery,
  zPostCustomersBody,
  zPostPaymentMethodsBody,
  zPostPaymentMethodsPaymentMethodAttachBody,
  zPostSetupIntentsBody,
  zPostSetupIntentsIntentConfirmBody,
} from '../../../../../generated/stripe/zod/zod.gen.ts';
import type { SandboxContext, UpstreamModule } from '../../app.ts';
import { CREDENTIALS } from '../../seed.ts';
import {
  cardFacts,
  isExpired,
  isHttpUrl,
  randomId,
  renderActionPage,
  renderMessagePage,
  requestFingerprint,
  withQuery,
} from '../card-providers.ts';
import {
  apiError,
  cardError,
  fromZodError,
  invalidRequest,
  missingParam,
  resourceMissing,
  StripeError,
} from './errors.ts';
import { coerceForm } from './form.ts';
import {
  resetStripeStore,
  store,
  type ApiError,
  type Customer,
  type PaymentMethod,
  type SetupIntent,
  type StoredPaymentMethod,
  type StoredSetupIntent,
} from './store.ts';

export { getSetupIntent, getStripeCustomer, getStripePaymentMethod, STRIPE_SEED, stripeLedger } from './store.ts';

type KeyKind = 'secret' | 'publishable';
interface Result {
  status?: number;
  body: unknown;
}
type Handler = (req: Request, res: Response) => Result;

const IDEMPOTENCY_WINDOW_MS = 24 * 3_600_000;

const IDEAL_BICS: Record<string, string> = {
  abn_amro: 'ABNANL2A',
  asn_bank: 'ASNBNL21',
  bunq: 'BUNQNL2A',
  handelsbanken: 'HANDNL2A',
  ing: 'INGBNL2A',
  knab: 'KNABNL2H',
  moneyou: 'MOYONL21',
  rabobank: 'RABONL2U',
  regiobank: 'RBRBNL21',
  revolut: 'REVOLT21',
  sns_bank: 'SNSBNL2A',
  triodos_bank: 'TRIONL2U',
  van_lanschot: 'FVLBNL22',
};

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

function parse<T>(schema: z.ZodType<T>, input: unknown): T {
  const result = schema.safeParse(coerceForm(input ?? {}, schema), { reportInput: true });
  if (!result.success) throw fromZodError(result.error);
  return result.data;
}

const nowSeconds = (context: SandboxContext) => Math.floor(context.clock.nowMs() / 1000);

const liveCustomer = (id: string, param: string, status = 400): Customer => {
  const customer = store.customers.get(id);
  if (!customer || 'deleted' in customer) throw resourceMissing('customer', id, param, status);
  return customer;
};

const storedMethod = (id: string, param: string, status = 404): StoredPaymentMethod => {
  const method = store.paymentMethods.get(id);
  if (!method) throw resourceMissing('PaymentMethod', id, param, status);
  return method;
};

const storedIntent = (id: string): StoredSetupIntent => {
  const intent = store.setupIntents.get(id);
  if (!intent) throw resourceMissing('setup_intent', id, 'intent');
  return intent;
};

/** One clause of Stripe's search language: `field:'value'`, `field~'value'`, `metadata['k']:'v'`. */
interface SearchClause {
  negate: boolean;
  field: string;
  metadataKey?: string;
  operator: ':' | '~';
  value: string;
}

function parseSearchQuery(query: string): { clauses: SearchClause[]; joiner: 'AND' | 'OR' } {
  const trimmed = query.trim();
  const invalid = () =>
    invalidRequest(`Invalid search query: ${query}. See https://stripe.com/docs/search#search-query-language.`, {
      param: 'query',
    });
  if (!trimmed) throw invalid();
  const hasAnd = / AND /.test(trimmed);
  const hasOr = / OR /.test(trimmed);
  if (hasAnd && hasOr) throw invalid();
  const joiner = hasOr ? 'OR' : 'AND';
  const clauses = trimmed.split(joiner === 'OR' ? / OR / : / AND /).map((part) => {
    const match = /^(-)?([a-z_]+)(?:\[(['"])(.+?)\3\])?\s*(:|~)\s*(['"])(.*)\6$/.exec(part.trim());
    if (!match) throw invalid();
    const [, negate, field = '', , metadataKey, operator, , value = ''] = match;
    if (!['email', 'name', 'phone', 'metadata', 'description'].includes(field)) throw invalid();
    if ((field === 'metadata') !== (metadataKey !== undefined)) throw invalid();
    return {
      negate: negate === '-',
      field,
      ...(metadataKey !== undefined ? { metadataKey } : {}),
      operator: operator as ':' | '~',
      value: value.replace(/\\(['"])/g, '$1'),
    };
  });
  return { clauses, joiner };
}

function matches(customer: Customer, clause: SearchClause): boolean {
  const actual =
    clause.field === 'metadata'
      ? customer.metadata?.[clause.metadataKey ?? '']
      : (customer[clause.field as 'email' | 'name' | 'phone' | 'description'] ?? undefined);
  const hit =
    actual !== undefined &&
    actual !== null &&
    (clause.operator === ':'
      ? actual.toLowerCase() === clause.value.toLowerCase()
      : actual.toLowerCase().includes(clause.value.toLowerCase()));
  return clause.negate ? !hit : hit;
}

function setupIntentResponse(intent: StoredSetupIntent): SetupIntent {
  return structuredClone(intent.object);
}

function paymentMethodResponse(method: StoredPaymentMethod): PaymentMethod {
  return structuredClone(method.object);
}

function declineError(outcome: 'generic_decline' | 'insufficient_funds' | 'expired_card'): ApiError {
  const base = { type: 'card_error' as const, payment_method_type: 'card' };
  switch (outcome) {
    case 'insufficient_funds':
      return {
        ...base,
        code: 'card_declined',
        decline_code: 'insufficient_funds',
        message: 'Your card has insufficient funds.',
        doc_url: 'https://stripe.com/docs/error-codes/card-declined',
      };
    case 'expired_card':
      return {
        ...base,
        code: 'expired_card',
        decline_code: 'expired_card',
        param: 'exp_month',
        message: 'Your card has expired.',
        doc_url: 'https://stripe.com/docs/error-codes/expired-card',
      };
    default:
      return {
        ...base,
        code: 'card_declined',
        decline_code: 'generic_decline',
        message: 'Your card was declined.',
        doc_url: 'https://stripe.com/docs/error-codes/card-declined',
      };
  }
}

const authenticationFailure = (paymentMethodType: string): ApiError => ({
  type: 'invalid_request_error',
  code: 'setup_intent_authentication_failure',
  message: 'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
  doc_url: 'https://stripe.com/docs/error-codes/setup-intent-authentication-failure',
  payment_method_type: paymentMethodType,
});

function attachTo(method: StoredPaymentMethod, customer: string | null): void {
  if (customer && !method.object.customer) method.object.customer = customer;
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

  // ---- The shopper-facing pages (3-D Secure challenge and bank page), outside the API ----
  const pageIntent = (req: Request, res: Response, kind: 'challenge' | 'bank'): StoredSetupIntent | undefined => {
    const intent = store.setupIntents.get(String(req.params.intent));
    if (!intent || intent.action !== kind || intent.object.status !== 'requires_action') {
      res
        .status(intent ? 409 : 404)
        .type('html')
        .send(
          renderMessagePage(
            intent ? 'This authentication is no longer open' : 'Unknown authentication',
            intent
              ? `The setup ${intent.object.id} is ${intent.object.status}; there is nothing left to confirm here.`
              : 'The sandbox knows no setup with this id.',
          ),
        );
      return undefined;
    }
    return intent;
  };

  for (const kind of ['challenge', 'bank'] as const) {
    router.get(`/__${kind}/:intent`, (req, res) => {
      const intent = pageIntent(req, res, kind);
      if (!intent) return;
      const method = intent.object.payment_method ? store.paymentMethods.get(intent.object.payment_method) : undefined;
      const card = method?.object.card;
      const what =
        card !== undefined
          ? `${card.brand.charAt(0).toUpperCase()}${card.brand.slice(1)} ending ${card.last4}`
          : method?.object.type === 'ideal'
            ? `iDEAL${method.object.ideal?.bank ? ` (${method.object.ideal.bank})` : ''}`
            : 'Bancontact';
      res.type('html').send(
        renderActionPage({
          title: kind === 'challenge' ? '3-D Secure challenge' : 'Authorise at your bank',
          provider: 'Stripe sandbox',
          details: [
            [kind === 'challenge' ? 'Card' : 'Payment method', what],
            ['Amount', 'No charge now: the payment method is saved for future payments'],
            ['Setup', intent.object.id],
          ],
          action: `${context.baseUrl()}/stripe/__${kind}/${intent.object.id}`,
          completeLabel: kind === 'challenge' ? 'Complete' : 'Authorise',
          failLabel: 'Fail',
        }),
      );
    });

    router.post(`/__${kind}/:intent`, (req, res) => {
      const intent = pageIntent(req, res, kind);
      if (!intent) return;
      const outcome = (req.body as Record<string, unknown> | undefined)?.outcome;
      if (outcome !== 'complete' && outcome !== 'fail') {
        res
          .status(400)
          .type('html')
          .send(renderMessagePage('Choose an outcome', 'Press Complete (or Authorise) or Fail.'));
        return;
      }
      const method = intent.object.payment_method ? store.paymentMethods.get(intent.object.payment_method) : undefined;
      intent.object.next_action = null;
      intent.action = null;
      if (outcome === 'complete') {
        intent.object.status = 'succeeded';
        intent.object.last_setup_error = null;
        if (method) attachTo(method, intent.object.customer ?? null);
      } else {
        intent.object.status = 'requires_payment_method';
        intent.object.last_setup_error = authenticationFailure(method?.object.type ?? 'card');
        intent.object.payment_method = null;
      }
      const attempt = [...store.ledger].reverse().find((a) => a.setupIntent === intent.object.id);
      if (attempt) attempt.outcome = outcome === 'complete' ? 'succeeded' : 'failed';
      if (!intent.returnUrl) {
        res
          .type('html')
          .send(
            renderMessagePage(
              outcome === 'complete' ? 'Authentication complete' : 'Authentication failed',
              'You can close this window.',
            ),
          );
        return;
      }
      res.redirect(
        303,
        withQuery(intent.returnUrl, {
          setup_intent: intent.object.id,
          setup_intent_client_secret: intent.object.client_secret ?? '',
          redirect_status: outcome === 'complete' ? 'succeeded' : 'failed',
        }),
      );
    });
  }

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
      const found = [...store.customers.values()]
        .filter((c): c is Customer => !('deleted' in c))
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
      const body = parse(zPostPaymentMethodsBody, req.body);
      if (!body.type) throw missingParam('type');
      const billing = body.billing_details;
      const address = billing?.address;
      const base = {
        id: `pm_${randomId(24)}`,
        object: 'payment_method' as const,
        billing_details: {
          name: billing?.name ?? null,
          email: billing?.email ?? null,
          phone: billing?.phone ?? null,
          address: address
            ? {
                line1: address.line1 ?? null,
                line2: address.line2 ?? null,
                city: address.city ?? null,
                postal_code: address.postal_code ?? null,
                state: address.state ?? null,
                country: address.country ?? null,
              }
            : null,
        },
        customer: null,
        created: nowSeconds(context),
        livemode: false,
        metadata: body.metadata ?? {},
      };
      let stored: StoredPaymentMethod;
      if (body.type === 'card') {
        const card = body.card;
        if (!card) throw missingParam('card');
        const facts = cardFacts(card.number);
        if (!facts) throw cardError('incorrect_number', 'Your card number is incorrect.', { param: 'number' });
        if (card.exp_month < 1 || card.exp_month > 12)
          throw cardError('invalid_expiry_month', "Your card's expiration month is invalid.", { param: 'exp_month' });
        const expYear = card.exp_year < 100 ? 2000 + card.exp_year : card.exp_year;
        if (isExpired(card.exp_month, expYear, context.clock.now()) || expYear > 2100)
          throw cardError('invalid_expiry_year', "Your card's expiration year is invalid.", { param: 'exp_year' });
        if (card.cvc !== undefined && !/^\d{3,4}$/.test(card.cvc))
          throw cardError('invalid_cvc', "Your card's security code is invalid.", { param: 'cvc' });
        const country = facts.fixedCountry ?? address?.country ?? 'US';
        stored = {
          cardNumber: facts.number,
          detached: false,
          object: {
            ...base,
            type: 'card',
            card: {
              brand: facts.brand,
              last4: facts.last4,
              exp_month: card.exp_month,
              exp_year: expYear,
              country,
              funding: 'credit',
              fingerprint: `SbxFp${createHash('sha256').update(facts.number).digest('hex').slice(0, 11)}`,
            },
          },
        };
      } else if (body.type === 'ideal') {
        const bank = body.ideal?.bank ?? null;
        stored = {
          detached: false,
          object: {
            ...base,
            type: 'ideal',
            ideal: {
              bank,
              bic: (bank ? IDEAL_BICS[bank] : undefined) as NonNullable<PaymentMethod['ideal']>['bic'],
            },
          },
        };
        if (!bank && stored.object.ideal) stored.object.ideal.bic = null;
      } else {
        stored = { detached: false, object: { ...base, type: 'bancontact', bancontact: {} } };
      }
      store.paymentMethods.set(stored.object.id, stored);
      return { body: paymentMethodResponse(stored) };
    }),
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
      if (method.detached)
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

  // ---- Setup intents ----
  /** Confirms a setup intent with its payment method: succeeded, requires_action or a 402. */
  const confirm = (intent: StoredSetupIntent, returnUrl: string | null): Result => {
    const methodId = intent.object.payment_method;
    if (!methodId)
      throw invalidRequest(
        "You cannot confirm this SetupIntent because it's missing a payment method. You can either update the SetupIntent with a payment method and then confirm it again, or confirm it again directly with a payment method.",
        { code: 'setup_intent_unexpected_state' },
      );
    const method = storedMethod(methodId, 'payment_method', 400);
    if (returnUrl !== null && !isHttpUrl(returnUrl))
      throw invalidRequest('Not a valid URL', { code: 'url_invalid', param: 'return_url' });
    intent.returnUrl = returnUrl;
    const record = (outcome: 'succeeded' | 'requires_action' | 'failed') =>
      store.ledger.push({
        setupIntent: intent.object.id,
        paymentMethod: methodId,
        outcome,
        atMs: context.clock.nowMs(),
      });

    const needsAction = (kind: 'challenge' | 'bank') => {
      intent.object.status = 'requires_action';
      intent.action = kind;
      intent.object.next_action = {
        type: 'redirect_to_url',
        redirect_to_url: { url: `${context.baseUrl()}/stripe/__${kind}/${intent.object.id}`, return_url: returnUrl },
      };
      record('requires_action');
      return { body: setupIntentResponse(intent) };
    };

    intent.object.last_setup_error = null;
    if (method.object.type === 'ideal' || method.object.type === 'bancontact') {
      if (!returnUrl)
        throw invalidRequest(
          `A return_url must be provided when confirming a SetupIntent with the payment method type ${method.object.type}.`,
          { param: 'return_url' },
        );
      return needsAction('bank');
    }
    const facts = cardFacts(method.cardNumber ?? '');
    const outcome = facts?.outcome ?? { kind: 'succeeds' as const };
    if (outcome.kind === 'three_d_secure') return needsAction('challenge');
    if (outcome.kind === 'declined') {
      const error = declineError(outcome.declineCode);
      intent.object.status = 'requires_payment_method';
      intent.object.payment_method = null;
      intent.object.next_action = null;
      intent.object.last_setup_error = error;
      record('failed');
      throw new StripeError(402, { ...error, setup_intent: setupIntentResponse(intent) });
    }
    intent.object.status = 'succeeded';
    intent.object.next_action = null;
    attachTo(method, intent.object.customer ?? null);
    record('succeeded');
    return { body: setupIntentResponse(intent) };
  };

  /** The payment method an intent may use: it exists, is not detached, and fits the customer. */
  const usableMethod = (id: string, customer: string | null): StoredPaymentMethod => {
    const method = storedMethod(id, 'payment_method', 400);
    if (method.detached)
      throw invalidRequest(
        'This PaymentMethod was previously used without being attached to a Customer or was detached from a Customer, and may not be used again.',
        { param: 'payment_method' },
      );
    if (method.object.customer && method.object.customer !== customer)
      throw invalidRequest(
        'The provided PaymentMethod belongs to a different Customer, or no Customer was given. Pass the Customer the PaymentMethod is attached to.',
        { param: 'payment_method' },
      );
    return method;
  };

  router.post(
    '/v1/setup_intents',
    idempotent((req, res) => {
      requireSecret(res);
      const body = parse(zPostSetupIntentsBody, req.body);
      const customer = body.customer ? liveCustomer(body.customer, 'customer').id : null;
      const method = body.payment_method ? usableMethod(body.payment_method, customer) : undefined;
      if (body.return_url !== undefined && body.confirm !== true)
        throw invalidRequest('You can only pass return_url when confirm is true.', { param: 'return_url' });
      const types = body.payment_method_types ?? [method?.object.type ?? 'card'];
      if (method && !types.includes(method.object.type))
        throw invalidRequest(
          `The provided PaymentMethod of type ${method.object.type} is not allowed by this SetupIntent's payment_method_types (${types.join(', ')}).`,
          { code: 'payment_method_invalid_parameter', param: 'payment_method' },
        );
      const id = `seti_${randomId(24)}`;
      const intent: StoredSetupIntent = {
        returnUrl: null,
        action: null,
        object: {
          id,
          object: 'setup_intent',
          status: method ? 'requires_confirmation' : 'requires_payment_method',
          client_secret: `${id}_secret_${randomId(24)}`,
          customer,
          payment_method: method?.object.id ?? null,
          payment_method_types: types,
          usage: body.usage ?? 'off_session',
          next_action: null,
          last_setup_error: null,
          cancellation_reason: null,
          description: body.description ?? null,
          created: nowSeconds(context),
          livemode: false,
          metadata: body.metadata ?? {},
        },
      };
      store.setupIntents.set(id, intent);
      if (body.confirm === true) return confirm(intent, body.return_url ?? null);
      return { body: setupIntentResponse(intent) };
    }),
  );

  const checkClientSecret = (intent: StoredSetupIntent, secret: string | undefined, res: Response) => {
    if (secret === undefined) {
      requireSecret(res);
      return;
    }
    if (secret !== intent.object.client_secret)
      throw invalidRequest(
        `The client_secret provided does not match the client_secret associated with the SetupIntent.`,
        { param: 'client_secret' },
      );
  };

  router.get(
    '/v1/setup_intents/:intent',
    run((req, res) => {
      const intent = storedIntent(String(req.params.intent));
      const secret = typeof req.query.client_secret === 'string' ? req.query.client_secret : undefined;
      checkClientSecret(intent, secret, res);
      return { body: setupIntentResponse(intent) };
    }),
  );

  router.post(
    '/v1/setup_intents/:intent/confirm',
    idempotent((req, res) => {
      const intent = storedIntent(String(req.params.intent));
      const body = parse(zPostSetupIntentsIntentConfirmBody, req.body);
      checkClientSecret(intent, body.client_secret, res);
      const status = intent.object.status;
      if (status !== 'requires_payment_method' && status !== 'requires_confirmation')
        throw invalidRequest(`You cannot confirm this SetupIntent because it has a status of ${status}.`, {
          code: 'setup_intent_unexpected_state',
        });
      if (body.payment_method) {
        const method = usableMethod(body.payment_method, intent.object.customer ?? null);
        intent.object.payment_method = method.object.id;
      }
      return confirm(intent, body.return_url ?? intent.returnUrl ?? null);
    }),
  );

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
