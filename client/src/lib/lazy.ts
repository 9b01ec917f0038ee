import { lazy, type ComponentType } from 'react';

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

/** React.lazy over a module's named export, with chunk-load errors the shell boundary recognises. */
export function lazyPage<M, K extends keyof M>(loader: () => Promise<M>, name: K) {
  return lazy(async () => {
    const module = await loadChunk(loader);
    return { default: module[name] as ComponentType<Record<string, unknown>> };
  });
}
