import { createElement, isValidElement, lazy, type ComponentType, type ReactNode } from 'react';
import { matchRoutes, type RouteObject } from 'react-router';

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

/** A page component loaded on first use, which can also be loaded ahead (`preload`). */
export interface LazyPage {
  (props: Props): ReactNode;
  preload(): Promise<void>;
}

/**
 * React.lazy over a module's named export, with chunk-load errors the shell boundary recognises.
 * Once loaded (preload, or a first render), the page renders without suspending: a page the server
 * rendered hydrates in one pass when its chunk was loaded first (boot.tsx), rather than leaving
 * its content dehydrated, and deaf to clicks, until the chunk arrives.
 */
export function lazyPage<M, K extends keyof M>(loader: () => Promise<M>, name: K): LazyPage {
  let loaded: ComponentType<Props> | undefined;
  let pending: Promise<{ default: ComponentType<Props> }> | undefined;
  const load = () =>
    (pending ??= loadChunk(loader).then(
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
  return Page;
}

/** Loads the lazy pages the routes render at a path (a failure is left to the page's own boundary). */
export async function preloadPagesAt(routes: RouteObject[], pathname: string): Promise<void> {
  const pages = (matchRoutes(routes, pathname) ?? []).flatMap(({ route }) => {
    const element = route.element;
    const type = isValidElement(element) ? (element.type as Partial<LazyPage>) : undefined;
    return typeof type?.preload === 'function' ? [type.preload()] : [];
  });
  await Promise.allSettled(pages);
}
