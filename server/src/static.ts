/**
 * Serves the built React app (dist/client, written by `npm run client:build`): hashed assets with
 * a year-long immutable cache, and every other GET that asks for HTML answered with the page the
 * server renders (render/pages.ts, through `renderPage`) in index.html's template, or, where it
 * cannot, with index.html itself, which the client's router renders (deep links, locale prefixes).
 * For the pages people land on from a link (renewal, checkout, confirmation), that index.html names the
 * page's own chunk and style sheet as preloads, so the browser fetches them beside the entry
 * instead of after it (one round trip less before the page can ask for its data).
 * Each answer names the request's brand (its theme from the first paint), its locale prefix's
 * language (<html lang> before the app's JavaScript has run), the configured idle delay
 * (<html data-idle-delay>, read by client/src/lib/idle.ts) and, in production, <html data-env>.
 */
import express, { type Request, type Response, type Router } from 'express';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { escapeHtml } from './http/html.ts';
import {
  DEFAULT_LOCALE,
  htmlLang,
  isLocale,
  localePath,
  parseLocalePath,
  type LocaleId,
  type LocalePath,
} from '../../domain/locales.ts';
import { FIRST_PAINT_PAGES, matchPage } from '../../domain/pages.ts';
import type { PageTemplate } from './render/pages.ts';

/** A market's locale named by the query (`?locale=fr-FR`), and the query without it. */
function queryLocale(url: string): { locale: LocaleId; rest: string } | undefined {
  const at = url.indexOf('?');
  if (at < 0) return undefined;
  const query = new URLSearchParams(url.slice(at + 1));
  const locale = query.get('locale');
  if (!locale || !isLocale(locale)) return undefined;
  query.delete('locale');
  const rest = query.toString();
  return { locale, rest: rest ? `?${rest}` : '' };
}

export const CLIENT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist/client');

interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

/** The page the service worker keeps for a navigation without a connection (client/worker/). */
export const APP_SHELL_PATH = '/app-shell';

/** The app's chunk, which the entry (client/src/main.tsx) imports after the first paint. */
const APP_SOURCE = 'src/boot.tsx';

/**
 * The checkout's first screen in the page itself: its title and in-control message, in the boxes
 * and words the app renders while the basket loads (checkout-page.tsx), so they paint with the HTML.
 */
function checkoutFirstScreen(messages: Record<string, string>): string {
  const title = escapeHtml(messages['checkout.title'] ?? 'Checkout');
  const control = escapeHtml(messages['checkout.inControl'] ?? '');
  return (
    `<main class="main"><div class="checkout container"><h1 class="checkout__title">${title}</h1>` +
    `<p class="checkout__control">${control}</p></div></main>`
  );
}

/**
 * The chunks `sources` load beyond the entry's own (index.html's and their static imports). The
 * app's own dynamic imports count too: it imports React's DOM renderer before it renders anything,
 * as a chunk of its own only so that the two evaluate in separate tasks (client/src/boot.tsx).
 */
function chunksBeyondEntry(manifest: Record<string, ManifestChunk>, sources: string[]): ManifestChunk[] {
  const seen = new Set<string>();
  const walk = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const child of manifest[key].imports ?? []) walk(child);
    if (key === APP_SOURCE) for (const child of manifest[key].dynamicImports ?? []) walk(child);
  };
  walk('index.html');
  const entry = new Set(seen);
  for (const source of sources) walk(source);
  return [...seen].filter((key) => !entry.has(key)).map((key) => manifest[key]!);
}

/**
 * index.html with <link rel="modulepreload"> and style preloads for chunks and their imports: the
 * app's (every page) and, on a landing page, the page's own.
 */
function withPreloads(html: string, manifest: Record<string, ManifestChunk>, sources: string[]): string {
  const tags: string[] = [];
  for (const chunk of chunksBeyondEntry(manifest, sources)) {
    tags.push(`<link rel="modulepreload" crossorigin href="/${chunk.file}">`);
    // Fetched early but not render-blocking: the page paints (its header) before its chunk runs,
    // and the chunk applies its own style sheet when it loads.
    for (const css of chunk.css ?? []) tags.push(`<link rel="preload" as="style" href="/${css}">`);
  }
  return html.replace('</head>', `    ${tags.join('\n    ')}\n  </head>`);
}

/** The brand (site id) of a request. */
export type SiteOf = (req: Request) => string;

/** index.html for one request: its brand on <html data-site>, its locale on <html lang>. */
function forRequest(html: string, site: string, where: LocalePath): string {
  let page = html;
  if (/^[a-z]+$/.test(site)) {
    page = page
      .replace('data-site="aurora"', `data-site="${site}"`)
      .replace('data-brand>Aurora<', `data-brand>${site.charAt(0).toUpperCase()}${site.slice(1)}<`);
  }
  if (where.prefix) page = page.replace('<html lang="en"', `<html lang="${htmlLang(where.prefix)}"`);
  return page;
}

