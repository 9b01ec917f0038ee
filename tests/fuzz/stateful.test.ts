/**
 * Issue 17, fuzz sweep, stateful links: proxy.yaml declares no OpenAPI `links`, so the links are
 * the ones its operations imply: a basket item removed cannot be changed again (removeItem on it
 * answers the declared 404, not 2xx or 5xx), and a subscription refunded cannot be refunded again
 * (the declared 409). Every answer also goes through the sweep's checks (lib/checks.ts).
 */
import { describe, expect, it } from 'vitest';
import { loadContract, operations, type Operation } from '../contract/lib/openapi.ts';
import { ContractValidator } from '../contract/lib/schema.ts';
import { useSandboxServer } from '../../server/src/testing/sandbox-server.ts';
import { CSRF_HEADER, type FuzzCase } from './lib/cases.ts';
import { check, sendCase } from './lib/checks.ts';
import { guestWithBasket, signedInAlex, type Visitor } from './lib/fixtures.ts';

const sandbox = useSandboxServer({ RATE_LIMIT_LOGIN: '1000' });
const doc = loadContract('proxy');
const validator = new ContractValidator(doc);
const operation = (id: string): Operation => operations(doc).find((op) => op.operation.operationId === id)!;

/** Sends one call of `operationId` and fails on any finding of the sweep's checks. */
async function call(visitor: Visitor, operationId: string, path: string, body?: unknown) {
  const op = operation(operationId);
  const c: FuzzCase = {
    label: `${operationId} ${path}`,
    kind: 'valid',
    method: op.method.toUpperCase(),
    path,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    withCookie: true,
    withCsrf: op.method !== 'get',
  };
  const answer = await sendCase(sandbox.url(''), visitor, c);
  expect(check(doc, validator, op, c, answer)).toEqual([]);
  return { status: answer.status, body: answer.text ? JSON.parse(answer.text) : undefined };
}

describe('stateful links', () => {
  it('when a basket item is removed, then changing it again answers 404 and the basket stays empty', async () => {
    const guest = await guestWithBasket(sandbox);
    expect(guest.itemId).toBeTruthy();
    const path = `/api/basket/items/${guest.itemId}`;
    expect((await call(guest, 'removeItem', path)).status).toBe(200);
    const again = await call(guest, 'removeItem', path);
    expect(again.status).toBe(404);
    const basket = await call(guest, 'getBasket', '/api/basket');
    expect(basket.body.items).toEqual([]);
  });

  it('when a subscription is refunded, then a second refund answers 409 and no second refund is made', async () => {
    const alex = await signedInAlex(sandbox);
    const path = '/api/account/subscriptions/02iSB0000000003AAA/refund';
    expect((await call(alex, 'requestRefund', path, { reason: 'Purchased by mistake' })).status).toBe(200);
    const again = await call(alex, 'requestRefund', path, { reason: 'Purchased by mistake' });
    expect(again.status).toBe(409);
    expect(again.body.type).toBe('https://shop.example/problems/refund-already-requested');
  });

  it('when the stateful calls are sent without the CSRF token, then they are refused before any change', async () => {
    const guest = await guestWithBasket(sandbox);
    const op = operation('removeItem');
    const c: FuzzCase = {
      label: `removeItem without ${CSRF_HEADER}`,
      kind: 'no-csrf',
      method: 'DELETE',
      path: `/api/basket/items/${guest.itemId}`,
      headers: {},
      withCookie: true,
      withCsrf: false,
    };
    const answer = await sendCase(sandbox.url(''), guest, c);
    expect(check(doc, validator, op, c, answer)).toEqual([]);
    expect(answer.status).toBe(403);
    expect((await call(guest, 'getBasket', '/api/basket')).body.items).toHaveLength(1);
  });
});
