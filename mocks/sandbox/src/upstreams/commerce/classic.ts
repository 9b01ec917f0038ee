/**
 * Classic OCAPI shop calls on the storefront host (session bridge, content assets, FAQ content
 * search, region custom preferences, order update) and storefront controllers (maintenance status,
 * anything else answered as an unknown controller).
 */
import { createHash } from 'node:crypto';
import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import type { SandboxContext } from '../../app.ts';
import { zClassicOrderUpdate } from '../../../../../generated/commerce/zod/zod.gen.ts';
import { requireOcapiShopper, shopperOf } from './auth.ts';
import { imageUrl } from './catalog.ts';
import { customPreferences, faqAsset } from './content.ts';
import { localizedAsset, localizedFaqs } from './content-i18n/index.ts';
import { controllerError, ocapiFault, type Schemas } from './errors.ts';
import { bodyObject, customAttributes, isSite, query, queryAll } from './http.ts';
import { renderClassicOrder, updateOrder } from './orders.ts';
import { state } from './state.ts';
import { CREDENTIALS } from '../../seed.ts';

/** The properties of an order update besides its custom ones (commerce.yaml ClassicOrderUpdate). */
const ORDER_UPDATE_FIELDS = new Set(['status']);

/** The client ids the tenant's OCAPI settings know: the public SLAS clients and the server's private one. */
const OCAPI_CLIENTS = new Set([...Object.values(CREDENTIALS.commerce.clients), CREDENTIALS.commerce.privateClient.id]);

/**
 * OCAPI client application identification: a bearer token names its client; without one the
 * request names it in `client_id` (first) or `x-dw-client-id`. No client id answers 400, as OCAPI
 * does; an id the tenant does not know is refused too.
 */
function requireClientId(req: Request, res: Response, next: NextFunction): void {
  if (/^Bearer \S/i.test(req.get('authorization') ?? '')) return next();
  const clientId = query(req, 'client_id') ?? req.get('x-dw-client-id');
  if (!clientId)
    return ocapiFault(
      res,
      400,
      'InvalidRequestException',
      'The request does not identify its client application (client_id or x-dw-client-id).',
    );
  if (!OCAPI_CLIENTS.has(clientId))
    return ocapiFault(res, 400, 'InvalidRequestException', `The client id '${clientId}' is not known or not enabled.`, {
      clientId,
    });
  next();
}

function requireClassicSite(req: Request, res: Response, next: NextFunction): void {
  const siteId = (req.params as Record<string, string>).siteId;
  if (!isSite(siteId))
    return ocapiFault(res, 404, 'SiteNotFoundException', `No site with ID '${String(siteId)}' was found.`, { siteId });
  next();
}

/** OCAPI refinements: `refine=attr=value` (repeated, or `refine_1`..`refine_9`), values split on `|`. */
function refinements(req: Request): Array<{ attribute: string; values: string[] }> {
  const raw = [...queryAll(req, 'refine')];
  for (let i = 1; i <= 9; i += 1) raw.push(...queryAll(req, `refine_${i}`));
  return raw
    .map((text) => {
      const at = text.indexOf('=');
      return at < 0 ? undefined : { attribute: text.slice(0, at), values: text.slice(at + 1).split('|') };
    })
    .filter((r): r is { attribute: string; values: string[] } => r !== undefined);
}

