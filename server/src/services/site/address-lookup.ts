/**
 * Address capture (Loqate Find and Retrieve) for the address routes: storefront §5 "Address form"
 * (lookup errors), §4 "Address form modes" (probe), §7 "Address capture" (form-encoded calls with
 * the key from configuration). The key is sent to Loqate only; it never appears in an answer or a
 * log line.
 *
 * Outcomes follow `addressLookupOutcome` (domain/address-form.ts): HTTP 400-599, codes above 1008
 * or a network error → unavailable (503); codes 1001-1008 or no items → not found (422). Loqate's
 * account-level codes below 1001 (-1 unknown error, 2 unknown key, 3 out of credit, 4-12 key
 * restrictions and limits) say the service cannot serve this shop at all, so they count as
 * unavailable too (the contract's "no key" case), not as "not found".
 */
import {
  ADDRESS_LOOKUP_LIMIT,
  ADDRESS_LOOKUP_NOT_FOUND_MESSAGE,
  ADDRESS_LOOKUP_UNAVAILABLE_MESSAGE,
  addressLookupOutcome,
  type AddressLookupOutcome,
} from '../../../../domain/address-form.ts';
import type { components } from '../../../../generated/loqate/types.ts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import * as loqate from '../../upstream/loqate.ts';

type Loqate = components['schemas'];
type ErrorItem = Loqate['ErrorItem'];
type FindItem = Loqate['FindItem'];
type RetrieveItem = Loqate['RetrieveItem'];

const isErrorItem = (item: unknown): item is ErrorItem =>
  typeof item === 'object' && item !== null && 'Error' in item && (item as ErrorItem).Error !== undefined;

/** The outcome of one Loqate answer (or of a call that never got one). */
export function lookupOutcome(answer: { networkError?: boolean; status?: number; items?: readonly unknown[] }): {
  outcome: AddressLookupOutcome;
  code?: string;
} {
  if (answer.networkError) return { outcome: addressLookupOutcome({ networkError: true }) };
  if (answer.status !== undefined && (answer.status < 200 || answer.status > 299))
    return { outcome: addressLookupOutcome({ errorCode: answer.status }), code: String(answer.status) };
  const items = answer.items ?? [];
  const error = items.find(isErrorItem);
  if (error) {
    const code = Number(error.Error);
    // Account-level failures (below the service-specific 1001-1008) mean the service is unusable.
    if (!Number.isFinite(code) || code < 1001) return { outcome: 'unavailable', code: error.Error };
    return { outcome: addressLookupOutcome({ errorCode: code }), code: error.Error };
  }
  return { outcome: addressLookupOutcome({ itemCount: items.length }), ...(items.length ? {} : { code: 'empty' }) };
}

/** 422 "Address cannot be found..." on the addressLookup field, or 503 "...unavailable...". */
export function lookupProblem(outcome: Exclude<AddressLookupOutcome, 'ok'>, code = 'empty'): AppError {
  if (outcome === 'notFound') {
    return new AppError(422, 'address-not-found', 'Address not found', ADDRESS_LOOKUP_NOT_FOUND_MESSAGE, {
      errors: [{ field: 'addressLookup', message: ADDRESS_LOOKUP_NOT_FOUND_MESSAGE, code }],
    });
  }
  return new AppError(
    503,
    'address-lookup-unavailable',
    'Address lookup unavailable',
    ADDRESS_LOOKUP_UNAVAILABLE_MESSAGE,
  );
}

type Result<T> = { ok: true; items: T[] } | { ok: false; outcome: Exclude<AddressLookupOutcome, 'ok'>; code?: string };

interface CallOptions {
  signal?: AbortSignal;
  log?: AppContext['logger'];
}

async function call<T>(
  ctx: AppContext,
  send: () => Promise<{ data?: { Items: unknown[] }; error?: unknown; response: Response }>,
  what: string,
  options: CallOptions,
): Promise<Result<T>> {
  const log = options.log ?? ctx.logger;
  // "No API KEY": loadConfig refuses to start without LOQATE_KEY in live mode; an empty key here is unavailable.
  if (!ctx.config.credentials.loqate.key) {
    log.error(`address lookup ${what}: No API KEY`);
    return { ok: false, outcome: 'unavailable' };
  }
  let answer: Awaited<ReturnType<typeof send>>;
  try {
    answer = await send();
  } catch (cause) {
    log.warn({ err: cause }, `address lookup ${what}: network error`);
    return { ok: false, outcome: 'unavailable' };
  }
  const { data, error, response } = answer;
  const items = data?.Items ?? (error as { Items?: unknown[] } | undefined)?.Items ?? [];
  const { outcome, code } = lookupOutcome({ status: response.status, items: Array.isArray(items) ? items : [] });
  if (outcome === 'ok') return { ok: true, items: items.filter((item) => !isErrorItem(item)) as T[] };
  const errorItem = (Array.isArray(items) ? items : []).find(isErrorItem);
  const level = outcome === 'unavailable' ? 'warn' : 'info';
  log[level](
    { status: response.status, code, description: errorItem?.Description },
    `address lookup ${what}: ${outcome}`,
  );
  return { ok: false, outcome, ...(code ? { code } : {}) };
}

export interface FindParams {
  text: string;
  container?: string | undefined;
  countries?: string | undefined;
  limit?: number | undefined;
  language?: string | undefined;
}

/** Loqate Find (form-encoded): suggestions of type Address or a container type. */
export function findAddressItems(ctx: AppContext, params: FindParams, options: CallOptions = {}) {
  return call<FindItem>(
    ctx,
    () =>
      loqate.find(
        ctx,
        {
          Text: params.text,
          Container: params.container,
          Countries: params.countries,
          Limit: params.limit ?? ADDRESS_LOOKUP_LIMIT,
          Language: params.language,
        },
        options.signal,
      ),
    'find',
    options,
  );
}

/** Loqate Retrieve (form-encoded): the full address of one Find item of type Address. */
export function retrieveAddressItems(ctx: AppContext, id: string, options: CallOptions = {}) {
  return call<RetrieveItem>(ctx, () => loqate.retrieve(ctx, id, options.signal), 'retrieve', options);
}
