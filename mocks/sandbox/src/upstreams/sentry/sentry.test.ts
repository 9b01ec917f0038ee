import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSandbox, type Sandbox } from '../../app.ts';
import { sandboxDsn, sentryRouter, type StoredEnvelope } from './index.ts';

const sandbox: Sandbox = createSandbox([]);
sandbox.app.use('/sentry', sentryRouter(sandbox.context));
let root = '';
let dsn = '';

beforeAll(async () => {
  root = `http://localhost:${await sandbox.start(0)}`;
  dsn = sandboxDsn(root);
});
afterAll(() => sandbox.stop());
beforeEach(async () => {
  await fetch(`${root}/__sandbox/reset`, { method: 'POST' });
});

const AUTH = 'Sentry sentry_version=7, sentry_key=sandboxpublickey, sentry_client=sentry.javascript.node/11.12.0';

/** An envelope with one error event and one replay recording (a length-prefixed item). */
function envelope(header: Record<string, unknown> = {}): string {
  const recording = '{"segment_id":0}\n[{"type":4,"data":{"href":"http://localhost:3000/"},"timestamp":1}]';
  return [
    JSON.stringify({ event_id: 'a1b2c3', sent_at: '2026-01-01T00:00:00Z', ...header }),
    JSON.stringify({ type: 'event' }),
    JSON.stringify({ event_id: 'a1b2c3', level: 'error', message: 'boom' }),
    JSON.stringify({ type: 'replay_recording', length: Buffer.byteLength(recording) }),
    recording,
  ].join('\n');
}

const post = (path: string, body: string | Uint8Array<ArrayBuffer>, headers: Record<string, string> = {}) =>
  fetch(`${root}/sentry${path}`, { method: 'POST', headers, body });

const envelopes = async (): Promise<StoredEnvelope[]> =>
  ((await (await fetch(`${root}/sentry/__sandbox/envelopes`)).json()) as { envelopes: StoredEnvelope[] }).envelopes;

describe('the Sentry stand-in', () => {
  it("when the DSN is built, then its envelope URL is the stand-in's, under the DSN's path", () => {
    expect(dsn).toBe(`http://sandboxpublickey@${new URL(root).host}/sentry/1`);
  });

  it.each<[string, string, Record<string, string>, Record<string, unknown>]>([
    ['X-Sentry-Auth', '/api/1/envelope/', { 'x-sentry-auth': AUTH }, {}],
    ['the sentry_key query parameter', '/api/1/envelope/?sentry_key=sandboxpublickey&sentry_version=7', {}, {}],
    ["the envelope header's DSN (a tunnel)", '/api/1/envelope/', {}, { dsn: 'http://sandboxpublickey@x/sentry/1' }],
  ])('when the key comes in %s, then the envelope is kept with its items', async (_how, path, headers, header) => {
    const res = await post(path, envelope(header), headers);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ id: 'a1b2c3' });
    const [stored] = await envelopes();
    expect(stored!.publicKey).toBe('sandboxpublickey');
    expect(stored!.items.map((item) => item.type)).toEqual(['event', 'replay_recording']);
    expect(stored!.items[0]!.payload).toEqual({ event_id: 'a1b2c3', level: 'error', message: 'boom' });
    expect(stored!.items[1]!.payload).toEqual({
      header: { segment_id: 0 },
      recording: [{ type: 4, data: { href: 'http://localhost:3000/' }, timestamp: 1 }],
    });
  });

  it('when the body is gzip-encoded (the Node SDK, over 32 KB), then it is read', async () => {
    const res = await post('/api/1/envelope/', new Uint8Array(gzipSync(envelope())), {
      'x-sentry-auth': AUTH,
      'content-encoding': 'gzip',
    });
    expect(res.status).toBe(200);
    const [stored] = await envelopes();
    expect(stored!.encoding).toBe('gzip');
    expect(stored!.raw).toContain('"message":"boom"');
  });

  it.each<[string, string, Record<string, string>, Record<string, unknown>, number]>([
    ['no key at all', '/api/1/envelope/', {}, {}, 401],
    ['a wrong key', '/api/1/envelope/', { 'x-sentry-auth': AUTH.replace('sandboxpublickey', 'other') }, {}, 403],
    ['another project in the path', '/api/2/envelope/', { 'x-sentry-auth': AUTH }, {}, 403],
    ["another project in the header's DSN", '/api/1/envelope/', {}, { dsn: 'http://sandboxpublickey@x/sentry/2' }, 403],
  ])(
    'when the request has %s, then it is refused and nothing is kept',
    async (_what, path, headers, header, status) => {
      const res = await post(path, envelope(header), headers);
      expect(res.status).toBe(status);
      expect(await envelopes()).toEqual([]);
    },
  );

  it('when the body is not an envelope, then 400', async () => {
    expect((await post('/api/1/envelope/', 'not json', { 'x-sentry-auth': AUTH })).status).toBe(400);
    const badLength = `{}\n${JSON.stringify({ type: 'attachment', length: 999 })}\nabc`;
    expect((await post('/api/1/envelope/', badLength, { 'x-sentry-auth': AUTH })).status).toBe(400);
  });

  it('when the envelopes are deleted or the sandbox reset, then none are left', async () => {
    await post('/api/1/envelope/', envelope(), { 'x-sentry-auth': AUTH });
    expect(await envelopes()).toHaveLength(1);
    expect((await fetch(`${root}/sentry/__sandbox/envelopes`, { method: 'DELETE' })).status).toBe(204);
    expect(await envelopes()).toEqual([]);
    await post('/api/1/envelope/', envelope(), { 'x-sentry-auth': AUTH });
    await fetch(`${root}/__sandbox/reset`, { method: 'POST' });
    expect(await envelopes()).toEqual([]);
  });
});
