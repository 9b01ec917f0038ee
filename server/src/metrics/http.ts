/**
 * Request rate and latency per operationId and status class (issue 16). An API request is named
 * by the contract's operation its method and path match, also when it is answered before it
 * reaches its route (a CSRF refusal, a malformed body); anything else by a small fixed set, never
 * by its raw path, so the number of series stays bounded whatever the internet sends.
 */
import type { Request, RequestHandler } from 'express';
import { operations, type OperationId } from '../../../generated/proxy/operations.ts';
import { statusClass, type ProxyMetrics } from './registry.ts';

/** What is not an operation of the contract. */
export const NON_API_LABELS = ['page', 'static', 'form', 'not-found', 'other'] as const;

interface OperationPattern {
  id: OperationId;
  method: string;
  pattern: RegExp;
  /** Fewer parameters first: `/orders/{id}/invoice` before `/orders/{id}/{orderNo}`, as the router mounts them. */
  parameters: number;
}

const PATTERNS: OperationPattern[] = (Object.keys(operations) as OperationId[])
  .map((id) => {
    const { method, path } = operations[id];
    const source = path
      .split(/\{[^}]+\}/)
      .map((s) => s.replace(/[.*+?^$()|[\]\\]/g, '\\$&'))
      .join('[^/]+');
    return { id, method, pattern: new RegExp(`^/api${source}/?$`), parameters: path.split('{').length - 1 };
  })
  .sort((a, b) => a.parameters - b.parameters);

/** A file name's extension at the end of the path: the built client's assets, favicon, robots.txt. */
const ASSET = /\.[A-Za-z0-9]{1,8}$/;

/** The operationId of an API request, or one of NON_API_LABELS. */
export function operationLabel(method: string, originalUrl: string): string {
  const path = originalUrl.split('?')[0] ?? '';
  // Express answers HEAD with the GET route.
  const verb = method === 'HEAD' ? 'get' : method.toLowerCase();
  if (path === '/api' || path.startsWith('/api/')) {
    return PATTERNS.find((p) => p.method === verb && p.pattern.test(path))?.id ?? 'not-found';
  }
  if (verb === 'get') return ASSET.test(path) ? 'static' : 'page';
  // The renew form, the checkout's e-mail form and a payment provider's POST return (render/*-form.ts).
  if (verb === 'post') return 'form';
  return 'other';
}

/** Times every request from its arrival to its last byte (or the client leaving). Mount it first. */
export function httpMetrics(metrics: ProxyMetrics): RequestHandler {
  return (req: Request, res, next) => {
    const end = metrics.httpDuration.startTimer();
    metrics.httpInFlight.inc();
    let recorded = false;
    const record = (status: number | undefined) => {
      if (recorded) return;
      recorded = true;
      metrics.httpInFlight.dec();
      end({ operation: operationLabel(req.method, req.originalUrl), status_class: statusClass(status) });
    };
    res.once('finish', () => record(res.statusCode));
    res.once('close', () => record(res.writableFinished ? res.statusCode : undefined));
    next();
  };
}
