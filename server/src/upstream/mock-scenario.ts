/**
 * Prism scenarios per request (UPSTREAM=prism only; README "Working against Prism"). The browser
 * cannot set Prism's `Prefer` header, so the proxy takes a scenario from the `X-Mock-Scenario`
 * request header, or from a `?mock=` query parameter on any page or call, which it remembers in
 * the `mock_scenario` cookie for the following calls (`?mock=off` forgets it). Each upstream call
 * the scenario names is sent with Prism's `Prefer: code=<status>, example=<name>, dynamic=<bool>`
 * (Prism 5: docs/getting-started/03-cli.md "Modifying Responses"; `example` alone picks a 200
 * example, so an example of another status needs its `code` too).
 *
 *   scenario   := target ":" preference ("," preference)*   several joined by ";"
 *   target     := upstream ["." operationId]                 e.g. vehicles.lookupVehicle
 *   preference := code=<3 digits> | example=<name> | dynamic=true|false
 *
 * In sandbox and live modes the middleware does nothing and the upstream clients never send it.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { RequestHandler } from 'express';
import { operations as adyen } from '../../../generated/adyen/operations.ts';
import { operations as commerce } from '../../../generated/commerce/operations.ts';
import { operations as identity } from '../../../generated/identity/operations.ts';
import { operations as loqate } from '../../../generated/loqate/operations.ts';
import { operations as som } from '../../../generated/som/operations.ts';
import { operations as stripe } from '../../../generated/stripe/operations.ts';
import { operations as vehicles } from '../../../generated/vehicles/operations.ts';
import type { Config, UpstreamName } from '../config.ts';
import { AppError } from '../errors.ts';
import type { UpstreamInput } from './transport.ts';

/** The request header naming the scenario of one request. */
export const SCENARIO_HEADER = 'x-mock-scenario';
/** The query parameter naming the scenario of this and the following requests (kept in a cookie). */
export const SCENARIO_QUERY = 'mock';
export const SCENARIO_COOKIE = 'mock_scenario';

/** The Prism mocks (scripts/mock-ports.ts) and the operations of each one's contract. */
const CONTRACTS = { commerce, som, vehicles, identity, adyen, stripe, loqate } as const;
type MockName = keyof typeof CONTRACTS;
type Operation = { method: string; path: string };

/** The classic OCAPI client talks to the same commerce contract (and the same Prism). */
const MOCK_OF: Record<UpstreamName, MockName> = {
  commerce: 'commerce',
  commerceClassic: 'commerce',
  som: 'som',
  vehicles: 'vehicles',
  identity: 'identity',
  adyen: 'adyen',
  stripe: 'stripe',
  loqate: 'loqate',
};

export interface Scenario {
  upstream: MockName;
  operationId?: string;
  /** The value of Prism's Prefer header, e.g. `code=402, example=cardDeclined`. */
  prefer: string;
}

const PREFERENCE = /^(code=\d{3}|example=[A-Za-z0-9_.-]{1,80}|dynamic=(true|false))$/;

function invalid(detail: string): AppError {
  return new AppError(400, 'invalid-mock-scenario', 'Invalid mock scenario', detail);
}

/** Parses `vehicles:example=marketError;som.getOrderHistory:example=emptyList`; throws a 400 problem. */
export function parseScenarios(text: string): Scenario[] {
  return text
    .split(';')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const colon = part.indexOf(':');
      if (colon < 0) throw invalid(`'${part}' is not <upstream>[.<operationId>]:<preference>[,<preference>]`);
      const [upstream = '', operationId, ...rest] = part.slice(0, colon).trim().split('.');
      if (!(upstream in CONTRACTS) || rest.length > 0)
        throw invalid(`'${upstream}' is not one of ${Object.keys(CONTRACTS).join(', ')}`);
      const mock = upstream as MockName;
      if (operationId !== undefined && !Object.hasOwn(CONTRACTS[mock], operationId))
        throw invalid(`'${operationId}' is not an operation of openapi/upstream/${mock}.yaml`);
      const preferences = part
        .slice(colon + 1)
        .split(',')
        .map((p) => p.trim())
        .filter(Boolean);
      const wrong = preferences.find((p) => !PREFERENCE.test(p));
      if (preferences.length === 0 || wrong !== undefined)
        throw invalid(`'${wrong ?? ''}' is not code=<status>, example=<name> or dynamic=true|false`);
      return { upstream: mock, ...(operationId ? { operationId } : {}), prefer: preferences.join(', ') };
    });
}

