/**
 * Readable logs for a person (issue 15): pino-pretty at a terminal outside production, one short
 * line per request (method, path without its query, status, duration, request id) and errors with
 * their stack; JSON in production and when the output is not a terminal, as before.
 */
import { PassThrough } from 'node:stream';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfigError, loadConfig, type LogFormatSetting } from './config.ts';
import { errorHandler } from './errors.ts';
import { chooseLogFormat, createLogger, requestLogger, type LogFormat } from './logger.ts';
import { createServer, type ProxyServer } from './server.ts';

/** A stream standing in for stdout, and all that was written to it without colours. */
function sink(): { stream: PassThrough; text: () => string } {
  const stream = new PassThrough();
  let written = '';
  stream.on('data', (chunk: Buffer) => (written += chunk.toString()));
  // eslint-disable-next-line no-control-regex
  return { stream, text: () => written.replace(/\u001b\[[0-9;]*m/g, '') };
}

const VIN = 'WVWZZZ1JZXW000001';
const MAIL_TOKEN = 'mail-token-3f2a9c';
let stopServer: (() => Promise<void>) | undefined;
afterEach(async () => {
  await stopServer?.();
  stopServer = undefined;
});

async function listen(app: express.Express): Promise<string> {
  const server = app.listen(0);
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  stopServer = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('chooseLogFormat', () => {
  it.each<[LogFormatSetting, boolean, boolean, LogFormat]>([
    // setting, production, stdout is a terminal, format
    ['auto', false, true, 'pretty'],
    ['auto', false, false, 'json'],
    ['auto', true, true, 'json'],
    ['auto', true, false, 'json'],
    ['pretty', false, false, 'pretty'],
    ['pretty', true, true, 'json'],
    ['json', false, true, 'json'],
    ['json', true, false, 'json'],
  ])(
    'when LOG_FORMAT is %s, production %s and the terminal %s, then the logs are %s',
    (setting, production, terminal, format) => {
      expect(chooseLogFormat(setting, { production, terminal })).toBe(format);
    },
  );
});

describe('LOG_FORMAT', () => {
  const env = { NODE_ENV: 'development' };
  it('when it is not set, then it is auto; json and pretty are taken as given', () => {
    expect(loadConfig(env).logFormat).toBe('auto');
    expect(loadConfig({ ...env, LOG_FORMAT: 'json' }).logFormat).toBe('json');
    expect(loadConfig({ ...env, LOG_FORMAT: 'pretty' }).logFormat).toBe('pretty');
  });

  it('when it is pretty in production or not a format, then the configuration is refused', () => {
    const production = { NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32) };
    expect(loadConfig({ ...production, LOG_FORMAT: 'json' }).logFormat).toBe('json');
    expect(() => loadConfig({ ...production, LOG_FORMAT: 'pretty' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...production, LOG_FORMAT: 'pretty' })).toThrow(/LOG_FORMAT: pretty/);
    expect(() => loadConfig({ ...env, LOG_FORMAT: 'yaml' })).toThrow(/LOG_FORMAT/);
  });
});

describe('the pretty format', () => {
  let server: ProxyServer | undefined;
  afterEach(async () => {
    await server?.stop();
    server = undefined;
  });

  it('when a request is answered, then one line holds method, path without the query, status, duration and request id', async () => {
    const out = sink();
    const config = loadConfig({ NODE_ENV: 'test', LOG_FORMAT: 'pretty' });
    server = createServer(config, { logger: createLogger('info', 'pretty', out.stream), serveClient: false });
    const port = await server.start(0);
    await fetch(`http://127.0.0.1:${port}/api/healthz?vin=${VIN}&token=${MAIL_TOKEN}`, {
      headers: { 'x-request-id': 'req-pretty-1', cookie: 'shop_session=secret-cookie-value' },
    });

    await vi.waitFor(() => expect(out.text()).toContain('req-pretty-1'));
    const lines = out
      .text()
      .split('\n')
      .filter((line) => line.includes('req-pretty-1'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: GET \/api\/healthz 200 \d+ ms req-pretty-1$/);
    for (const personal of ['?', 'vin', VIN, MAIL_TOKEN, 'secret-cookie-value'])
      expect(out.text()).not.toContain(personal);
  });

  it('when a handler throws, then the error is printed with its message and stack, and the request line follows', async () => {
    const out = sink();
    const app = express();
    app.use(requestLogger(createLogger('info', 'pretty', out.stream)));
    app.get('/boom', () => {
      throw new Error('the basket store is unreachable');
    });
    app.use(errorHandler);
    const base = await listen(app);
    const response = await fetch(`${base}/boom?vin=${VIN}`, { headers: { 'x-request-id': 'req-boom-1' } });
    expect(response.status).toBe(500);

    await vi.waitFor(() => expect(out.text()).toMatch(/GET \/boom 500 \d+ ms req-boom-1/));
    const text = out.text();
    expect(text).toMatch(/ERROR: unhandled error req-boom-1\n/);
    expect(text).toMatch(/Error: the basket store is unreachable\n\s+at .*logger\.test\.ts/);
    // pino-http's stand-in error for the 500 is not printed: the status says it.
    expect(text).not.toContain('failed with status code');
    expect(text).not.toContain(VIN);
  });
});

describe('the JSON format', () => {
  it('when a request is answered, then the entry is pino-http JSON with headers redacted and no query, as in production', async () => {
    const out = sink();
    const app = express();
    app.use(requestLogger(createLogger('info', 'json', out.stream)));
    app.get('/ok', (_req, res) => void res.send('ok'));
    const base = await listen(app);
    await fetch(`${base}/ok?carvin=ZAAAA1000AA000001&token=mt-000001`, {
      headers: { 'x-request-id': 'req-json-1', cookie: 'shop_session=secret-cookie-value' },
    });

    await vi.waitFor(() => expect(out.text()).toContain('req-json-1'));
    const entries = out
      .text()
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, never>);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      level: 30,
      msg: 'request completed',
      req: { id: 'req-json-1', method: 'GET', url: '/ok', headers: { cookie: '[redacted]' } },
      res: { statusCode: 200 },
    });
    expect(typeof entries[0]!.responseTime).toBe('number');
    // The query's VIN and mail token are nowhere in the entry (storefront §2 link parameters).
    expect(out.text()).not.toMatch(/ZAAAA1000AA000001|mt-000001|carvin/);
    expect(entries[0]!.req).not.toHaveProperty('query');
  });
});

