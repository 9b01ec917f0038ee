/**
 * The money invariant helper (issue 29) against a tiny fake sandbox that answers a given ledger: it
 * holds for placed orders and given-back payments, and each rule broken is listed, every violation
 * at once, in an Error that Vitest and Playwright report alike.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectMoneyInvariant,
  moneyViolations,
  readLedger,
  type Ledger,
  type LedgerPayment,
} from './money-invariant.ts';

const NOW = '2026-05-01T12:00:00.000Z';
const secondsBefore = (seconds: number) => new Date(Date.parse(NOW) - seconds * 1000).toISOString();

const payment = (
  reference: string,
  state: LedgerPayment['state'],
  id = `psp-${reference}-${state}`,
): LedgerPayment => ({
  provider: 'adyen',
  reference,
  id,
  amount: 9900,
  currency: 'EUR',
  state,
  createdAt: secondsBefore(10),
});

let answer: { status: number; body: unknown } = { status: 200, body: { now: NOW, payments: [], orders: [] } };
let server: Server;
let url = '';

beforeAll(async () => {
  server = createServer((req, res) => {
    const found = req.method === 'GET' && req.url === '/__sandbox/ledger';
    res.writeHead(found ? answer.status : 404, { 'content-type': 'application/json' });
    res.end(JSON.stringify(found ? answer.body : { error: 'not found' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const serve = (ledger: Partial<Ledger>) => {
  answer = { status: 200, body: { now: NOW, payments: [], orders: [], ...ledger } };
};

/** The Error expectMoneyInvariant throws (or undefined when it holds). */
async function failureOf(options?: Parameters<typeof expectMoneyInvariant>[1]): Promise<Error | undefined> {
  return expectMoneyInvariant(url, options).then(
    () => undefined,
    (error: unknown) => error as Error,
  );
}

describe('expectMoneyInvariant', () => {
  it('when every payment that holds money belongs to a placed order, and given-back ones to failed orders, then it holds', async () => {
    serve({
      payments: [
        payment('00012345', 'authorised'),
        { ...payment('00012346', 'saved'), provider: 'stripe', id: 'seti_1' },
        payment('00012347', 'captured'),
        payment('00012348', 'reversed'),
        payment('00012349', 'refused'),
      ],
      orders: [
        { orderNo: '00012345', status: 'new', creationDate: secondsBefore(20) },
        { orderNo: '00012346', status: 'completed', creationDate: secondsBefore(20) },
        // A placed status of the platform (OCAPI) that the sandbox's commerce stand-in never uses.
        { orderNo: '00012347', status: 'open' as never, creationDate: secondsBefore(20) },
        { orderNo: '00012348', status: 'failed', creationDate: secondsBefore(20) },
        { orderNo: '00012349', status: 'failed', creationDate: secondsBefore(20) },
        // Still created, but younger than the horizon: the reconciler has time yet.
        { orderNo: '00012350', status: 'created', creationDate: secondsBefore(59) },
      ],
    });
    expect(await failureOf()).toBeUndefined();
  });

  it.each([
    ['created', 'its order is created, not placed'],
    ['failed', 'its order is failed, not placed'],
    ['cancelled', 'its order is cancelled, not placed'],
  ])(
    'when an authorised payment belongs to a %s order, then it fails naming the payment and the order',
    async (status, says) => {
      serve({
        payments: [payment('00012345', 'authorised')],
        orders: [{ orderNo: '00012345', status: status as never, creationDate: secondsBefore(5) }],
      });
      const failure = await failureOf();
      expect(failure).toBeInstanceOf(Error);
      expect(failure!.message).toContain('1 violation(s)');
      expect(failure!.message).toContain(
        `adyen payment psp-00012345-authorised (authorised, 9900 EUR) for 00012345: ${says}`,
      );
    },
  );

  it('when a saved or captured payment names an order the platform never made, then it fails', async () => {
    serve({
      payments: [
        { ...payment('00099999', 'saved'), provider: 'stripe', id: 'seti_lost' },
        payment('00099998', 'captured'),
      ],
    });
    const failure = await failureOf();
    expect(failure!.message).toContain(
      'stripe payment seti_lost (saved, 9900 EUR) for 00099999: no order 00099999 was made',
    );
    expect(failure!.message).toContain('for 00099998: no order 00099998 was made');
  });

  it('when an order stays created past the horizon, then it fails with its age; a shorter horizon or a later now counts', async () => {
    serve({ orders: [{ orderNo: '00012345', status: 'created', creationDate: secondsBefore(61) }] });
    expect((await failureOf())!.message).toContain(
      `order 00012345 still created 61000 ms after its creation (${secondsBefore(61)}), past the horizon of 60000 ms`,
    );
    serve({ orders: [{ orderNo: '00012345', status: 'created', creationDate: secondsBefore(10) }] });
    expect(await failureOf()).toBeUndefined();
    expect((await failureOf({ horizonMs: 5_000 }))!.message).toContain('past the horizon of 5000 ms');
    expect((await failureOf({ now: new Date(Date.parse(NOW) + 120_000) }))!.message).toContain(
      'still created 130000 ms after its creation',
    );
  });

  it('when several rules are broken, then every violation is listed in one error, with the ledger', async () => {
    serve({
      payments: [payment('00012345', 'authorised'), payment('00012346', 'saved'), payment('00012347', 'reversed')],
      orders: [
        { orderNo: '00012345', status: 'failed', creationDate: secondsBefore(5) },
        { orderNo: '00012347', status: 'created', creationDate: secondsBefore(600) },
      ],
    });
    const message = (await failureOf())!.message;
    expect(message).toMatch(/^money invariant broken \(issue 29\): 3 violation\(s\)\n {2}- /);
    expect(message.split('\n').filter((line) => line.startsWith('  - '))).toHaveLength(3);
    expect(message).toContain('for 00012345: its order is failed');
    expect(message).toContain('for 00012346: no order 00012346 was made');
    expect(message).toContain('order 00012347 still created 600000 ms');
    expect(message).toContain(`ledger of ${url}: {"now":"${NOW}"`);
  });

  it('when the ledger has no `now`, then the horizon is measured from this machine’s clock', () => {
    const old = new Date(Date.now() - 61_000).toISOString();
    const ledger = {
      payments: [],
      orders: [{ orderNo: '1', status: 'created', creationDate: old }],
    } as unknown as Ledger;
    expect(moneyViolations(ledger)).toHaveLength(1);
    expect(moneyViolations(ledger, { horizonMs: 120_000 })).toEqual([]);
  });

  it('when the sandbox answers an error or no ledger, then reading it fails clearly', async () => {
    answer = { status: 503, body: { error: 'down' } };
    await expect(readLedger(url)).rejects.toThrow(`money invariant: GET ${url}/__sandbox/ledger answered 503`);
    answer = { status: 200, body: { payments: 'none' } };
    await expect(expectMoneyInvariant(`${url}/`)).rejects.toThrow('answered no ledger');
  });
});
