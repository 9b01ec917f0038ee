import { createElement, isValidElement, lazy, type ComponentType, type ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import { wholeCatalogue } from './i18n.ts';
import { routeMatches } from './route-matches.ts';

/** A route chunk that failed to load (network failure or the 120 s timeout of spec §8). */
export class ChunkLoadError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ChunkLoadError';
  }
}

export const CHUNK_TIMEOUT_MS = 120_000;

export function isChunkLoadError(error: unknown): boolean {
  if (error instanceof ChunkLoadError) return true;
  if (!(error instanceof Error)) return false;
  return /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Loading chunk .* failed/i.test(
    error.message,
  );
}

/** Loads a module, turning a failure or a timeout into a ChunkLoadError. */
export function loadChunk<T>(loader: () => Promise<T>, timeoutMs = CHUNK_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError(`Chunk load timed out after ${timeoutMs} ms`)), timeoutMs);
    loader().then(
      (module) => {
        clearTimeout(timer);
        resolve(module);
      },
      (cause: unknown) => {
        clearTimeout(timer);
        reject(new ChunkLoadError('Chunk failed to load', { cause }));
      },
    );
  });
}

type Props = Record<string, unknown>;

/** The part of the catalogue a page needs before it renders (client/catalogue-parts.ts). */
export type CataloguePart = 'core' | 'whole';

/** A page component loaded on first use, which can also be loaded ahead (`preload`). */
export interface LazyPage {
  (props: Props): ReactNode;
  preload(): Promise<void>;
  catalogue: CataloguePart;
}

/**
 * React.lazy over a module's named export, with chunk-load errors the shell boundary recognises.
 * Once loaded (preload, or a first render), the page renders without suspending: a page the server
 * rendered hydrates in one pass when its chunk was loaded first (boot.tsx), rather than leaving
 * its content dehydrated, and deaf to clicks, until the chunk arrives.
 */
export function lazyPage<M, K extends keyof M>(
  loader: () => Promise<M>,
  name: K,
  { catalogue = 'whole' }: { catalogue?: CataloguePart } = {},
): LazyPage {
  let loaded: ComponentType<Props> | undefined;
  let pending: Promise<{ default: ComponentType<Props> }> | undefined;
  const withWords = () =>
    catalogue === 'whole' ? Promise.all([loader(), wholeCatalogue()]).then(([module]) => module) : loader();
  const load = () =>
    (pending ??= loadChunk(withWords).then(
      (module) => {
        loaded = module[name] as ComponentType<Props>;
        return { default: loaded };
      },
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    ));
  const Lazy = lazy(load);
  const Page = (props: Props) => createElement(loaded ?? Lazy, props);
  Page.preload = () => load().then(() => undefined);
  Page.catalogue = catalogue;
  return Page;
}

/** The lazy pages the routes render at a path. */
function pagesAt(routes: RouteObject[], pathname: string): LazyPage[] {
  return routeMatches(routes, pathname).flatMap(({ route }) => {
    const element = route.element;
    const type = isValidElement(element) ? (element.type as Partial<LazyPage>) : undefined;
    return typeof type?.preload === 'function' ? [type as LazyPage] : [];
  });
}

/** Loads the lazy pages the routes render at a path (a failure is left to the page's own boundary). */
export async function preloadPagesAt(routes: RouteObject[], pathname: string): Promise<void> {
  await Promise.allSettled(pagesAt(routes, pathname).map((page) => page.preload()));
}

/** The part of the catalogue the page at a path renders with: the core only where every page there says so. */
export function catalogueAt(routes: RouteObject[], pathname: string): CataloguePart {
  const pages = pagesAt(routes, pathname);
  return pages.length > 0 && pages.every((page) => page.catalogue === 'core') ? 'core' : 'whole';
}
