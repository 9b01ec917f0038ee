/**
 * The entry: index.html's header (server/src/static.ts names the brand) paints with the HTML and
 * this style sheet; the app, already downloading (the server preloads its chunks), is evaluated
 * right after that first paint, so a slow phone shows the header instead of a blank page while
 * React starts.
 */
import './styles/index.css';

const RETRY_TEXT = {
  title: 'You are currently offline',
  message: "We couldn't load the next page on this connection. Please try again.",
  retry: 'Retry Connection',
};

/** The app could not be loaded at all (offline): the chunk-load failure screen's words, in plain DOM. */
function showLoadFailure(): void {
  const root = document.getElementById('root');
  if (!root) return;
  const main = document.createElement('main');
  main.className = 'page page--narrow chunk-failure';
  const title = document.createElement('h1');
  title.textContent = RETRY_TEXT.title;
  const message = document.createElement('p');
  message.textContent = RETRY_TEXT.message;
  const retry = document.createElement('button');
  retry.type = 'button';
  retry.className = 'button button--primary';
  retry.textContent = RETRY_TEXT.retry;
  retry.addEventListener('click', () => window.location.reload());
  main.append(title, message, retry);
  root.append(main);
}

let started = false;
function start(): void {
  if (started) return;
  started = true;
  import('./boot.tsx').catch(showLoadFailure);
}

// After the first contentful paint (the header). A tab opened in the background paints nothing
// until it is shown, and must not wait for that: it starts at once. The timeout is only a net (a
// browser without paint timing, a paint that never comes); on a busy phone the first paint can
// take longer than a fraction of a second, and starting the app before it would hold the page
// blank until React has run (measured: the checkout's first paint 1.3 s → 2.5 s under load).
const FIRST_PAINT_NET_MS = 1000;
try {
  new PerformanceObserver((list, observer) => {
    if (!list.getEntries().some((entry) => entry.name === 'first-contentful-paint')) return;
    observer.disconnect();
    setTimeout(start, 0);
  }).observe({ type: 'paint', buffered: true });
} catch {
  // No paint timing in this browser: the timeout starts the app.
}
if (document.visibilityState === 'hidden') start();
setTimeout(start, FIRST_PAINT_NET_MS);