const pathPatterns = new Map<Operation, RegExp>();
function matches(operation: Operation, method: string, path: string): boolean {
  let pattern = pathPatterns.get(operation);
  if (!pattern) {
    const source = operation.path
      .split(/\{[^}]+\}/)
      .map((s) => s.replace(/[.*+?^$()|[\]\\]/g, '\\$&'))
      .join('[^/]+');
    pattern = new RegExp(`^${source}/?$`);
    pathPatterns.set(operation, pattern);
  }
  return operation.method === method.toLowerCase() && pattern.test(path);
}

/** The Prefer header for one upstream call: an operation's own scenario first, then the upstream's. */
export function preferFor(scenarios: readonly Scenario[], name: UpstreamName, method: string, path: string) {
  const mock = MOCK_OF[name];
  const mine = scenarios.filter((s) => s.upstream === mock);
  const operations: Record<string, Operation> = CONTRACTS[mock];
  const forOperation = mine.find((s) => {
    const operation = s.operationId ? operations[s.operationId] : undefined;
    return operation !== undefined && matches(operation, method, path);
  });
  return (forOperation ?? mine.find((s) => s.operationId === undefined))?.prefer;
}

const current = new AsyncLocalStorage<readonly Scenario[]>();

function cookieValue(header: string | undefined): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === SCENARIO_COOKIE) {
      try {
        return decodeURIComponent(value.join('='));
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/**
 * Reads the request's scenarios (header, then `?mock=`, else the cookie) and runs the rest of the
 * request with them. Mount it before the routes and again after a body parser (a stream's events
 * leave the async context). Outside prism mode it passes every request on untouched.
 */
export function mockScenarios(config: Pick<Config, 'mode'>): RequestHandler {
  if (config.mode !== 'prism') return (_req, _res, next) => next();
  return (req, res, next) => {
    try {
      const header = req.get(SCENARIO_HEADER);
      const query = new URL(req.originalUrl, 'http://shop.invalid').searchParams.get(SCENARIO_QUERY);
      let remembered = cookieValue(req.headers.cookie);
      if (query !== null) {
        const forget = query.trim() === '' || query.trim() === 'off';
        remembered = forget ? undefined : query;
        if (!forget) parseScenarios(query);
        if (!res.locals.mockScenarioCookie) {
          res.locals.mockScenarioCookie = true;
          if (forget) res.clearCookie(SCENARIO_COOKIE, { path: '/' });
          else res.cookie(SCENARIO_COOKIE, query, { path: '/', httpOnly: true, sameSite: 'lax' });
        }
      }
      let scenarios = header ? parseScenarios(header) : [];
      try {
        scenarios = [...scenarios, ...parseScenarios(remembered ?? '')];
      } catch {
        // A cookie that no longer parses is forgotten rather than failing every request.
        res.clearCookie(SCENARIO_COOKIE, { path: '/' });
      }
      current.run(scenarios, next);
    } catch (error) {
      next(error);
    }
  };
}

type FetchFn = (input: UpstreamInput) => Promise<Response>;

/** An upstream's fetch that adds Prism's Prefer header when the request's scenario names the call. */
export function withMockScenario(name: UpstreamName, baseUrl: string, fetch: FetchFn): FetchFn {
  const basePath = new URL(baseUrl).pathname.replace(/\/$/, '');
  return (input) => {
    const scenarios = current.getStore();
    if (scenarios && scenarios.length > 0) {
      const path = new URL(input.url).pathname;
      const prefer = preferFor(
        scenarios,
        name,
        input.method,
        path.startsWith(basePath) ? path.slice(basePath.length) : path,
      );
      if (prefer) input.headers.set('Prefer', prefer);
    }
    return fetch(input);
  };
}
