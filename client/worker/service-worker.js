/*
 * The service worker (/worker.js, issue 15): the app shell and its hashed assets offline, so that a
 * reload without a connection still shows the shell's offline banner ("You're currently browsing in
 * offline mode") or the chunk-load screen (storefront §2 Shell behaviour) instead of the browser's
 * error page. client/worker/plugin.ts writes this file into the build as /worker.js with two
 * constants in front of it: BUILD (one value per build) and PRECACHE (the first route's scripts and
 * style sheets and the English catalogue's core).
 *
 * What it never keeps: an API answer (/api/*), a page the server rendered (it holds the shopper's
 * data and CSRF token), anything of another origin or any request but a GET. Pages are asked of the
 * network first, always; only when the network fails does the shell stand in: /app-shell, the
 * plain index.html that the browser renders itself, with no data in it. Hashed assets never change,
 * so they come from the cache first. A new build's worker takes over at once (skipWaiting, claim)
 * and drops the old build's cache, so the next navigation runs the new shell, never a stale one.
 */
/* global BUILD, PRECACHE */

const CACHE_PREFIX = 'shop-';
const CACHE = `${CACHE_PREFIX}${BUILD}`;
const SHELL = '/app-shell';

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll([SHELL, ...PRECACHE]))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(
          keys.filter((key) => key.startsWith(CACHE_PREFIX) && key !== CACHE).map((key) => caches.delete(key)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

/** A hashed asset: from the cache, else from the network, kept for the next time when it came. */
async function cacheFirst(request) {
  const cache = await caches.open(CACHE);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

/** A page: from the network; the shell only when the network cannot answer. */
async function networkFirst(request) {
  try {
    return await fetch(request);
  } catch (error) {
    const shell = await caches.match(SHELL, { cacheName: CACHE });
    if (shell) return shell;
    throw error;
  }
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || url.pathname.startsWith('/api/')) return;
  if (url.pathname.startsWith('/assets/')) event.respondWith(cacheFirst(request));
  else if (request.mode === 'navigate') event.respondWith(networkFirst(request));
});
