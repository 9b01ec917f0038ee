/**
 * Loqate's address capture calls, the only code that makes them (storefront §7 "Address capture":
 * Find and Retrieve, form-encoded, with the key from configuration;
 * https://www.loqate.com/developers/api/Capture/Interactive/Find/1.1/). The key goes to Loqate only.
 * Each answers openapi-fetch's `{ data, error, response }` unchanged: what an answer means is
 * services/site/address-lookup.ts's.
 */
import type { AppContext } from '../context.ts';

const FORM = { 'Content-Type': 'application/x-www-form-urlencoded' } as const;

/** Form-encodes a flat object, leaving out undefined values (openapi-fetch's `bodySerializer`). */
export function formBody(body: object): string {
  const form = new URLSearchParams();
  for (const [name, value] of Object.entries(body)) {
    if (value !== undefined && value !== null) form.set(name, String(value));
  }
  return form.toString();
}

export interface FindQuery {
  Text: string;
  Container?: string | undefined;
  Countries?: string | undefined;
  Limit: number;
  Language?: string | undefined;
}

/** Find (v1.10): suggestions of type Address or a container type. */
export const find = (ctx: AppContext, query: FindQuery, signal?: AbortSignal) =>
  ctx.upstreams.loqate.POST('/Capture/Interactive/Find/v1.10/json3.ws', {
    body: { Key: ctx.config.credentials.loqate.key, ...query },
    bodySerializer: formBody,
    headers: FORM,
    ...(signal ? { signal } : {}),
  });

/** Retrieve (v1.2): the full address of one Find item of type Address. */
export const retrieve = (ctx: AppContext, id: string, signal?: AbortSignal) =>
  ctx.upstreams.loqate.POST('/Capture/Interactive/Retrieve/v1.2/json3.ws', {
    body: { Key: ctx.config.credentials.loqate.key, Id: id },
    bodySerializer: formBody,
    headers: FORM,
    ...(signal ? { signal } : {}),
  });
