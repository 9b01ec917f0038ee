/**
 * The service worker (/worker.js, issue 15), run against stand-ins for the worker's globals (self,
 * caches, fetch): it keeps the shell and the hashed assets, answers a page from the network and
 * only offline from the shell, and never answers or keeps an API call, a rendered page, another
 * origin's request or anything but a GET. Its build step (plugin.ts) is tested below it.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { shellFiles } from './plugin.ts';

const SOURCE = readFileSync(path.join(import.meta.dirname, 'service-worker.js'), 'utf8');
const ORIGIN = 'https://shop.test';
const abs = (url: string) => new URL(url, ORIGIN).href;

type Listener = (event: Record<string, unknown>) => void;

function worker(
  network: (request: Request) => Promise<Response>,
  options: { build?: string; oldCaches?: string[] } = {},
) {
  const listeners: Record<string, Listener> = {};
  const stores = new Map<string, Map<string, Response>>();
  for (const name of options.oldCaches ?? []) stores.set(name, new Map());
  const store = (name: string) => {
    if (!stores.has(name)) stores.set(name, new Map());
    return stores.get(name)!;
  };
  const fetchSpy = vi.fn(network);
  const caches = {
    open: async (name: string) => ({
      addAll: async (urls: string[]) => {
        for (const url of urls) {
          const response = await fetchSpy(new Request(abs(url)));
          if (!response.ok) throw new TypeError(`${url}: ${response.status}`);
          store(name).set(abs(url), response);
        }
      },
      match: async (request: Request) => store(name).get(request.url)?.clone(),
      put: async (request: Request, response: Response) => void store(name).set(request.url, response),
    }),
    match: async (url: string, { cacheName }: { cacheName: string }) => store(cacheName).get(abs(url))?.clone(),
    keys: async () => [...stores.keys()],
    delete: async (name: string) => stores.delete(name),
  };
  const self = {
    location: new URL(`${ORIGIN}/`),
    addEventListener: (type: string, listener: Listener) => (listeners[type] = listener),
    skipWaiting: vi.fn(async () => undefined),
    clients: { claim: vi.fn(async () => undefined) },
  };
  new Function('self', 'caches', 'fetch', 'BUILD', 'PRECACHE', SOURCE)(self, caches, fetchSpy, options.build ?? 'b2', [
    '/assets/app-1.js',
    '/assets/index-2.css',
  ]);
  const lifecycle = async (type: 'install' | 'activate') => {
    let done: Promise<unknown> = Promise.resolve();
    listeners[type]!({ waitUntil: (promise: Promise<unknown>) => (done = promise) });
    await done;
  };
  /** The worker's answer, or undefined when it lets the browser go to the network itself. */
  const request = async (url: string, init: RequestInit & { mode?: 'navigate' | 'cors' } = {}) => {
    const { mode, ...rest } = init;
    const req = new Request(abs(url), rest);
    if (mode) Object.defineProperty(req, 'mode', { value: mode });
    let answer: Promise<Response> | undefined;
    listeners.fetch!({ request: req, respondWith: (promise: Promise<Response>) => (answer = promise) });
    return answer ? await answer : undefined;
  };
  return { self, stores, fetch: fetchSpy, lifecycle, request };
}

const ok = (body: string) => async () => new Response(body, { status: 200 });
const offline = async (): Promise<Response> => {
  throw new TypeError('Failed to fetch');
};

