/**
 * The first route's JavaScript, gzipped, from the Vite manifest of the built client: the entry and
 * its static imports, the app's chunk (src/boot.tsx, when the build has one) and the renewal page's
 * chunk (when it is a chunk of its own) with their static imports.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { CLIENT_DIR } from './config.ts';

interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
  src?: string;
}

const gzipCache = new Map<string, number>();

/** The gzip size (bytes) of a built file, by its path under dist/client ("assets/x.js" or "/assets/x.js"). */
export async function gzipSize(file: string): Promise<number> {
  const key = file.replace(/^\//, '');
  let size = gzipCache.get(key);
  if (size === undefined) {
    size = gzipSync(await readFile(path.join(CLIENT_DIR, key))).length;
    gzipCache.set(key, size);
  }
  return size;
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export async function firstRouteJs(): Promise<{ total: number; files: Array<[string, number]>; roots: string[] }> {
  const manifest = JSON.parse(await readFile(path.join(CLIENT_DIR, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const child of manifest[key].imports ?? []) visit(child);
  };
  const entry = manifest['index.html'] ? 'index.html' : Object.keys(manifest).find((k) => manifest[k]!.isEntry);
  if (!entry) throw new Error('no entry in dist/client/.vite/manifest.json');
  const renewal = Object.keys(manifest).find((k) => k.endsWith('features/renewal/components/renewal-page.tsx'));
  const roots = [entry, ...['src/boot.tsx', renewal].filter((k): k is string => !!k && !!manifest[k])];
  for (const key of roots) visit(key);
  const files: Array<[string, number]> = [];
  for (const key of seen) {
    const file = manifest[key]!.file;
    if (file.endsWith('.js')) files.push([file, await gzipSize(file)]);
  }
  return { total: files.reduce((n, [, size]) => n + size, 0), files, roots };
}