function shopRouter(context: SandboxContext): Router {
  const router = express.Router({ mergeParams: true });
  router.use(express.json({ limit: '200kb' }));
  router.use(requireClassicSite);
  router.use(requireClientId);

  router.post('/sessions', requireOcapiShopper(context), (_req, res) => {
    const shopper = shopperOf(res);
    const hash = createHash('sha256').update(`${shopper.customerId}:${shopper.usid}`).digest('hex').slice(0, 20);
    const cookies = [
      `dwsid=${hash}Sandbox; Path=/; Secure; HttpOnly; SameSite=None`,
      shopper.registered
        ? `dwcustomer_${hash.slice(0, 10)}=${shopper.customerId}; Path=/; Secure; HttpOnly; SameSite=None`
        : `dwanonymous_${hash.slice(0, 10)}=${shopper.customerId}; Path=/; Secure; HttpOnly; SameSite=None`,
    ];
    res.set('Set-Cookie', cookies).status(204).end();
  });

  router.get('/content/:contentId', (req, res) => {
    const id = req.params.contentId;
    const locale = query(req, 'locale');
    const asset = localizedAsset(id as string, locale);
    if (asset) {
      const body: Schemas['ContentAsset'] = {
        _v: '24.5',
        _type: 'content',
        id,
        name: asset.name,
        // Image links in assets are absolute, on the sandbox's image host, as a content library's are.
        c_body: asset.body.replaceAll('{imageBase}', imageUrl(context, '')),
        ...(asset.description ? { description: asset.description } : {}),
      };
      return void res.json(body);
    }
    const entry = localizedFaqs(locale).find((f) => f.id === id);
    if (entry) return void res.json({ _v: '24.5', ...faqAsset(entry) });
    ocapiFault(res, 404, 'ContentNotFoundException', `No content asset with ID '${id}' was found.`, { contentId: id });
  });

  router.get('/content_search', (req, res) => {
    const q = (query(req, 'q') ?? '').trim();
    const startText = query(req, 'start');
    const countText = query(req, 'count');
    const start = startText === undefined ? 0 : Number(startText);
    const count = countText === undefined ? 25 : Number(countText);
    if (!Number.isInteger(start) || start < 0 || !Number.isInteger(count) || count < 1 || count > 200)
      return ocapiFault(res, 400, 'InvalidRequestException', 'start must be 0 or more and count from 1 to 200.');
    let hits = localizedFaqs(query(req, 'locale')).map(faqAsset);
    for (const { attribute, values } of refinements(req)) {
      if (attribute === 'fdid') {
        if (!values.some((v) => v.toLowerCase() === 'faq' || v.toLowerCase() === 'faqs')) hits = [];
        continue;
      }
      hits = hits.filter((hit) => {
        const value = (hit as Record<string, unknown>)[attribute];
        return value !== undefined && values.some((v) => String(value).toLowerCase() === v.toLowerCase());
      });
    }
    if (q) {
      const words = q.toLowerCase().split(/\s+/);
      hits = hits.filter((hit) => {
        const text = `${hit.name ?? ''} ${(hit.c_body ?? '').replace(/<[^>]+>/g, ' ')}`.toLowerCase();
        return words.every((w) => text.includes(w));
      });
    }
    const sort = query(req, 'sort');
    if (!sort || sort.startsWith('top')) hits.sort((a, b) => (a.c_topQuestionOrder ?? 0) - (b.c_topQuestionOrder ?? 0));
    const page = hits.slice(start, start + count);
    const result: Schemas['ContentSearchResult'] = {
      _v: '24.5',
      _type: 'content_search_result',
      count: page.length,
      start,
      total: hits.length,
      query: q,
      hits: page,
    };
    res.json(result);
  });

  router.get('/custom_objects/:objectType/:key', (req, res) => {
    const { objectType, key } = req.params as Record<string, string>;
    const found = objectType === 'CustomPreferences' ? customPreferences(key!.toUpperCase()) : undefined;
    if (!found)
      return ocapiFault(
        res,
        404,
        'CustomObjectNotFoundException',
        `No custom object of type '${objectType}' with key '${key}' was found.`,
        {
          objectType,
          key,
        },
      );
    res.json(found);
  });

  router.patch('/orders/:orderNo', requireOcapiShopper(context), (req, res) => {
    const orderNo = req.params.orderNo as string;
    const order = state.orders.get(orderNo);
    if (!order || order.customerId !== shopperOf(res).customerId)
      return ocapiFault(res, 404, 'OrderNotFoundException', `No order with number '${orderNo}' was found.`, {
        orderNo,
      });
    // An order document names its status and custom (`c_*`) properties; any other property is refused.
    const unknown = Object.keys(bodyObject(req)).filter(
      (key) => !key.startsWith('c_') && !ORDER_UPDATE_FIELDS.has(key),
    );
    if (unknown.length)
      return ocapiFault(
        res,
        400,
        'InvalidRequestException',
        `The request is not valid: unknown properties ${unknown.map((key) => `'${key}'`).join(', ')} of document 'order'.`,
        { properties: unknown },
      );
    const parsed = zClassicOrderUpdate.safeParse(req.body);
    if (!parsed.success)
      return ocapiFault(
        res,
        400,
        'InvalidRequestException',
        `The request is not valid: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}.`,
      );
    const status = parsed.data.status;
    const refusal = status && status !== order.status ? statusChangeRefused(order.status, status) : undefined;
    if (refusal) return ocapiFault(res, 400, 'InvalidOrderStatusException', refusal, { orderNo });
    updateOrder(context, order, { ...(status ? { status } : {}), custom: customAttributes(bodyObject(req)) });
    res.json(renderClassicOrder(order));
  });

  return router;
}

function controllersRouter(): Router {
  const router = express.Router({ mergeParams: true });
  router.use(express.json({ limit: '200kb' }));

  const site = (req: Request): string | undefined =>
    /^Sites-(.+)-Site$/.exec((req.params as Record<string, string>).site ?? '')?.[1];

  router.get('/:site/:locale/Maintenance-Status', (req, res) => {
    if (!isSite(site(req)))
      return controllerError(res, 404, `Site '${req.params.site}' not found.`, 'Maintenance-Status');
    const body: Schemas['MaintenanceStatus'] = {
      action: 'Maintenance-Status',
      queryString: new URL(req.originalUrl, 'http://sandbox').search.replace(/^\?/, ''),
      locale: req.params.locale,
      storefront_status: state.maintenance ? 'maintenance' : 'online',
    };
    res.json(body);
  });

  router.all('/:site/:locale/:controller', (req, res) => {
    const controller = req.params.controller;
    controllerError(res, 404, `Controller '${controller}' not found.`, controller);
  });

  return router;
}

export function classicRouter(context: SandboxContext): Router {
  const router = express.Router();
  router.use('/s/:siteId/dw/shop/v24_5', shopRouter(context));
  router.use('/on/demandware.store', controllersRouter());
  return router;
}

/**
 * The order status changes the platform refuses (Salesforce's order status rules: `failed` only from
 * `created`; a placed order never goes back to `created` or `failed`; a failed order only back to
 * `created`, which undoes the failing): why, or undefined when the change is allowed.
 */
export function statusChangeRefused(from: string | undefined, to: string): string | undefined {
  const placed = from === 'new' || from === 'completed' || from === 'cancelled';
  if (to === 'failed' && from !== 'created') return `An order in status '${from}' cannot be failed.`;
  if (to === 'created' && placed) return `A placed order cannot go back to status 'created'.`;
  if (from === 'failed' && to !== 'created') return `A failed order can only go back to status 'created'.`;
  return undefined;
}
