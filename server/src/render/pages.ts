/**
 * Pages rendered on the server (docs/decisions/006): for a browser's GET of a page, the shopper's
 * session and token, the maintenance redirect, then the client's server renderer
 * (dist/server/entry-server.js, domain/page-render.ts) with the page's reads in this process.
 * Its answer fills the built index.html: the markup in #root, the page's title, description and
 * <html lang>, its chunks' preloads and style sheets, and its data as a JSON script for the
 * browser's cache. A page that cannot be rendered falls back to the plain index.html, which the
 * browser renders itself.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Request, Response } from 'express';
import { CONSENT_COOKIE, jsonForScript, type PageRenderer, type RenderedPage } from '../../../domain/page-render.ts';
import type { SiteId } from '../config.ts';
import type { AppContext } from '../context.ts';
import { escapeHtml } from '../http/html.ts';
import { requestFacts } from '../http/express-door.ts';
import { shopperOf } from '../http/shopper.ts';
import type { LocalePath } from '../../../domain/locales.ts';
import { switchLocale, switchSite } from '../services/identity/shopper.ts';
import { cspNonce } from '../security.ts';
import { readCookie } from '../session-cookie.ts';
import { maintenanceStatus } from '../services/site/site-info.ts';
import { pageRedirect } from '../services/identity/page-access.ts';
import { TtlCache } from '../services/platform/ttl-cache.ts';
import { resolveSite } from '../site.ts';
import { pageDoor } from './page-door.ts';

/** The client's server renderer, built by `npm run client:build` beside the client (dist/server). */
export const SERVER_ENTRY = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../dist/server/entry-server.js',
);

/** The client's server renderer, when it was built (make start, make test); undefined otherwise. */
export async function loadRenderer(file: string): Promise<PageRenderer | undefined> {
  if (!existsSync(file)) return undefined;
  return (await import(pathToFileURL(file).href)) as PageRenderer;
}

async function inMaintenance(
  ctx: AppContext,
  checks: TtlCache<boolean>,
  where: { site: SiteId; locale: string; signal: AbortSignal },
): Promise<boolean> {
  try {
    return await checks.get(where.site, async () => (await maintenanceStatus(ctx, where)).maintenance);
  } catch {
    return false;
  }
}

export interface PageTemplate {
  /** index.html with the request's brand and language (static.ts). */
  html: string;
  /** The style-sheet tags and the chunks of the app and of a page's modules (static.ts pageAssets). */
  assetsFor(modules: string[]): { styles: string; chunks: string[] };
}

/**
 * React writes the elements it hoists into <head> (a page's <title>, <meta>, <link rel=alternate>)
 * first, before the markup of a tree rendered without <head>: they move to the template's head,
 * where hydration finds them.
 */
const HOISTED = /^(?:<title>[^<]*<\/title>|<meta [^>]*\/?>|<link [^>]*\/?>)+/;

/** The places of a template a rendered page fills (fillTemplate). */
type Slot = 'lang' | 'title' | 'description' | 'head' | 'root';

const SLOTS: Array<[Slot, RegExp]> = [
  ['lang', /<html lang="[^"]*"/],
  ['title', /<title>[^<]*<\/title>/],
  ['description', /<meta name="description" content="[^"]*"/],
  ['head', /<\/head>/],
  ['root', /<div id="root">[\s\S]*?<\/div>\s*(?=<script|<\/body>)/],
];

/** A template cut at its slots: `text[i]`, then `slots[i]`'s fill, and the last text after the last slot. */
interface SplitTemplate {
  text: string[];
  slots: Slot[];
}

/**
 * Each template cut at its slots once (issue 35): the template of a site and locale is the same
 * object for every page of theirs (static.ts), and searching it with five expressions per page cost
 * more than filling it.
 */
const splits = new WeakMap<PageTemplate, SplitTemplate>();

function splitOf(template: PageTemplate): SplitTemplate {
  let split = splits.get(template);
  if (split) return split;
  const { html } = template;
  const found = SLOTS.flatMap(([slot, pattern]) => {
    const match = pattern.exec(html);
    return match ? [{ slot, at: match.index, end: match.index + match[0].length }] : [];
  }).sort((a, b) => a.at - b.at);
  split = { text: [], slots: [] };
  let from = 0;
  for (const { slot, at, end } of found) {
    if (at < from) continue; // overlapping slots: the first one fills, as the first replacement would
    split.text.push(html.slice(from, at));
    split.slots.push(slot);
    from = end;
  }
  split.text.push(html.slice(from));
  splits.set(template, split);
  return split;
}

