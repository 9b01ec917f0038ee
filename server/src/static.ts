/**
 * Serves the built React app (dist/client, written by `npm run client:build`): hashed assets with
 * a year-long immutable cache, index.html never cached, and every other GET that asks for HTML
 * answered with index.html so the client's router takes over (deep links, locale prefixes).
 */
import express, { type Router } from 'express';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const CLIENT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist/client');

export function clientApp(dir = CLIENT_DIR): Router | undefined {
  const index = path.join(dir, 'index.html');
  if (!existsSync(index)) return undefined;
  const router = express.Router();
  router.use(
    '/assets',
    express.static(path.join(dir, 'assets'), { immutable: true, maxAge: '1y', index: false, fallthrough: false }),
  );
  router.use(
    express.static(dir, {
      index: false,
      setHeaders: (res) => res.setHeader('Cache-Control', 'no-cache'),
    }),
  );
  router.get(/^\/(?!api\/).*/, (req, res, next) => {
    if (!req.accepts('html')) return next();
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(index);
  });
  return router;
}
