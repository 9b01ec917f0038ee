import express from 'express';
import fs, { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { brotliCompressSync } from 'node:zlib';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { clientApp } from './static.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'client-'));
mkdirSync(path.join(dir, 'assets'));
writeFileSync(
  path.join(dir, 'index.html'),
  '<!doctype html><html lang="en" data-site="aurora"><head><title>Shop</title></head><body><div id="root"><header><span class="logo__mark" data-brand>Aurora</span></header></div></body></html>',
);
writeFileSync(path.join(dir, 'assets', 'app-abc123.js'), 'console.log(1)');
writeFileSync(path.join(dir, 'worker.js'), 'const BUILD = "b1";');
writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
writeFileSync(path.join(dir, 'assets', 'app-abc123.js.br'), brotliCompressSync('console.log(1)'));
mkdirSync(path.join(dir, '.vite'));
writeFileSync(
  path.join(dir, '.vite', 'manifest.json'),
  JSON.stringify({
    'index.html': { file: 'assets/app-abc123.js', imports: ['_shared.js'] },
    '_shared.js': { file: 'assets/shared-1.js' },
    'src/app/routes/renewal/renewal-page.tsx': {
      file: 'assets/renewal-page-2.js',
      imports: ['_shared.js', '_dialog.js'],
      css: ['assets/renewal-page-3.css'],
    },
    '_dialog.js': { file: 'assets/dialog-4.js' },
  }),
);

const app = express();
app.use(
  clientApp(dir, {
    siteOf: (req) => (req.query.site === 'borealis' ? 'borealis' : 'aurora'),
    imageOrigins: ['http://images.example'],
    idleDelayMs: 60_000,
  })!,
);
app.use((_req, res) => res.status(404).json({ title: 'Not Found' }));
let base = '';
const server = app.listen(0);
beforeAll(() => {
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('serving the built client', () => {
  it('when the service worker is asked for, then /worker.js comes as a script the browser checks again each time (issue 15)', async () => {
    const res = await fetch(`${base}/worker.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^(?:text|application)\/javascript/);
    expect(res.headers.get('cache-control')).toBe('no-cache');
  });

  it("when the app shell is asked for, then the plain index.html in the request's brand, with no page data, no session and no-cache", async () => {
    const res = await fetch(`${base}/app-shell?site=borealis`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('set-cookie')).toBeNull();
    const html = await res.text();
    expect(html).toContain('data-site="borealis"');
    expect(html).toContain('<div id="root">');
    expect(html).not.toContain('page-data');
  });

  it('when a hashed asset is asked for, then it is cached for a year as immutable', async () => {
    const res = await fetch(`${base}/assets/app-abc123.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it("when the browser accepts brotli, then the build's brotli copy is sent, with the script's type", async () => {
    const res = await fetch(`${base}/assets/app-abc123.js`, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('vary')).toContain('Accept-Encoding');
    expect(await res.text()).toBe('console.log(1)');
    const plain = await fetch(`${base}/assets/app-abc123.js`, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe('console.log(1)');
  });

  it('when a deep link with a locale prefix asks for HTML, then index.html answers, never cached', async () => {
    const res = await fetch(`${base}/en-GB/service/cn-connected-navigation?carvin=ZAAAA1000AA000001`, {
      headers: { accept: 'text/html' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-cache');
    expect(await res.text()).toContain('<title>Shop</title>');
  });

  it("when a renewal page is opened, then its chunk, imports and styles are preloaded, not the entry's again", async () => {
    const html = await (
      await fetch(`${base}/fr-FR/service/cn-connected-navigation?carvin=ZAAAA1000AA000001`, {
        headers: { accept: 'text/html' },
      })
    ).text();
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/renewal-page-2.js">');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/dialog-4.js">');
    expect(html).toContain('<link rel="preload" as="style" href="/assets/renewal-page-3.css">');
    expect(html).not.toContain('shared-1.js');
    const home = await (await fetch(`${base}/en-GB/home`, { headers: { accept: 'text/html' } })).text();
    expect(home).not.toContain('modulepreload');
  });

  it("when the browser asks for its icon, then /favicon.ico leads to the icon as an image, never to a page rendered for it (the browser's Accept names */*)", async () => {
    const ico = await fetch(`${base}/favicon.ico`, {
      redirect: 'manual',
      headers: { accept: 'image/avif,image/*,*/*;q=0.8' },
    });
    expect(ico.status).toBe(301);
    expect(ico.headers.get('location')).toBe('/favicon.svg');
    const svg = await fetch(`${base}/favicon.svg`, { headers: { accept: 'image/avif,image/*,*/*;q=0.8' } });
    expect(svg.status).toBe(200);
    expect(svg.headers.get('content-type')).toContain('image/svg+xml');
    expect(svg.headers.get('set-cookie')).toBeNull();
  });

  it('when a page is asked for, then the disk is not searched for a file of its name first; a file written later is served (issue 35)', async () => {
    const stat = vi.spyOn(fs, 'stat');
    try {
      const page = await fetch(`${base}/en-GB/service/cn-connected-navigation`, { headers: { accept: 'text/html' } });
      expect(page.status).toBe(200);
      expect(stat).not.toHaveBeenCalled();
      writeFileSync(path.join(dir, 'later.html'), '<p>written after the server started</p>');
      const later = await fetch(`${base}/later.html`, { headers: { accept: 'text/html' } });
      expect(await later.text()).toBe('<p>written after the server started</p>');
      expect(stat).toHaveBeenCalled();
    } finally {
      stat.mockRestore();
    }
  });

  it('when the manifest is asked for, then it is not served', async () => {
    expect((await fetch(`${base}/.vite/manifest.json`)).status).toBe(404);
  });

  it('when an /api path or a missing asset is asked for, then the client does not answer it', async () => {
    expect((await fetch(`${base}/api/nothing`, { headers: { accept: 'text/html' } })).status).toBe(404);
    expect((await fetch(`${base}/assets/missing.js`)).status).toBe(404);
  });

  it('when the server runs in production, then <html data-env> says so (the client then has no test pages)', async () => {
    const production = express().use(clientApp(dir, { production: true })!);
    const listener = production.listen(0);
    try {
      const port = (listener.address() as AddressInfo).port;
      const html = await (await fetch(`http://127.0.0.1:${port}/home`, { headers: { accept: 'text/html' } })).text();
      expect(html).toContain('<html lang="en" data-env="production" data-site="aurora">');
    } finally {
      listener.close();
    }
  });

  it('when a locale is redirected (storefront §6: not enabled in production), then its pages go to the default locale with the query', async () => {
    const redirected = express().use(
      clientApp(dir, { redirectLocale: (locale) => (locale === 'fr-LU' ? 'en-GB' : undefined) })!,
    );
    const listener = redirected.listen(0);
    try {
      const port = (listener.address() as AddressInfo).port;
      const get = (url: string) =>
        fetch(`http://127.0.0.1:${port}${url}`, { headers: { accept: 'text/html' }, redirect: 'manual' });
      const moved = await get('/fr-LU/service/cn-connected-navigation?carvin=ZAAAA1000AA000001');
      expect(moved.status).toBe(302);
      expect(moved.headers.get('location')).toBe('/en-GB/service/cn-connected-navigation?carvin=ZAAAA1000AA000001');
      expect((await get('/fr-LU')).headers.get('location')).toBe('/en-GB');
      expect((await get('/fr-FR/checkout')).status).toBe(200);
    } finally {
      listener.close();
    }
  });

  it("when a page is served, then the shopper's session starts on it, with the brand and the locale prefix, and the answer is private", async () => {
    const started: Array<[string, string | undefined]> = [];
    let failing = false;
    const withSessions = express().use(
      clientApp(dir, {
        siteOf: () => 'borealis',
        startSession: async (_req, res, site, locale) => {
          if (failing) throw new Error('session store down');
          started.push([site, locale]);
          res.cookie('shop_session', 'new');
        },
      })!,
    );
    const listener = withSessions.listen(0);
    try {
      const port = (listener.address() as AddressInfo).port;
      const res = await fetch(`http://127.0.0.1:${port}/fr-FR/checkout`, { headers: { accept: 'text/html' } });
      expect(res.status).toBe(200);
      expect(res.headers.get('set-cookie')).toMatch(/^shop_session=new/);
      expect(res.headers.get('cache-control')).toBe('private, no-cache');
      await fetch(`http://127.0.0.1:${port}/home`, { headers: { accept: 'text/html' } });
      expect(started).toEqual([
        ['borealis', 'fr-FR'],
        ['borealis', undefined],
      ]);
      // Assets start no session.
      await fetch(`http://127.0.0.1:${port}/assets/app-abc123.js`);
      expect(started).toHaveLength(2);
      // A session store that fails does not cost the page.
      failing = true;
      const page = await fetch(`http://127.0.0.1:${port}/home`, { headers: { accept: 'text/html' } });
      expect(page.status).toBe(200);
      expect(page.headers.get('set-cookie')).toBeNull();
    } finally {
      listener.close();
    }
  });

  it("when the checkout is opened, then its title and in-control message are in the page, in the prefix's language, escaped", async () => {
    const asked: string[] = [];
    const withMessages = express().use(
      clientApp(dir, {
        messagesFor: async (locale) => {
          asked.push(locale);
          return { 'checkout.title': 'Paiement', 'checkout.inControl': 'Vous gardez le <contrôle> & plus' };
        },
      })!,
    );
    const listener = withMessages.listen(0);
    try {
      const port = (listener.address() as AddressInfo).port;
      const page = async (url: string) =>
        (await fetch(`http://127.0.0.1:${port}${url}`, { headers: { accept: 'text/html' } })).text();
      const html = await page('/fr-FR/checkout');
      expect(html).toContain(
        '</header><main class="main"><div class="checkout container"><h1 class="checkout__title">Paiement</h1>' +
          '<p class="checkout__control">Vous gardez le &#60;contrôle&#62; &#38; plus</p></div></main>',
      );
      expect(await page('/checkout')).toContain('<h1 class="checkout__title">Paiement</h1>');
      expect(asked).toEqual(['fr-FR', 'en-GB']);
      // Other pages paint only the header.
      expect(await page('/fr-FR/home')).not.toContain('checkout__title');
    } finally {
      listener.close();
    }
  });

  it('when there is no build, then there is nothing to serve', () => {
    expect(clientApp(path.join(dir, 'nowhere'))).toBeUndefined();
  });

  it("when a page is opened, then <html> names the request's brand, its locale's language and the idle delay", async () => {
    const page = async (url: string) => (await fetch(`${base}${url}`, { headers: { accept: 'text/html' } })).text();
    const plain = await page('/home');
    expect(plain).toContain('<html lang="en" data-idle-delay="60000" data-site="aurora">');
    const borealis = await page('/de-DE/service/cn-connected-navigation?site=borealis');
    expect(borealis).toContain('<html lang="de-DE" data-idle-delay="60000" data-site="borealis">');
    // The header that paints before the app's JavaScript names the request's brand.
    expect(borealis).toContain('<span class="logo__mark" data-brand>Borealis</span>');
    expect(plain).toContain('<span class="logo__mark" data-brand>Aurora</span>');
    expect(await page('/en-XB/checkout')).toContain('<html lang="en" data-idle-delay="60000" data-site="aurora">');
    // The image host's connection opens with the page.
    expect(plain).toContain('<link rel="preconnect" href="http://images.example">');
  });
});