/** The rendered page in the template. */
export function fillTemplate(template: PageTemplate, page: RenderedPage): string {
  const rendered = page.markup;
  const hoisted = HOISTED.exec(rendered)?.[0] ?? '';
  const markup = rendered.slice(hoisted.length);
  const assets = template.assetsFor(page.modules);
  const data =
    `<script type="application/json" id="page-data">${page.pageData}</script>` +
    `<script type="application/json" id="page-chunks">${jsonForScript(assets.chunks)}</script>`;
  const fill: Record<Slot, string> = {
    lang: `<html lang="${escapeHtml(page.lang)}"`,
    // A title the page rendered itself (an error page's) is the page's; otherwise the renderer's.
    title: hoisted.includes('<title>') ? '' : `<title>${escapeHtml(page.title)}</title>`,
    description: `<meta name="description" content="${escapeHtml(page.description)}"`,
    head: `${hoisted}${assets.styles}</head>`,
    root: `<div id="root">${markup}</div>${data}`,
  };
  const { text, slots } = splitOf(template);
  let html = text[0]!;
  for (const [i, slot] of slots.entries()) html += fill[slot] + text[i + 1]!;
  return html;
}

export interface RenderOptions {
  ctx: AppContext;
  renderer: PageRenderer;
  /**
   * The maintenance status per site, kept MAINTENANCE_CHECK_MS (15 s): a page load must not cost an
   * upstream call.
   */
  maintenance: TtlCache<boolean>;
}

/**
 * Renders the request's page: a redirect, or the page's HTML with its status. Undefined when the
 * page could not be rendered here (the caller sends the plain index.html).
 */
export async function renderRequest(
  req: Request,
  res: Response,
  where: LocalePath,
  template: (site: SiteId) => PageTemplate,
  { ctx, renderer, maintenance }: RenderOptions,
): Promise<{ redirect: string } | { status: number; html: string } | undefined> {
  const { prefix, locale } = where;
  // The `site` query parameter, when it names one of ours, becomes the session's; otherwise the
  // session's site, or the host's for a new session.
  const asked = typeof req.query.site === 'string' ? resolveSite(req, ctx.config, req.query.site) : undefined;
  try {
    const shopper = await shopperOf(req, res, ctx, {
      ...(asked ? { site: asked } : {}),
      ...(locale ? { locale } : {}),
    });
    await switchSite(shopper, asked);
    await switchLocale(shopper, locale);
    const site = shopper.session.site;
    const onMaintenancePage = /\/maintenance\/?$/.test(req.path);
    if (
      !onMaintenancePage &&
      (await inMaintenance(ctx, maintenance, { site, locale: shopper.locale, signal: req.signal }))
    ) {
      return { redirect: `${prefix ? `/${prefix}` : ''}/maintenance` };
    }
    // Storefront §6: an unauthenticated customer on the checkout or the payment confirmation goes
    // to login or the main page (services/identity/page-access.ts, decision 016).
    const away = await pageRedirect(ctx, shopper, { url: req.originalUrl, prefix: locale });
    if (away) return { redirect: away.startsWith('/') ? `${locale ? `/${locale}` : ''}${away}` : away };
    const answer = await renderer.renderPage({
      url: req.originalUrl,
      where,
      site,
      production: ctx.config.production,
      nonce: cspNonce(res),
      secrets: [shopper.session.csrfToken],
      consentChosen: readCookie(req, CONSENT_COOKIE) !== undefined,
      read: pageDoor(ctx, shopper, {
        ...requestFacts(req, ctx, shopper.session),
        page: `${where.rest}${req.originalUrl.slice(req.path.length)}`,
      }),
    });
    if (answer.kind === 'redirect') return { redirect: answer.location };
    ctx.metrics?.pageRenders.inc({ kept: String(answer.kept) });
    return { status: answer.status, html: fillTemplate(template(site), answer) };
  } catch (error) {
    req.log.error({ err: error }, 'the page could not be rendered on the server; the browser renders it');
    return undefined;
  }
}
