/**
 * "The page's main content is on screen." Secondary requests (the footer's links) wait for it, so
 * the first screen's own calls go first: the renewal page makes at most two calls (session and
 * renewal data) before its plan selector shows (issue 4 figures). Pages without a main request
 * are ready when mounted; a 4 s ceiling keeps a slow page from hiding the footer.
 */
import { createContext, useContext } from 'react';

/** Whether the page came from the server (its data and first screen are in the HTML). */
export const ServerRenderedContext = createContext(false);
export const useServerRendered = (): boolean => useContext(ServerRenderedContext);

let resolve: () => void = () => undefined;
let ready = new Promise<void>((r) => {
  resolve = r;
});
let marked = false;

/** A new page load, as far as this module is concerned (each test renders a fresh app). */
export function resetMainContentShown(): void {
  marked = false;
  ready = new Promise<void>((r) => {
    resolve = r;
  });
}

export function markMainContentShown(): void {
  if (marked) return;
  marked = true;
  resolve();
}

export function mainContentShown(ceilingMs = 4000): Promise<void> {
  return Promise.race([ready, new Promise<void>((r) => setTimeout(r, ceilingMs))]);
}
