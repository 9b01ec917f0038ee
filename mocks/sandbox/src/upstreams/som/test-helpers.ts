/**
 * Test helpers of the order-management stand-in: a sandbox with it, the vehicle stand-in and their
 * controls, started for the calling test file and reset before each of its tests, and its calls in the
 * service proxy's shape (controllerName, methodRequest, query) with the service token.
 */
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { createSandbox, type Sandbox } from '../../app.ts';
import { SHOPPERS } from '../../seed.ts';
import { vehiclesModule } from '../vehicles/index.ts';
import { customerControls, somControls, somModule, somOwnershipControls } from './index.ts';

export const alex = SHOPPERS.find((s) => s.handle === 'alex')!;
export const kim = SHOPPERS.find((s) => s.handle === 'kim')!;
export const sam = SHOPPERS.find((s) => s.handle === 'sam')!;

export const TOKEN = 'sandbox-service-token';

export function somSandbox() {
  const sandbox: Sandbox = createSandbox([somModule, vehiclesModule]);
  sandbox.app.use('/__sandbox/orders', somControls);
  sandbox.app.use('/__sandbox/customers', customerControls);
  sandbox.app.use('/__sandbox/som', somOwnershipControls);
  let base = '';

  beforeAll(async () => {
    base = `http://127.0.0.1:${await sandbox.start(0)}`;
  });
  afterAll(() => sandbox.stop());
  beforeEach(async () => {
    await fetch(`${base}/__sandbox/reset`, { method: 'POST' });
  });

  async function som(method: string, body: unknown, token: string | null = TOKEN) {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (token) headers.authorization = `Bearer ${token}`;
    const res = await fetch(`${base}/som/services/apexrest/SOM/${method}`, {
      method: 'POST',
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as any };
  }

  const call = (methodRequest: string, query: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
    som(methodRequest, { controllerName: 'SOM', methodRequest, query, ...extra });

  const history = (userId = alex.uid) => call('History', { userId, storefrontType: 'B2C', limit: 9999, offset: 0 });

  const subscriptions = async (userId = alex.uid) =>
    (await call('SubscriptionList', { userId, brand: 'aurora' })).body.subscriptionList as any[];

  return { base: () => base, som, call, history, subscriptions };
}
