/**
 * The entry. On a page the server rendered, the page paints with the HTML and this style sheet,
 * and the app is fetched and hydrates once the first view has loaded. On a page rendered in the
 * browser, index.html's header (server/src/static.ts names the brand) paints first and the app,
 * already downloading (the server preloads its chunks), is evaluated right after that first paint,
 * so a slow phone shows the header instead of a blank page while React starts.
 */
import './styles/index.css';
import { watchPageExit } from './lib/page-exit.ts';

/**
 * The app could not be loaded at all (offline): the chunk-load failure screen (storefront §2 Shell
 * behaviour), its words in plain markup, as the app is not there to translate them.
 */
function showLoadFailure(): void {
  const root = document.getElementById('root');
  if (!root) return;
  root.insertAdjacentHTML(
    'beforeend',
    '<main class="page page--narrow chunk-failure"><h1>You are currently offline</h1>' +
      "<p>We couldn't load the next page on this connection. Please try again.</p>" +
      '<button type="button" class="button button--primary">Retry Connection</button></main>',
  );
  root.lastElementChild?.querySelector('button')?.addEventListener('click', () => window.location.reload());
}

let started = false;
function start(): void {
  if (started) return;
  started = true;
  import('./boot.tsx').catch(showLoadFailure);
}

/**
 * Module preloads started per task: each link starts a fetch, a few milliseconds of main-thread work
 * apiece on a slow phone, and an account page lists twenty-odd chunks (one 47 ms task at CPU x1 on
 * this machine, issue 35).
 */
const PRELOADS_PER_TASK = 4;

/**
 * The chunks a server-rendered page hydrates with (server/src/render/pages.ts lists them), fetched
 * side by side as the app starts, rather than one import after another; a few per task, in the
 * list's order (the boot and the app first), then `then`.
 */
function preloadChunks(then: () => void): void {
  const list = document.getElementById('page-chunks')?.textContent;
  let chunks: unknown;
  try {
    chunks = list ? JSON.parse(list) : [];
  } catch {
    chunks = [];
  }
  const hrefs = (Array.isArray(chunks) ? chunks : []).filter(
    (href): href is string => typeof href === 'string' && href.startsWith('/assets/'),
  );
  const batch = (from: number) => {
    for (const href of hrefs.slice(from, from + PRELOADS_PER_TASK)) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.append(link);
    }
    const next = from + PRELOADS_PER_TASK;
    setTimeout(next < hrefs.length ? () => batch(next) : then, 0);
  };
  batch(0);
}

/**
 * Runs `then` after the page's first contentful paint and the frame after it. A browser without
 * paint timing runs it after the next frame.
 */
function afterFirstPaint(then: () => void): void {
  const nextFrame = () => requestAnimationFrame(() => setTimeout(then, 0));
  try {
    new PerformanceObserver((list, observer) => {
      if (!list.getEntries().some((entry) => entry.name === 'first-contentful-paint')) return;
      observer.disconnect();
      nextFrame();
    }).observe({ type: 'paint', buffered: true });
  } catch {
    nextFrame();
  }
}

// A page rendered on the server (docs/decisions/006) reads, and its plan and "Renew now" work, with
// the HTML alone: the app's JavaScript waits until the first view has loaded (its style sheets and
// largest image have the connection to themselves) and painted, or until the shopper starts using
// the page. The load event may come before the first paint (the style sheets are in, the frame is
// not drawn yet): the app starting then would hold the page's paint behind its scripts.
const INTERACTIONS = ['pointerdown', 'keydown', 'focusin'] as const;
let starting = false;
function startServerRendered(): void {
  if (started || starting) return;
  starting = true;
  for (const type of INTERACTIONS) window.removeEventListener(type, startServerRendered, true);
  // The app's start in a task of its own, after the preloads' (together they made one long task).
  preloadChunks(start);
}
// A page rendered in the browser (`make dev`, or after a failed server render): after the first
// contentful paint (the header). A tab opened in the background paints nothing until it is shown,
// and must not wait for that: it starts at once. The timeouts are only a net (a browser without
// paint timing, a paint that never comes, an image that never loads).
const NET_MS = 1000;
if (document.getElementById('page-data')) {
  watchPageExit();
  for (const type of INTERACTIONS) window.addEventListener(type, startServerRendered, { capture: true, passive: true });
  const loaded = () => afterFirstPaint(startServerRendered);
  if (document.readyState === 'complete') loaded();
  else window.addEventListener('load', loaded, { once: true });
  setTimeout(startServerRendered, NET_MS * 3);
} else {
  afterFirstPaint(start);
  if (document.visibilityState === 'hidden') start();
  setTimeout(start, NET_MS);
}
