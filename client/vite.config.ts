import react from '@vitejs/plugin-react';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const clientRoot = path.dirname(fileURLToPath(import.meta.url));

// The React app: rooted at client/, built to dist/client (served by the proxy), /api proxied in dev.
export default defineConfig({
  root: clientRoot,
  plugins: [react()],
  build: {
    outDir: path.resolve(clientRoot, '../dist/client'),
    emptyOutDir: true,
    // No inline scripts or modulepreload polyfill: the server's CSP forbids inline scripts.
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
    // make bench reads the first route's chunks from it.
    manifest: true,
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: false } },
  },
});
