/**
 * A server-rendered page's links and forms work before its app has hydrated it (docs/decisions/006):
 * until then, the browser follows them itself. The app's handlers do not see those clicks and
 * submissions (a link clicked while React hydrates reached a router not yet ready, and was lost),
 * and an app that has not started waits: hydrating would cancel the navigation under way (the
 * router's first history entry is a same-document navigation, which ends a pending one).
 */
let leaving = false;
let hydrated = false;
/** The app's own button (type=button: nothing without the app) last pressed before it was ready. */
let pressed: HTMLButtonElement | undefined;

/**
 * The app has hydrated the page: its own handlers take the clicks from now on, and a button pressed
 * while it started (the mini-cart, "View countries included") is pressed again for the shopper.
 */
export function markHydrated(): void {
  hydrated = true;
  const button = pressed;
  pressed = undefined;
  if (button?.isConnected && !button.disabled) setTimeout(() => button.click(), 0);
}

/** The element a click follows, if it leaves the page (not an in-page anchor, a new tab or a download). */
function leavesPage(event: MouseEvent): boolean {
  if (event.defaultPrevented || event.button !== 0) return false;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return false;
  const anchor = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(anchor instanceof HTMLAnchorElement)) return false;
  if ((anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return false;
  const url = new URL(anchor.href, window.location.href);
  const here = window.location;
  return !(url.hash && url.origin === here.origin && url.pathname === here.pathname && url.search === here.search);
}

/**
 * Until the page is hydrated, leaves its links and forms to the browser (capture, on window: first).
 * Returns the function that stops watching.
 */
export function watchPageExit(target: Window = window): () => void {
  const onClick = (event: MouseEvent) => {
    if (hydrated) return;
    if (leavesPage(event)) {
      leaving = true;
      event.stopPropagation();
      return;
    }
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (button?.type === 'button') pressed = button;
  };
  const onSubmit = (event: SubmitEvent) => {
    if (hydrated) return;
    leaving = true;
    event.stopPropagation();
  };
  target.addEventListener('click', onClick, true);
  target.addEventListener('submit', onSubmit, true);
  return () => {
    target.removeEventListener('click', onClick, true);
    target.removeEventListener('submit', onSubmit, true);
  };
}

export const pageIsLeaving = (): boolean => leaving;

/** Runs `then` now, or once the shopper acts on this page again if it was leaving it. */
export function unlessLeaving(then: () => void, target: Window = window): void {
  if (!leaving) return then();
  const types = ['pointerdown', 'keydown'] as const;
  const again = () => {
    for (const type of types) target.removeEventListener(type, again, true);
    leaving = false;
    then();
  };
  for (const type of types) target.addEventListener(type, again, { capture: true, passive: true });
}
