/**
 * The page rendered on the server (docs/decisions/006): built to dist/server/entry-server.js and
 * called by the proxy (server/src/render/) for every page a browser asks for. It matches the
 * route table the browser uses, reads the page's data through the proxy's in-process operations
 * (app/page-data.server.ts), and renders the same tree the browser hydrates: the same providers,
 * a static router at the request's URL, the request's own catalogue, and the data under the
 * keys the page's hooks ask with. Nothing here reaches the browser's bundle.
 */
import { Writable } from 'node:stream';
import type { ReactNode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { StaticRouter, type RouteObject } from 'react-router';
import { unstable_serialize } from 'swr';
import { jsonForScript, type PageAnswer, type PageRequest, type RenderedPage } from '../../domain/page-render.ts';
import { pageData } from './app/page-data.server.ts';
import { RenderMemo, type KeptRender } from './app/render-memo.server.ts';
import { moduleOfRoute } from '../../domain/pages.ts';
import { AppProvider } from './app/provider.tsx';
import { AppRoutes } from './app/router.tsx';
import { routeTable } from './app/routes.tsx';
import { matchAccountPath } from './features/account/account-paths.ts';
import { seededCache } from './lib/api/server-data.ts';
import { loadCatalogue } from './lib/i18n.ts';
import { Translator, type Catalogue } from './lib/translator.ts';
import { catalogueAt } from './lib/lazy.ts';
import { routeMatches } from './lib/route-matches.ts';
import { DEFAULT_LOCALE, htmlLang } from '../../domain/locales.ts';
import { isLocale, isSplashPath, languageOf, type Language } from './lib/locales.ts';

const CONSENT_BANNER_MODULE = 'src/components/layout/consent-banner.tsx';

/** A rendering that takes longer than this is cut short (its boundaries render their fallbacks). */
const RENDER_TIMEOUT_MS = 5000;

/** The deepest matched page route's path pattern, and whether the page is "page not found". */
function pageOf(routes: RouteObject[], pathname: string) {
  const matches = routeMatches(routes, pathname);
  const leaf = matches.at(-1);
  const prefixed = matches.find((match) => match.route.path === ':locale');
  const prefixOk = !prefixed || isLocale(prefixed.params.locale);
  // The account area routes its own pages (features/account/account-paths.ts).
  const account = leaf?.route.path === 'account/*' ? matchAccountPath(leaf.params['*'] ?? '') : undefined;
  // The index route (`/` and `/{locale}`) is '/': the server answers its redirect (page-data.server.ts).
  const route = account?.route ?? (leaf?.route.index ? '/' : (leaf?.route.path ?? ''));
  const notFound =
    (!prefixOk && !isSplashPath(pathname)) || route === '*' || route === 'page-not-found' || route === 'account/*';
  return { route: prefixOk ? route : '', params: account?.params ?? leaf?.params ?? {}, notFound };
}

/**
 * Each language's whole catalogue, loaded and merged once and frozen (the build does not change while
 * the server runs): loading it for every render (a dynamic import and a merge of its two parts) cost a
 * fifth of the render's own set-up (issue 35). A failed load is tried again by the next render.
 */
const catalogues = new Map<Language, Promise<Catalogue>>();

function catalogueOf(language: Language): Promise<Catalogue> {
  let loading = catalogues.get(language);
  if (!loading) {
    loading = loadCatalogue(language).then(deepFreeze);
    loading.catch(() => catalogues.delete(language));
    catalogues.set(language, loading);
  }
  return loading;
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

/** The request's own translator (renders run side by side: no shared language), English the fallback. */
async function translatorFor(language: Language): Promise<Translator> {
  const [en, own] = await Promise.all([catalogueOf('en'), language === 'en' ? undefined : catalogueOf(language)]);
  return new Translator(language, { en, ...(own ? { [language]: own } : {}) });
}

/**
 * Renders kept for the next request with the same inputs (app/render-memo.server.ts): a guest
 * reloading, or guests reading the same content, cost the page's reads and no render.
 */
const memo = new RenderMemo({ maxEntries: 500, ttlMs: 10 * 60_000 });

/** Forgets the kept renders (domain/page-render.ts PageRenderer). */
export function forgetRenders(): void {
  memo.clear();
}

/** Entries as an object in key order. */
const byKey = <T,>(entries: Array<[string, T]>): Record<string, T> =>
  Object.fromEntries(entries.sort(([a], [b]) => (a < b ? -1 : 1)));

/** The tree's markup, once every boundary is ready, and whether any part of it failed. */
function renderMarkup(tree: ReactNode, nonce: string): Promise<{ markup: string; failed: boolean }> {
  return new Promise((resolve, reject) => {
    let failed = false;
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(Buffer.from(chunk));
        done();
      },
    });
    sink.on('finish', () => {
      clearTimeout(timeout);
      resolve({ markup: Buffer.concat(chunks).toString('utf8'), failed });
    });
    sink.on('error', reject);
    const stream = renderToPipeableStream(tree, {
      nonce,
      // Every boundary in place in the markup, however large: React would otherwise send a large
      // one apart, hidden, for a script to move in (a page without JavaScript would stay "Loading…").
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      onAllReady: () => stream.pipe(sink),
      onShellError: reject,
      onError(error) {
        failed = true;
        console.error('page render failed', error);
      },
    });
    const timeout = setTimeout(() => stream.abort(), RENDER_TIMEOUT_MS);
    timeout.unref();
  });
}

