/**
 * Issue 15, "Front-end developers against Prism": the scenario a browser names reaches Prism as its
 * `Prefer` header in prism mode only (tests/contract/dev-prism.test.ts runs it against Prism); in
 * sandbox and live modes the proxy ignores it and never forwards it.
 */
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSandbox } from '../../../mocks/sandbox/src/sandbox.ts';
import type { Sandbox } from '../../../mocks/sandbox/src/app.ts';
import type { Config } from '../config.ts';
import { parseScenarios, preferFor } from './mock-scenario.ts';
import { createServer, type ProxyServer } from '../server.ts';
import { liveEnv, testConfig } from '../test-helpers.ts';
import { createUpstreams } from './clients.ts';

describe('parseScenarios', () => {
  it.each([
    ['vehicles:example=marketError', [{ upstream: 'vehicles', prefer: 'example=marketError' }]],
    [
      'stripe.postSetupIntents:code=402,example=cardDeclined',
      [{ upstream: 'stripe', operationId: 'postSetupIntents', prefer: 'code=402, example=cardDeclined' }],
    ],
    [
      'som:example=emptyList; adyen:dynamic=true',
      [
        { upstream: 'som', prefer: 'example=emptyList' },
        { upstream: 'adyen', prefer: 'dynamic=true' },
      ],
    ],
    ['', []],
  ])('when given %j, then it reads %j', (text, scenarios) => {
    expect(parseScenarios(text)).toEqual(scenarios);
  });

  it.each([
    'vehicles',
    'sandbox:example=x',
    'vehicles.noSuchOperation:example=marketError',
    'vehicles:',
    'vehicles:code=40',
    'vehicles:example=a b',
    'vehicles:example=x\r\nX-Injected: 1',
    'vehicles:dynamic=yes',
    'vehicles:seed=1',
  ])('when given %j, then a 400 invalid-mock-scenario problem', (text) => {
    expect(() => parseScenarios(text)).toThrow(expect.objectContaining({ status: 400 }));
  });
});

describe('preferFor', () => {
  const scenarios = parseScenarios('commerce:example=emptyBasket;vehicles.lookupVehicle:example=marketError');

  it('when an operation has its own scenario, then only that operation’s calls carry it', () => {
    expect(preferFor(scenarios, 'vehicles', 'GET', '/v12/vehicles')).toBe('example=marketError');
    expect(preferFor(scenarios, 'vehicles', 'GET', '/v1/sites/aurora/faqs/top')).toBeUndefined();
    expect(preferFor(scenarios, 'vehicles', 'POST', '/v12/vehicles')).toBeUndefined();
  });

  it('when the scenario names an upstream, then every call to its Prism carries it (the classic OCAPI client too)', () => {
    expect(preferFor(scenarios, 'commerceClassic', 'GET', '/s/aurora/dw/shop/v24_5/content/x')).toBe(
      'example=emptyBasket',
    );
    expect(preferFor(scenarios, 'som', 'POST', '/services/apexrest/SOM/History')).toBeUndefined();
  });
});

/** The proxy with its upstream calls recorded on their way out. */
async function recordingProxy(config: Config, answer: (request: Request) => Promise<Response>) {
  const sent: Request[] = [];
  const upstreams = createUpstreams(config, (request) => {
    sent.push(request);
    return answer(request);
  });
  const server = createServer(config, { logger: pino({ level: 'silent' }), upstreams, serveClient: false });
  const port = await server.start(0);
  return { server, sent, url: (path: string) => `http://127.0.0.1:${port}${path}` };
}

const LOOKUP = '/api/vehicles/lookup?carvin=ZAAAA1000AA000001&mock=vehicles:example=marketError';
const SCENARIO = { 'x-mock-scenario': 'vehicles:example=marketError;som:code=500' };

describe('outside prism mode', () => {
  let sandbox: Sandbox;
  const servers: ProxyServer[] = [];
  beforeAll(async () => {
    sandbox = buildSandbox();
    await sandbox.start(0);
  });
  afterAll(async () => {
    for (const server of servers) await server.stop();
    await sandbox.stop();
  });

  it('when a sandbox-mode request names a scenario, then the sandbox answers as usual and no call carries Prefer', async () => {
    const config = testConfig({ SANDBOX_URL: sandbox.context.baseUrl() });
    const proxy = await recordingProxy(config, (request) => fetch(request));
    servers.push(proxy.server);
    const response = await fetch(proxy.url(LOOKUP), { headers: SCENARIO });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { outcome: string }).outcome).toBe('success');
    expect(response.headers.getSetCookie().join()).not.toContain('mock_scenario');
    expect(proxy.sent.length).toBeGreaterThan(0);
    expect(proxy.sent.filter((r) => r.headers.has('prefer'))).toEqual([]);
  });

  it('when a live-mode request names a scenario (even one that does not parse), then it is ignored and never forwarded', async () => {
    const config = testConfig(liveEnv());
    expect(config.mode).toBe('live');
    const proxy = await recordingProxy(config, async () => Response.json({ error: 'unavailable' }, { status: 503 }));
    servers.push(proxy.server);
    const response = await fetch(proxy.url(`${LOOKUP}%20broken`), { headers: SCENARIO });
    const body = (await response.json()) as { type: string };
    expect(body.type).not.toContain('invalid-mock-scenario');
    expect(response.headers.getSetCookie().join()).not.toContain('mock_scenario');
    expect(proxy.sent.length).toBeGreaterThan(0);
    expect(proxy.sent.filter((r) => r.headers.has('prefer'))).toEqual([]);
  });
});