export interface ClientAppOptions {
  /** The brand of a request (default: aurora). */
  siteOf?: SiteOf;
  /**
   * Origins the pages load images from (the commerce platform's): every page opens its connection
   * early, so the renewal page's gallery image, its largest paint, does not wait for one.
   */
  imageOrigins?: string[];
  /** The idle indicator's delay (config IDLE_DELAY_MS), on <html data-idle-delay>. */
  idleDelayMs?: number;
  /** NODE_ENV=production, on <html data-env>: the client then has no test pages. */
  production?: boolean;
  /**
   * The locale a page under a locale prefix is sent to instead, if any (storefront §6: locales not
   * enabled in production redirect to the default locale there).
   */
  redirectLocale?: (locale: string) => string | undefined;
  /**
   * Starts the shopper's session on the page's own response (its cookie), so the page's first API
   * calls, sent side by side, all carry the same session.
   */
  startSession?: (req: Request, res: Response, site: string, locale: string | undefined) => Promise<void>;
  /** A locale's messages (English when there is no prefix), for the first screens painted in the page. */
  messagesFor?: (locale: string) => Promise<Record<string, string> | undefined>;
  /**
   * Renders the page on the server (render/pages.ts) in the template of its site; undefined when it
   * cannot, and the browser renders index.html itself.
   */
  renderPage?: (
    req: Request,
    res: Response,
    where: LocalePath,
    template: (site: string) => PageTemplate,
  ) => Promise<{ redirect: string } | { status: number; html: string } | undefined>;
}

/**
 * A server-rendered page's entry script (and its preloaded import) at low fetch priority: the
 * page's markup is in the HTML and paints without it, so on a slow connection it must not share the
 * bandwidth with the style sheets and the largest image the first paint waits for.
 */
const lowPriorityEntry = (html: string) =>
  html.replace(/<(script type="module"|link rel="modulepreload") crossorigin/g, '<$1 fetchpriority="low" crossorigin');

/**
 * What a server-rendered page loads beyond the entry (docs/decisions/006): the style sheets of the
 * app's and the page's chunks, in <head> (the markup is in the HTML: it must paint styled), and
 * the chunks themselves, as a list the entry preloads when it starts the app, after the page's
 * first view has loaded (client/src/main.tsx): not as <link rel=modulepreload>, which the browser
 * would fetch at once, beside what the first view needs.
 */
function pageAssets(
  manifest: Record<string, ManifestChunk> | undefined,
  sources: string[],
): { styles: string; chunks: string[] } {
  if (!manifest) return { styles: '', chunks: [] };
  const styles: string[] = [];
  const chunks: string[] = [];
  for (const chunk of chunksBeyondEntry(manifest, [APP_SOURCE, ...sources])) {
    chunks.push(`/${chunk.file}`);
    for (const css of chunk.css ?? []) styles.push(`<link rel="stylesheet" href="/${css}">`);
  }
  return { styles: styles.join(''), chunks };
}

/** A path whose last segment may name one of the build's files (they all have a dot in their names). */
const FILE_NAME = /\.[^/]*$/;

/** Templates kept by a clientApp: a few per site and locale prefix (any prefix may be asked for). */
const TEMPLATES_KEPT = 256;

/**
 * A server-rendered page, without res.send's ETag: the page is the shopper's own and no-store, so no
 * cache revalidates it, and hashing each page cost as much as filling its template (issue 35).
 */
function sendPage(res: Response, status: number, html: string): void {
  res.status(status);
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(html));
  if (res.req.method === 'HEAD') res.end();
  else res.end(html);
}

