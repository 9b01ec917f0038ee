/** A server-rendered page's links, forms and buttons before its app has hydrated it (decision 006). */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type PageExit = typeof import('./page-exit.ts');

let exit: PageExit;
let stop: () => void = () => undefined;
const target = window;

beforeEach(async () => {
  // A fresh module per test: its state (hydrated, leaving) starts anew.
  vi.resetModules();
  exit = await import('./page-exit.ts');
  document.body.innerHTML = `
    <a id="away" href="/en-GB/faqs">View all</a>
    <a id="skip" href="#main-content">Skip to content</a>
    <a id="tab" href="/en-GB/faqs" target="_blank">New tab</a>
    <form id="form" action="/en-GB/renew" method="post"><button id="submit">Renew now</button></form>
    <button id="toggle" type="button">Basket (0 items)</button>`;
});
afterEach(() => {
  stop();
  document.body.innerHTML = '';
});

/** Clicks an element, the browser's own navigation left out (jsdom does not navigate). */
function click(id: string, init: MouseEventInit = {}): MouseEvent {
  const event = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ...init });
  document.getElementById(id)!.addEventListener('click', (e) => e.preventDefault(), { once: true });
  document.getElementById(id)!.dispatchEvent(event);
  return event;
}

describe('before the app has hydrated the page', () => {
  it('when a link to another page is followed, then the page is leaving and the app does not see the click', () => {
    stop = exit.watchPageExit(window);
    const seen = vi.fn();
    document.body.addEventListener('click', seen);
    click('away');
    expect(exit.pageIsLeaving()).toBe(true);
    expect(seen).not.toHaveBeenCalled();
    document.body.removeEventListener('click', seen);
  });

  it.each([
    ['an in-page anchor', 'skip', {}],
    ['a link to a new tab', 'tab', {}],
    ['a link opened with a modifier key', 'away', { ctrlKey: true }],
  ])('when %s is clicked, then the page is not leaving', (_name, id, init) => {
    stop = exit.watchPageExit(window);
    click(id, init);
    expect(exit.pageIsLeaving()).toBe(false);
  });

  it('when the renew form is sent by the browser, then the page is leaving and the app waits for the shopper', () => {
    stop = exit.watchPageExit(window);
    document.getElementById('form')!.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    expect(exit.pageIsLeaving()).toBe(true);
    const hydrate = vi.fn();
    exit.unlessLeaving(hydrate, target);
    expect(hydrate).not.toHaveBeenCalled();
    target.dispatchEvent(new Event('keydown'));
    expect(hydrate).toHaveBeenCalledOnce();
  });

  it("when one of the app's buttons is pressed, then it is pressed again once the page has hydrated", async () => {
    stop = exit.watchPageExit(window);
    click('toggle');
    const pressed = vi.fn();
    document.getElementById('toggle')!.addEventListener('click', pressed);
    exit.markHydrated();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(pressed).toHaveBeenCalledOnce();
  });

  it('when a button is pressed while React hydrates, then it is not pressed again (React replays it)', async () => {
    stop = exit.watchPageExit(window);
    exit.markHydrating();
    click('toggle');
    const pressed = vi.fn();
    document.getElementById('toggle')!.addEventListener('click', pressed);
    exit.markHydrated();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(pressed).not.toHaveBeenCalled();
  });

  it('when nothing was left, then the app hydrates at once', () => {
    const hydrate = vi.fn();
    exit.unlessLeaving(hydrate, target);
    expect(hydrate).toHaveBeenCalledOnce();
  });
});

describe('once React hydrates the page', () => {
  it('when a link is followed, then the app handles it and the page is not leaving', () => {
    stop = exit.watchPageExit(window);
    exit.markHydrating();
    const seen = vi.fn();
    document.body.addEventListener('click', seen);
    click('away');
    expect(exit.pageIsLeaving()).toBe(false);
    expect(seen).toHaveBeenCalledOnce();
    document.body.removeEventListener('click', seen);
  });
});
