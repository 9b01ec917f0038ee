/** Small request helpers shared by the commerce routers. */
import type { NextFunction, Request, Response } from 'express';
import { SITES, type SiteId } from '../../seed.ts';
import { badRequest } from './errors.ts';
import { ORGANIZATION_ID } from './state.ts';

/** A single query value (the first one when repeated). */
export function query(req: Request, name: string): string | undefined {
  const value = (req.query as Record<string, unknown>)[name];
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' ? first : undefined;
}

/** Every value of a repeatable query parameter. */
export function queryAll(req: Request, name: string): string[] {
  const value = (req.query as Record<string, unknown>)[name];
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string');
  return typeof value === 'string' ? [value] : [];
}

export function isSite(value: unknown): value is SiteId {
  return typeof value === 'string' && (SITES as readonly string[]).includes(value);
}

/** The country of a locale such as `en-GB` or `en_GB`. */
export function localeCountry(locale: string | undefined): string | undefined {
  const match = locale ? /^[a-z]{2}[-_]([A-Z]{2})$/.exec(locale) : null;
  return match?.[1];
}

export function bodyObject(req: Request): Record<string, unknown> {
  const body: unknown = req.body;
  return body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
}

/** The `c_*` custom attributes of a raw body. */
export function customAttributes(raw: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(raw).filter(([key]) => key.startsWith('c_')));
}

/** SCAPI: the organization must be the sandbox's and the siteId query parameter a known site. */
export function requireOrgAndSite(req: Request, res: Response, next: NextFunction): void {
  const params = req.params as Record<string, string | undefined>;
  if (params.organizationId !== ORGANIZATION_ID) {
    badRequest(res, `The value of parameter 'organizationId' is not valid.`);
    return;
  }
  const siteId = query(req, 'siteId');
  if (!isSite(siteId)) {
    badRequest(res, `The value of parameter 'siteId' is not valid.`);
    return;
  }
  res.locals.siteId = siteId;
  next();
}

export function round2(value: number): number {
  return Math.round(value * 100) / 100;
}