export function clientApp(dir = CLIENT_DIR, options: ClientAppOptions = {}): Router | undefined {
  const siteOf = options.siteOf ?? (() => 'aurora');
  const index = path.join(dir, 'index.html');
  if (!existsSync(index)) return undefined;
  const manifestFile = path.join(dir, '.vite/manifest.json');
  const preconnects = (options.imageOrigins ?? []).map((origin) => `<link rel="preconnect" href="${origin}">`);
  const idle = options.idleDelayMs ? ` data-idle-delay="${Math.trunc(options.idleDelayMs)}"` : '';
  const env = options.production ? ' data-env="production"' : '';
  const html = readFileSync(index, 'utf8')
    .replace('</head>', `${preconnects.join('')}</head>`)
    .replace('<html lang="en"', `<html lang="en"${env}${idle}`);
  const manifest = existsSync(manifestFile)
    ? (JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>)
    : undefined;
  const app = manifest?.[APP_SOURCE] ? [APP_SOURCE] : [];
  // The landing pages (domain/pages.ts firstPaint), each with its chunk preloaded.
  const landing = new Map(
    FIRST_PAINT_PAGES.flatMap(({ id, module }) =>
      manifest?.[module] ? [[id, withPreloads(html, manifest, [...app, module])] as const] : [],
    ),
  );
  const plain = manifest ? withPreloads(html, manifest, app) : html;
  const serverRendered = lowPriorityEntry(html);
  // A page's assets, by its modules: the build does not change while the server runs.
  const assetsByModules = new Map<string, ReturnType<typeof pageAssets>>();
  const assetsFor = (modules: string[]) => {
    const key = modules.join('\n');
    let found = assetsByModules.get(key);
    if (!found) assetsByModules.set(key, (found = pageAssets(manifest, modules)));
    return found;
  };
  // The server render's template of each site and locale prefix, made once, the same object each
  // time (render/pages.ts cuts it at its slots once); at most TEMPLATES_KEPT, the oldest leaving first.
  const templates = new Map<string, PageTemplate>();
  const templateFor = (site: string, where: LocalePath): PageTemplate => {
    const key = `${site}/${where.prefix ?? ''}`;
    let template = templates.get(key);
    if (!template) {
      if (templates.size >= TEMPLATES_KEPT) templates.delete(templates.keys().next().value!);
      templates.set(key, (template = { html: forRequest(serverRendered, site, where), assetsFor }));
    }
    return template;
  };
  const router = express.Router();
  // Build metadata (.vite/manifest.json) is the server's, not the browser's.
  router.use((req, _res, next) => (req.path.split('/').some((part) => part.startsWith('.')) ? next('router') : next()));
  const assets = path.join(dir, 'assets');
  // The build's brotli copies (client/vite.config.ts), sent where the browser accepts br.
  const brotli = new Set(
    existsSync(assets)
      ? readdirSync(assets)
          .filter((file) => file.endsWith('.br'))
          .map((file) => file.slice(0, -3))
      : [],
  );
  router.use('/assets', (req, res, next) => {
    const file = req.path.slice(1);
    res.vary('Accept-Encoding');
    if (!brotli.has(file) || req.acceptsEncodings('br', 'identity') !== 'br') return next();
    res.setHeader('Content-Encoding', 'br');
    res.type(path.extname(file));
    res.sendFile(path.join(assets, `${file}.br`), { immutable: true, maxAge: '1y' }, (error) => {
      if (error) next(error);
    });
  });
  router.use('/assets', express.static(assets, { immutable: true, maxAge: '1y', index: false, fallthrough: false }));
  const files = express.static(dir, {
    index: false,
    setHeaders: (res) => res.setHeader('Cache-Control', 'no-cache'),
  });
  // Every file the build writes here has a dot in its name (index.html, worker.js, favicon.svg): a
  // path whose last segment has none is a page, which need not wait for a stat of the disk first
  // (issue 35: a fifth of a rendered page's time outside React went to that stat and its miss).
  router.use((req, res, next) => (FILE_NAME.test(req.path) ? files(req, res, next) : next()));
  // The browser's own icon request, from a client that reads no <link rel="icon"> (index.html names
  // /favicon.svg): the icon, never a page rendered for it.
  router.get('/favicon.ico', (_req, res) => res.redirect(301, '/favicon.svg'));
  // The service worker's offline stand-in for a page (client/worker/service-worker.js, /worker.js
  // served above): the plain index.html the browser renders itself, with no shopper's data in it
  // and no session started, so a cache may keep it.
  router.get(APP_SHELL_PATH, (req, res) => {
    res.setHeader('Cache-Control', 'no-cache');
    res.type('html').send(forRequest(plain, siteOf(req), parseLocalePath('/')));
  });
  router.get(/^\/(?!api\/).*/, async (req, res, next) => {
    if (!req.accepts('html')) return next();
    // The request edge: the path's locale prefix is parsed here, once, and handed on.
    const where = parseLocalePath(req.path);
    const { prefix } = where;
    // Storefront §2: the locale "may instead be given as a query parameter": a page asked for with
    // ?locale= and no prefix is answered at its prefixed address, the one URL each page has.
    const queried = queryLocale(req.originalUrl);
    if (!prefix && queried) {
      res.redirect(302, `${localePath(queried.locale, where.rest)}${queried.rest}`);
      return;
    }
    const target = prefix ? options.redirectLocale?.(prefix) : undefined;
    if (prefix && target) {
      const query = req.originalUrl.includes('?') ? req.originalUrl.slice(req.originalUrl.indexOf('?')) : '';
      res.redirect(302, `/${target}${where.rest === '/' ? '' : where.rest}${query}`);
      return;
    }
    if (options.renderPage) {
      const rendered = await options.renderPage(req, res, where, (site) => templateFor(site, where));
      if (rendered && 'redirect' in rendered) {
        res.setHeader('Cache-Control', 'private, no-store');
        res.redirect(302, rendered.redirect);
        return;
      }
      if (rendered) {
        // The shopper's own page (the session's CSRF token is in its data): no cache keeps it.
        res.setHeader('Cache-Control', 'private, no-store');
        sendPage(res, rendered.status, rendered.html);
        return;
      }
    }
    // private: the answer may carry the session's cookie.
    res.setHeader('Cache-Control', 'private, no-cache');
    const site = siteOf(req);
    // A session store failure does not cost the page: its first API call starts the session then.
    await options.startSession?.(req, res, site, prefix).catch(() => undefined);
    const { id } = matchPage(where.rest);
    let page = landing.get(id) ?? plain;
    if (id === 'checkout' && options.messagesFor) {
      const messages = await options.messagesFor(prefix ?? DEFAULT_LOCALE).catch(() => undefined);
      if (messages) page = page.replace('</header>', `</header>${checkoutFirstScreen(messages)}`);
    }
    res.type('html').send(forRequest(page, site, where));
  });
  return router;
}