export async function renderPage(request: PageRequest): Promise<PageAnswer> {
  const url = new URL(request.url, 'http://shop.internal');
  // The locale the request edge parsed (server/src/static.ts): the page's one parameter for its texts, prices and dates.
  const prefix = request.where.locale;
  const locale = prefix ?? DEFAULT_LOCALE;
  const language = languageOf(locale);
  const i18n = await translatorFor(language);
  const routes = routeTable(request.production);
  const page = pageOf(routes, url.pathname);
  const data = await pageData({
    route: page.route,
    params: page.params,
    pathname: url.pathname,
    search: url.search,
    prefix,
    locale,
    site: request.site,
    read: request.read,
    t: i18n.t,
  });
  if (data.redirect) return { kind: 'redirect', location: data.redirect };

  // In key order: the same reads give the same page data, whatever order they ended in.
  const fallback = byKey(data.entries.map(([key, value]) => [unstable_serialize(key), value]));
  const failures = byKey(
    data.failures.map(([key, error]) => [unstable_serialize(key), { status: error.status, problem: error.problem }]),
  );
  const pageJson = jsonForScript({ data: fallback, failures });
  const answer = (render: KeptRender, kept: boolean): RenderedPage => ({
    kind: 'page',
    ...render,
    pageData: pageJson,
    kept,
  });
  const secrets = [...request.secrets, request.nonce];
  const key = memo.keyOf(
    [
      url.pathname + url.search,
      request.where,
      request.site,
      request.production,
      request.consentChosen,
      [data.status, data.title, data.description],
    ],
    pageJson,
    secrets,
  );
  const kept = memo.get(key, secrets);
  if (kept) return answer(kept, true);

  const cache = seededCache(failures);
  const tree = (
    <AppProvider
      site={request.site}
      i18n={i18n}
      swrProvider={() => cache as never}
      fallback={fallback}
      serverRendered
      consentAsked={!request.consentChosen}
    >
      <StaticRouter location={url.pathname + url.search}>
        <AppRoutes routes={routes} where={request.where} />
      </StaticRouter>
    </AppProvider>
  );
  const { markup, failed } = await renderMarkup(tree, request.nonce);
  const render: KeptRender = {
    status: data.status ?? (page.notFound ? 404 : failed ? 500 : 200),
    lang: htmlLang(locale),
    title: data.title ?? i18n.t('shell.title'),
    description: data.description ?? i18n.t('shell.description'),
    // The page's chunk, and the catalogue the browser loads before it hydrates.
    modules: [
      ...(moduleOfRoute(page.route) ? [moduleOfRoute(page.route)!] : []),
      // The consent banner the page was painted with: its style sheet and chunk (lib/consent.ts).
      ...(request.consentChosen ? [] : [CONSENT_BANNER_MODULE]),
      ...(language === 'en' ? [] : [`../catalogues/${language}.json?part=core`]),
      ...(catalogueAt(routes, url.pathname) === 'core' ? [] : [`../catalogues/${language}.json?part=rest`]),
    ],
    markup,
  };
  // A render that failed in part is not kept: its failure may pass.
  if (!failed) memo.set(key, render, secrets);
  return answer(render, false);
}
