/** Test helpers: a quiet server on port 0 and a fetch bound to it. */
import { pino } from 'pino';
import { loadConfig, type Config } from './config.ts';
import { createServer, type ProxyServer } from './server.ts';

export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({ LOG_LEVEL: 'silent', NODE_ENV: 'test', ...env });
}

export async function startTestServer(
  config: Config = testConfig(),
): Promise<{ server: ProxyServer; url: (path: string) => string }> {
  const server = createServer(config, { logger: pino({ level: 'silent' }), serveClient: false });
  const port = await server.start(0);
  return { server, url: (path: string) => `http://127.0.0.1:${port}${path}` };
}

/** The `shop_session=...` pair of a response's Set-Cookie, for the next request's Cookie header. */
export function sessionCookie(response: Response): string {
  const header = response.headers.getSetCookie().find((c) => c.startsWith('shop_session='));
  if (!header) throw new Error('no shop_session cookie');
  return header.split(';')[0]!;
}