describe('the request logger at warn (issue 35)', () => {
  it('when a request succeeds, then no per-request child logger is made; a 4xx is still logged with its request', async () => {
    const out = sink();
    const logger = createLogger('warn', 'json', out.stream);
    const app = express();
    app.use(requestLogger(logger));
    // Made after the middleware's own child: pino's children inherit `child` from the logger.
    const child = vi.spyOn(logger, 'child');
    app.get('/ok', (req, res) => {
      req.log.info('written nowhere at warn');
      res.send('ok');
    });
    app.get('/missing', (_req, res) => void res.status(404).send('no'));
    const base = await listen(app);
    const ok = await fetch(`${base}/ok`, { headers: { 'x-request-id': 'req-warn-1' } });
    expect(ok.headers.get('x-request-id')).toBe('req-warn-1');
    await fetch(`${base}/missing`, { headers: { 'x-request-id': 'req-warn-2' } });

    await vi.waitFor(() => expect(out.text()).toContain('req-warn-2'));
    expect(child).toHaveBeenCalledTimes(1);
    expect(out.text()).not.toContain('req-warn-1');
    const entry = JSON.parse(out.text().trim()) as Record<string, never>;
    expect(entry).toMatchObject({ level: 40, msg: 'request completed', req: { id: 'req-warn-2', url: '/missing' } });
  });
});
