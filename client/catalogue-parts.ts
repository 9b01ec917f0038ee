/**
 * Splits a message catalogue in two at build time: `catalogues/en.json?part=core` holds what the
 * renewal page and the shell around it say, `?part=rest` everything else. The first route carries
 * the core part only (issue 12: 100 KB of JavaScript before the page is usable); every other page
 * waits for the rest before it renders (lib/lazy.ts). The catalogues stay one file per language.
 */
import { readFile } from 'node:fs/promises';
import type { Plugin } from 'vite';
import { pseudoCatalogue } from './pseudo-locale.ts';

/** Namespaces, or single entries of one (`errors.unableToLoad`), in the core part. */
export const CORE_PATHS = [
  'shell',
  'header',
  'footer',
  'brand',
  'ui',
  'cart',
  'renewal',
  // The consent banner, which the server paints on a first visit and the page hydrates (issue 35).
  'consent',
  'errors.unableToLoad',
] as const;

type Catalogue = { [key: string]: string | Catalogue };
type Part = 'core' | 'rest';

/** The part of a catalogue under the core paths, or everything else. */
export function cataloguePart(catalogue: Catalogue, part: Part): Catalogue {
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

/** `en.json?part=core`, or `en.json?part=core&pseudo`: the part in the en-XB pseudo-locale (pseudo-locale.ts). */
const PART_ID = /\/catalogues\/[a-z]{2}\.json\?part=(core|rest)(&pseudo)?$/;

export function catalogueParts(): Plugin {
  return {
    name: 'catalogue-parts',
    enforce: 'pre',
    load: {
      filter: { id: PART_ID },
      async handler(id) {
        const [file, query] = id.split('?') as [string, string];
        const [, part, pseudo] = /^part=(core|rest)(&pseudo)?$/.exec(query) as unknown as [string, Part, string?];
        this.addWatchFile(file);
        const catalogue = cataloguePart(JSON.parse(await readFile(file, 'utf8')) as Catalogue, part);
        const code = JSON.stringify(pseudo ? pseudoCatalogue(catalogue) : catalogue);
        return { code: `export default ${code};`, moduleType: 'js' };
      },
    },
  };
}
