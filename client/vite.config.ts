import react from '@vitejs/plugin-react';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants } from 'node:zlib';
import { createRequire } from 'node:module';
import { defineConfig, type Plugin } from 'vite';
import { catalogueParts } from './catalogue-parts.ts';
import { serviceWorker } from './worker/plugin.ts';

const clientRoot = path.dirname(fileURLToPath(import.meta.url));

/**
 * React Router's production build. Its package exports name only `dist/development` (for every
 * condition), so a bundler builds the development one into production code: dev-only warnings on
 * (`ENABLE_DEV_WARNINGS = true`) and their checks run on the shopper's phone at every match
 * (remix-run/react-router#14102, open). A build aliases the package to `dist/production`, the same
 * API without them; `make dev` keeps the development build and its warnings.
 */
const routerProduction = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production/index.mjs',
);

/**
 * Writes a brotli copy (quality 11) beside each built script and style sheet; the proxy sends it
 * to browsers that accept br (server/src/static.ts). About a sixth smaller than on-the-fly gzip,
 * and no compression work per request.
 */
function brotliAssets(): Plugin {
  return {
    name: 'brotli-assets',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    async writeBundle(options, bundle) {
      for (const file of Object.keys(bundle)) {
        if (!/\.(?:js|css)$/.test(file)) continue;
        const full = path.join(options.dir!, file);
        const data = await readFile(full);
        if (data.length < 1024) continue;
        const compressed = brotliCompressSync(data, {
          params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length },
        });
        await writeFile(`${full}.br`, compressed);
      }
    },
  };
}

/**
 * Marks React Router's top-level `forwardRef` and `createContext` calls as pure. Its bundle does
 * not annotate them, so the bundler keeps every component they wrap (Link's prefetching, NavLink,
 * Form and the fetchers, with what they import) whether the app uses it or not.
 */
function pureRouterComponents(): Plugin {
  return {
    name: 'pure-router-components',
    transform: {
      filter: { id: /node_modules\/react-router\/dist\/.*\.mjs$/ },
      handler(code) {
        const code2 = code
          .replace(/=\s*(React\d*\.(?:forwardRef|createContext)\()/g, '= /* @__PURE__ */ $1')
          .replace(/^\w+\.displayName = "[\w.]+";$/gm, '');
        return { code: code2, map: null };
      },
    },
  };
}

/**
 * The first route's modules in one chunk: what the app (boot.tsx) imports and what the
 * renewal page imports from outside its feature. Left to itself the bundler makes a chunk of every
 * module two pages share, some thirty small files for the first route, each compressed on its own:
 * one stream is 7 KB (gzip) smaller (issue 12). The renewal page's own modules stay its chunk.
 */
function firstRouteChunk(): { plugin: Plugin; test: (id: string) => boolean } {
  const modules = new Set<string>();
  const plugin: Plugin = {
    name: 'first-route-chunk',
    buildEnd() {
      // The modules `root` imports statically, directly or not, that `keep` accepts.
      const closure = (root: string, into: Set<string>, keep: (id: string) => boolean) => {
        const seen = new Set<string>();
        const visit = (id: string) => {
          if (seen.has(id)) return;
          seen.add(id);
          if (keep(id)) into.add(id);
          for (const child of this.getModuleInfo(id)?.importedIds ?? []) visit(child);
        };
        visit(root);
      };
      const ids = [...this.getModuleIds()];
      // What the entry (main.tsx) imports stays beside it: the entry must not wait for the app.
      const entry = new Set<string>();
      for (const id of ids.filter((id) => id.endsWith('/src/main.tsx'))) closure(id, entry, () => true);
      // boot.tsx stays a chunk of its own: it awaits the page's chunk, which imports this one (a
      // module awaiting an import of itself never finishes).
      const keep = (id: string) =>
        !entry.has(id) &&
        !id.endsWith('/src/boot.tsx') &&
        !id.includes('/src/app/routes/renewal/') &&
        !id.includes('/src/features/renewal/components/');
      for (const id of ids) {
        if (id.endsWith('/src/boot.tsx') || id.endsWith('/src/app/routes/renewal/renewal-page.tsx')) {
          closure(id, modules, keep);
        }
      }
    },
  };
  return { plugin, test: (id) => modules.has(id) };
}

const firstRoute = firstRouteChunk();

// The React app: rooted at client/, built to dist/client (served by the proxy), /api proxied in dev.
// `vite build --ssr src/entry-server.tsx` builds the server renderer (the proxy renders pages with
// it, docs/decisions/006) to dist/server.
export default defineConfig(({ command, isSsrBuild }) => ({
  root: clientRoot,
  plugins: [react(), catalogueParts(), pureRouterComponents(), firstRoute.plugin, brotliAssets(), serviceWorker()],
  build: isSsrBuild
    ? { outDir: path.resolve(clientRoot, '../dist/server'), emptyOutDir: true, target: 'node24', copyPublicDir: false }
    : {
        outDir: path.resolve(clientRoot, '../dist/client'),
        emptyOutDir: true,
        // No inline scripts or modulepreload polyfill: the server's CSP forbids inline scripts.
        modulePreload: { polyfill: false },
        assetsInlineLimit: 0,
        // The proxy preloads a page's chunks and make bench reads the first route's from it.
        manifest: true,
        rolldownOptions: {
          output: {
            codeSplitting: { groups: [{ name: 'app', test: firstRoute.test, includeDependenciesRecursively: false }] },
          },
        },
      },
  // The server renderer carries its own dependencies, React's production build among them: the
  // proxy's NODE_ENV says which configuration it runs (production or not), not which React renders.
  ...(isSsrBuild ? { define: { 'process.env.NODE_ENV': JSON.stringify('production') } } : {}),
  resolve: {
    alias: [
      ...(command === 'build' ? [{ find: /^react-router$/, replacement: routerProduction }] : []),
      {
        find: /^use-sync-external-store\/shim$/,
        replacement: path.resolve(clientRoot, 'src/vendor/use-sync-external-store-shim.ts'),
      },
    ],
  },
  ssr: { noExternal: true },
  server: {
    port: 5173,
    // `make dev` runs the proxy on PORT (scripts/start.ts), 3000 unless given.
    proxy: { '/api': { target: `http://localhost:${process.env.PORT ?? '3000'}`, changeOrigin: false } },
  },
}));
