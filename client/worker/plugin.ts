/**
 * Writes the service worker into the client build as /worker.js (client/worker/service-worker.js,
 * issue 15): its source with BUILD, one value per build (a hash of every file the build wrote), and
 * PRECACHE, what the shell needs to start offline: the first route's scripts and style sheets (the
 * entry and what it imports, the app, the renewal page) and the English catalogue's core. Every
 * other chunk is kept when a page first loads it.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const SOURCE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'service-worker.js');

/** The modules whose chunks (and their static imports) the shell needs offline. */
const SHELL_MODULES = [
  /\/src\/main\.tsx$/,
  /\/client\/index\.html$/,
  /\/src\/boot\.tsx$/,
  /\/src\/app\/routes\/renewal\/renewal-page\.tsx$/,
  /\/catalogues\/en\.json\?part=core$/,
];

interface BundleChunk {
  type: 'chunk';
  fileName: string;
  facadeModuleId?: string | null;
  imports: string[];
}
interface BundleAsset {
  type: 'asset';
  fileName: string;
}

/** The files of the build the shell needs: the shell modules' chunks with their imports, style sheets, English's core. */
export function shellFiles(bundle: Record<string, BundleChunk | BundleAsset>): string[] {
  const files = new Set<string>();
  const visit = (fileName: string) => {
    const chunk = bundle[fileName];
    if (!chunk || chunk.type !== 'chunk' || files.has(fileName)) return;
    files.add(fileName);
    for (const imported of chunk.imports) visit(imported);
  };
  for (const item of Object.values(bundle)) {
    if (item.type === 'chunk' && SHELL_MODULES.some((m) => m.test(item.facadeModuleId ?? ''))) visit(item.fileName);
    if (item.type === 'asset' && item.fileName.endsWith('.css')) files.add(item.fileName);
  }
  return [...files]
    .filter((file) => file.startsWith('assets/'))
    .sort()
    .map((file) => `/${file}`);
}

export function serviceWorker(): Plugin {
  return {
    name: 'service-worker',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    async generateBundle(_options, bundle) {
      const files = Object.keys(bundle).sort();
      const build = createHash('sha256').update(files.join('\n')).digest('hex').slice(0, 16);
      const precache = shellFiles(bundle as unknown as Record<string, BundleChunk | BundleAsset>);
      const source = await readFile(SOURCE, 'utf8');
      this.emitFile({
        type: 'asset',
        fileName: 'worker.js',
        source: `const BUILD = ${JSON.stringify(build)};\nconst PRECACHE = ${JSON.stringify(precache)};\n${source}`,
      });
    },
  };
}
