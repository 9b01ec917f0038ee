/**
 * The first route's JavaScript, gzipped, from the Vite manifest of the built client: the entry and
 * its static imports, the app's chunk (src/boot.tsx, when the build has one) and the renewal page's
 * chunk (when it is a chunk of its own) with their static imports. Beside it, the account routes'
 * own JavaScript (issue 13).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { CLIENT_DIR } from './config.ts';

interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
  isDynamicEntry?: boolean;
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

type Manifest = Record<string, ManifestChunk>;

const readManifest = async (): Promise<Manifest> =>
  JSON.parse(await readFile(path.join(CLIENT_DIR, '.vite/manifest.json'), 'utf8')) as Manifest;

/**
 * The manifest keys of `roots` and of every chunk they import statically (what loads with them, not
 * later), and the app's dynamic imports: it loads React's DOM renderer before it renders anything
 * (client/src/boot.tsx; server/src/static.ts preloads it with the app).
 */
function closure(manifest: Manifest, roots: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const child of manifest[key].imports ?? []) visit(child);
    if (key === 'src/boot.tsx') for (const child of manifest[key].dynamicImports ?? []) visit(child);
  };
  for (const key of roots) visit(key);
  return seen;
}

export interface Bundle {
  /** Bytes, gzip. */
  total: number;
  files: Array<[string, number]>;
  roots: string[];
}

async function sized(manifest: Manifest, keys: Iterable<string>, roots: string[]): Promise<Bundle> {
  const files: Array<[string, number]> = [];
  for (const key of keys) {
    const file = manifest[key]!.file;
    if (file.endsWith('.js')) files.push([file, await gzipSize(file)]);
  }
  return { total: files.reduce((n, [, size]) => n + size, 0), files, roots };
}

const keyOf = (manifest: Manifest, source: string) => Object.keys(manifest).find((k) => k.endsWith(source));

/** The manifest keys the first route loads: the entry, the app's chunk and the renewal page's, with their static imports. */
function firstRouteRoots(manifest: Manifest): string[] {
  const entry = manifest['index.html'] ? 'index.html' : Object.keys(manifest).find((k) => manifest[k]!.isEntry);
  if (!entry) throw new Error('no entry in dist/client/.vite/manifest.json');
  const renewal = keyOf(manifest, 'app/routes/renewal/renewal-page.tsx');
  return [entry, ...['src/boot.tsx', renewal].filter((k): k is string => !!k && !!manifest[k])];
}

export async function firstRouteJs(): Promise<Bundle> {
  const manifest = await readManifest();
  const roots = firstRouteRoots(manifest);
  return sized(manifest, closure(manifest, roots), roots);
}

/**
 * The account routes' JavaScript (issue 13: account code loads on account routes only), from the
 * same manifest: `only` is the lazy AccountRoute chunk and the chunks no other entry or lazy chunk
 * imports (what the account area alone adds to the build); `beyondFirstRoute` is what an account
 * route loads that the storefront's first route did not (shared chunks such as the dialog included).
 */
export async function accountRouteJs(): Promise<{ only: Bundle; beyondFirstRoute: Bundle }> {
  const manifest = await readManifest();
  const account = keyOf(manifest, 'app/routes/account/account-pages.tsx');
  if (!account) throw new Error('no account-pages.tsx chunk in dist/client/.vite/manifest.json');
  const loaded = closure(manifest, [account]);
  const others = closure(
    manifest,
    Object.keys(manifest).filter((k) => k !== account && (manifest[k]!.isEntry || manifest[k]!.isDynamicEntry)),
  );
  const first = closure(manifest, firstRouteRoots(manifest));
  return {
    only: await sized(
      manifest,
      [...loaded].filter((k) => !others.has(k)),
      [account],
    ),
    beyondFirstRoute: await sized(
      manifest,
      [...loaded].filter((k) => !first.has(k)),
      [account],
    ),
  };
}
