/**
 * Splits a message catalogue in two at build time: `locales/en.json?part=core` holds what the
 * renewal page and the shell around it say, `?part=rest` everything else. The first route carries
 * the core part only (issue 12: 100 KB of JavaScript before the page is usable); every other page
 * waits for the rest before it renders (lib/lazy.ts). The catalogues stay one file per language.
 */
import { readFile } from 'node:fs/promises';
import type { Plugin } from 'vite';

/** Namespaces, or single entries of one (`errors.unableToLoad`), in the core part. */
export const CORE_PATHS = [
  'shell',
  'header',
  'footer',
  'brand',
  'ui',
  'cart',
  'renewal',
  'errors.unableToLoad',
] as const;

type Catalogue = { [key: string]: string | Catalogue };

/** The part of a catalogue under the core paths, or everything else. */
export function cataloguePart(catalogue: Catalogue, part: 'core' | 'rest'): Catalogue {
  const core: Catalogue = {};
  const rest: Catalogue = structuredClone(catalogue);
  for (const path of CORE_PATHS) {
    const keys = path.split('.');
    const last = keys.pop()!;
    let from: Catalogue | undefined = catalogue;
    let into = core;
    let left: Catalogue | undefined = rest;
    for (const key of keys) {
      const next: string | Catalogue | undefined = from?.[key];
      from = typeof next === 'object' ? next : undefined;
      into = (into[key] ??= {}) as Catalogue;
      const remaining: string | Catalogue | undefined = left?.[key];
      left = typeof remaining === 'object' ? remaining : undefined;
    }
    if (from?.[last] === undefined) throw new Error(`catalogue-parts: no "${path}" in the catalogue`);
    into[last] = from[last];
    if (left) delete left[last];
  }
  return part === 'core' ? core : rest;
}

const PART_ID = /\/locales\/[a-z]{2}\.json\?part=(core|rest)$/;

export function catalogueParts(): Plugin {
  return {
    name: 'catalogue-parts',
    enforce: 'pre',
    load: {
      filter: { id: PART_ID },
      async handler(id) {
        const [file, query] = id.split('?') as [string, string];
        const part = query === 'part=core' ? 'core' : 'rest';
        this.addWatchFile(file);
        const catalogue = JSON.parse(await readFile(file, 'utf8')) as Catalogue;
        return { code: `export default ${JSON.stringify(cataloguePart(catalogue, part))};`, moduleType: 'js' };
      },
    },
  };
}