describe('the service worker (issue 15)', () => {
  it("when it installs, then the shell and the first route's assets are kept under this build's cache and it takes over at once", async () => {
    const sw = worker(ok('x'));
    await sw.lifecycle('install');
    expect([...sw.stores.get('shop-b2')!.keys()]).toEqual([
      abs('/app-shell'),
      abs('/assets/app-1.js'),
      abs('/assets/index-2.css'),
    ]);
    expect(sw.self.skipWaiting).toHaveBeenCalled();
  });

  it("when it activates, then an earlier build's cache goes (no stale shell) and it controls the open pages", async () => {
    const sw = worker(ok('x'), { oldCaches: ['shop-b1', 'other-app'] });
    await sw.lifecycle('install');
    await sw.lifecycle('activate');
    expect([...sw.stores.keys()].sort()).toEqual(['other-app', 'shop-b2']);
    expect(sw.self.clients.claim).toHaveBeenCalled();
  });

  it('when a page is asked for online, then the network answers and nothing of it is kept (it holds the shopper’s data)', async () => {
    const sw = worker(ok('<html>rendered for alex</html>'));
    await sw.lifecycle('install');
    const answer = await sw.request('/en-GB/account/my-orders', { mode: 'navigate' });
    expect(await answer!.text()).toBe('<html>rendered for alex</html>');
    expect([...sw.stores.get('shop-b2')!.keys()]).not.toContain(abs('/en-GB/account/my-orders'));
  });

  it('when a page is asked for offline, then the kept shell stands in', async () => {
    let online = true;
    const sw = worker(async (request) => (online ? new Response(`net ${new URL(request.url).pathname}`) : offline()));
    await sw.lifecycle('install');
    online = false;
    const answer = await sw.request('/en-GB/service/cn-connected-navigation?carvin=ZAAAA1000AA000001', {
      mode: 'navigate',
    });
    expect(await answer!.text()).toBe('net /app-shell');
  });

  it('when a hashed asset is asked for, then from the cache; one not kept yet comes from the network and is kept', async () => {
    const sw = worker(async (request) => new Response(`net ${new URL(request.url).pathname}`));
    await sw.lifecycle('install');
    sw.fetch.mockClear();
    expect(await (await sw.request('/assets/app-1.js'))!.text()).toBe('net /assets/app-1.js');
    expect(sw.fetch).not.toHaveBeenCalled();
    expect(await (await sw.request('/assets/account-9.js'))!.text()).toBe('net /assets/account-9.js');
    expect(sw.stores.get('shop-b2')!.has(abs('/assets/account-9.js'))).toBe(true);
  });

  it.each([
    ['an API call', '/api/account/orders', {}],
    ['an API call in a navigation', '/api/session', { mode: 'navigate' as const }],
    ['a POST', '/en-GB/payment-confirmation', { method: 'POST', body: 'MD=1', mode: 'navigate' as const }],
    ["another origin's script", 'https://js.stripe.com/v3/', {}],
    ['the worker itself', '/worker.js', {}],
  ])('when %s is made, then the worker neither answers nor keeps it', async (_case, url, init) => {
    const sw = worker(ok('x'));
    await sw.lifecycle('install');
    expect(await sw.request(url, init)).toBeUndefined();
    expect([...sw.stores.get('shop-b2')!.keys()]).toHaveLength(3);
  });
});

describe("the worker's build step (plugin.ts)", () => {
  const chunk = (fileName: string, facadeModuleId: string | null, imports: string[] = []) => ({
    type: 'chunk' as const,
    fileName,
    facadeModuleId,
    imports,
  });
  it("when the build is written, then the shell's files are the entry's, the app's and the renewal page's chunks with their imports, the style sheets and English's core", () => {
    const bundle = {
      'assets/index-1.js': chunk('assets/index-1.js', '/r/client/index.html', ['assets/page-exit-2.js']),
      'assets/page-exit-2.js': chunk('assets/page-exit-2.js', null),
      'assets/boot-3.js': chunk('assets/boot-3.js', '/r/client/src/boot.tsx', ['assets/app-4.js']),
      'assets/app-4.js': chunk('assets/app-4.js', null),
      'assets/renewal-page-5.js': chunk(
        'assets/renewal-page-5.js',
        '/r/client/src/app/routes/renewal/renewal-page.tsx',
      ),
      'assets/en-6.js': chunk('assets/en-6.js', '/r/catalogues/en.json?part=core'),
      'assets/en-7.js': chunk('assets/en-7.js', '/r/catalogues/en.json?part=rest'),
      'assets/account-8.js': chunk('assets/account-8.js', '/r/client/src/features/account/account-routes.tsx'),
      'assets/index-9.css': { type: 'asset' as const, fileName: 'assets/index-9.css' },
      'index.html': { type: 'asset' as const, fileName: 'index.html' },
    };
    expect(shellFiles(bundle)).toEqual([
      '/assets/app-4.js',
      '/assets/boot-3.js',
      '/assets/en-6.js',
      '/assets/index-1.js',
      '/assets/index-9.css',
      '/assets/page-exit-2.js',
      '/assets/renewal-page-5.js',
    ]);
  });
});
