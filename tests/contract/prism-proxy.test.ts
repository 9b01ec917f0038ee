/**
 * The recorder of `make verify-upstream` (tests/contract/lib/prism-proxy.ts): against a service that
 * breaks its contract, the breach comes back with the call that caused it; a request the shop sends
 * against the contract too; the contract's redirects are checked around Prism, which follows them
 * (stoplightio/prism#1977).
 */
import express from 'express';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redirectOperations, report, startPrismProxy, type PrismProxy } from './lib/prism-proxy.ts';

const FIND = '/Capture/Interactive/Find/v1.10/json3.ws';

/** A Loqate "service" whose Find answers Items as a string, not the contract's list. */
const broken = express().post(FIND, (_req, res) => void res.json({ Items: 'none' }));
let service: ReturnType<typeof broken.listen>;
let proxy: PrismProxy;

beforeAll(async () => {
  service = broken.listen(0, '127.0.0.1');
  await new Promise((done) => service.once('listening', done));
  proxy = await startPrismProxy('loqate', `http://127.0.0.1:${(service.address() as AddressInfo).port}`);
}, 90_000);
afterAll(async () => {
  await proxy?.stop();
  service?.close();
});

const find = (form: Record<string, string>) =>
  fetch(`${proxy.url}${FIND}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
  });

describe('prism proxy --errors with the recorder', () => {
  it('when the service answers against its contract, then the breach is recorded with the call, and the report names both', async () => {
    await find({ Key: 'SANDBOX-LOQATE-KEY', Text: '221b Baker' });
    const violation = proxy.violations.find((v) => v.call === `POST ${FIND}`);
    expect(violation?.findings).toEqual(['response.body.Items: Response body property Items must be array']);
    expect(report('loqate', proxy)).toContain(`POST ${FIND} →`);
  });

  it('when the shop sends a request against the contract (no Key), then that is recorded too', async () => {
    const before = proxy.violations.length;
    await find({ Text: '221b Baker' });
    expect(proxy.violations.length).toBe(before + 1);
    expect(proxy.violations.at(-1)!.findings.join('\n')).toMatch(/Key/);
  });

  it("when the contract declares a redirect, then the recorder knows it (the shopper login's authorize answers 303)", () => {
    const authorize = redirectOperations('commerce').find((op) =>
      op.path.test('/shopper/auth/v1/organizations/f_ecom_zzzz_001/oauth2/authorize?client_id=x'),
    );
    expect(authorize).toMatchObject({ method: 'GET' });
    expect(authorize!.statuses).toContain('303');
    expect(redirectOperations('loqate')).toEqual([]);
  });
});
