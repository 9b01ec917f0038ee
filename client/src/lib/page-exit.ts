/**
 * A server-rendered page's links and forms work before its app starts (docs/decisions/006): until
 * React hydrates the page, the browser follows them itself, and an app that has not started waits
 * when the browser is already leaving: hydrating would cancel the navigation under way (the
 * router's first history entry is a same-document navigation, which ends a pending one).
 */
let leaving = false;
let hydrating = false;
/** The app's own button (type=button: nothing without the app) last pressed before React was there. */
let pressed: HTMLButtonElement | undefined;

/**
 * React is hydrating the page: from now on the clicks are its own (it replays those on content it
 * has not hydrated yet).
 */
export function markHydrating(): void {
  hydrating = true;
}

/**
 * The page is hydrated: a button pressed before React was there (the mini-cart, "View countries
 * included") is pressed again for the shopper.
 */
export function markHydrated(): void {
  hydrating = true;
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
 * Until React hydrates the page, leaves its links and forms to the browser and notes the app's
 * buttons pressed (capture, on window: first).
 * Returns the function that stops watching.
 */
export function watchPageExit(target: Window = window): () => void {
  const onClick = (event: MouseEvent) => {
    if (hydrating) return;
    if (leavesPage(event)) {
      leaving = true;
      event.stopPropagation();
      return;
    }
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    if (button?.type === 'button') pressed = button;
  };
  const onSubmit = (event: SubmitEvent) => {
    if (hydrating) return;
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
