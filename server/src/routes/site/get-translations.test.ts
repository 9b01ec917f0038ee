import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectConforms } from '../../testing/conformance.ts';
import type { ProxyServer } from '../../server.ts';
import { startTestServer } from '../../test-helpers.ts';
import { readFileSync } from 'node:fs';
import { flatten } from './get-translations.ts';

// The catalogue as data, read as the handler reads it (the server imports no client code).
const en = JSON.parse(readFileSync(new URL('../../../../catalogues/en.json', import.meta.url), 'utf8'));

let server: ProxyServer;
let url: (path: string) => string;
beforeAll(async () => {
  ({ server, url } = await startTestServer());
});
afterAll(() => server.stop());

async function get(path: string) {
  const response = await fetch(url(path));
  const body = await response.json();
  expectConforms('getTranslations', response, body);
  return { status: response.status, body: body as Record<string, string> };
}

describe('getTranslations', () => {
  it('when en-GB is asked, then the flat English catalogue with the spec texts', async () => {
    const { status, body } = await get('/api/translations/en-GB');
    expect(status).toBe(200);
    expect(Object.values(body)).toContain("You're currently browsing in offline mode");
    expect(Object.keys(body).sort()).toEqual(Object.keys(flatten(en)).sort());
  });

  it('when fr-FR is asked, then French messages with every English key present', async () => {
    const { body } = await get('/api/translations/fr-FR');
    const english = flatten(en);
    expect(Object.keys(body).sort()).toEqual(Object.keys(english).sort());
    expect(body['shell.offlineBanner']).not.toBe(english['shell.offlineBanner']);
  });

  it('when an unsupported or malformed locale is asked, then a 404 or 400 problem', async () => {
    expect((await get('/api/translations/xx-XX')).status).toBe(404);
    expect((await get('/api/translations/EN')).status).toBe(400);
  });
});
