import react from '@vitejs/plugin-react';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import { catalogueParts } from './catalogue-parts.ts';

const clientRoot = path.dirname(fileURLToPath(import.meta.url));

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

// The React app: rooted at client/, built to dist/client (served by the proxy), /api proxied in dev.
// `vite build --ssr src/entry-server.tsx` builds the server renderer (the proxy renders pages with
// it, docs/decisions/006) to dist/server.
export default defineConfig(({ isSsrBuild }) => ({
  root: clientRoot,
  plugins: [react(), catalogueParts(), pureRouterComponents(), brotliAssets()],
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
      },
  // The server renderer carries its own dependencies, React's production build among them: the
  // proxy's NODE_ENV says which configuration it runs (production or not), not which React renders.
  ...(isSsrBuild ? { define: { 'process.env.NODE_ENV': JSON.stringify('production') } } : {}),
  ssr: { noExternal: true },
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: false } },
  },
}));
