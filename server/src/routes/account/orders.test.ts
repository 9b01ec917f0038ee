/**
 * My Orders, Order detail and the documents through the proxy against the in-process sandbox
 * (account §2 My Orders / Order detail, §4 item status, timelines and help texts, §7 History,
 * Details, CreditNoteDetails and the PDF call, §8, §9; DESIGN.md: alex's orders cover every status,
 * kim has none). Every answer is checked against proxy.yaml.
 */
import { describe, expect, it } from 'vitest';
import { state as somState } from '../../../../mocks/sandbox/src/upstreams/som/state.ts';
import { useSandboxServer } from '../../testing/sandbox-server.ts';
import { logIn, ShopBrowser } from '../../testing/shop-browser.ts';

const { shop, sandboxUrl } = useSandboxServer({ RATE_LIMIT_LOGIN: '1000' });

const orderId = (n: number) => `1OsSB${String(n).padStart(10, '0')}AAA`;
const orderNo = (n: number) => String(1000 + n).padStart(8, '0');

async function signedIn(handle = 'alex') {
  const browser = new ShopBrowser(shop);
  await logIn(browser, handle);
  return browser;
}

/** The order system's calls of `method` since the reset, with the bodies the proxy sent (the sandbox's request log). */
const somCalls = async (method: string) => {
  const { requests } = (await (await fetch(`${sandboxUrl()}/__sandbox/som/requests?bodies=true`)).json()) as {
    requests: Array<{ method: string; recordId: string | null; status: number; body: any }>;
  };
  return requests.filter((r) => r.method === method);
};

const detail = async (browser: ShopBrowser, n: number) => {
  const { response, body } = await browser.call('getOrder', `/api/account/orders/${orderId(n)}/${orderNo(n)}`);
  expect(response.status).toBe(200);
  return body;
};

describe('listOrders', () => {
  it('when alex opens My Orders, then his connected-navigation orders, newest first, 5 at a time with the total', async () => {
    const alex = await signedIn();
    const { body } = await alex.call('listOrders', '/api/account/orders');
    expect(body.limit).toBe(5);
    expect(body.offset).toBe(0);
    expect(body.orders).toHaveLength(5);
    expect(body.total).toBeGreaterThan(5);
    const dates = body.orders.map((o: { createdDate: string }) => o.createdDate);
    expect([...dates].sort().reverse()).toEqual(dates);
    // The Online Pack order (a VCS item first) is not a connected-navigation order (account §2).
    const all = await alex.call('listOrders', `/api/account/orders?limit=100`);
    expect(all.body.orders.map((o: { orderNo: string }) => o.orderNo)).not.toContain(orderNo(33));
    expect(all.body.orders).toHaveLength(all.body.total);
    // The borealis vehicle's order belongs to the other brand's shop.
    expect(all.body.orders.map((o: { orderNo: string }) => o.orderNo)).not.toContain(orderNo(45));
    const card = all.body.orders.find((o: { orderNo: string }) => o.orderNo === orderNo(46));
    expect(card).toMatchObject({
      id: orderId(46),
      itemCount: 1,
      vin: 'ZAAAA1000AA000007',
      cancelled: false,
      total: { currency: 'USD' },
    });
    expect(card.thumbnails[0]).toMatch(/^http:\/\/localhost:\d+\/commerce\/images\//);
    const failed = all.body.orders.find((o: { orderNo: string }) => o.orderNo === orderNo(8));
    expect(failed.cancelled).toBe(true);
  });

  it('§9 "Orders history call limit 9999", §7 History: when My Orders is opened, then the order system is asked for up to 9999 orders from the first, of the B2C storefront', async () => {
    const alex = await signedIn();
    const { response } = await alex.call('listOrders', '/api/account/orders');
    expect(response.status).toBe(200);
    const history = await somCalls('History');
    expect(history.length).toBeGreaterThan(0);
    for (const call of history) {
      expect(call.body.query).toMatchObject({ limit: 9999, offset: 0, storefrontType: 'B2C' });
    }
  });

  it('when Load more asks for the next 5, then the following page', async () => {
    const alex = await signedIn();
    const first = await alex.call('listOrders', '/api/account/orders?offset=0&limit=5');
    const second = await alex.call('listOrders', '/api/account/orders?offset=5&limit=5');
    expect(second.body.offset).toBe(5);
    const ids = [...first.body.orders, ...second.body.orders].map((o: { id: string }) => o.id);
    expect(new Set(ids).size).toBe(10);
  });

  it('when kim has no orders, then an empty list', async () => {
    const kim = await signedIn('kim');
    const { body } = await kim.call('listOrders', '/api/account/orders');
    expect(body).toEqual({ total: 0, offset: 0, limit: 5, orders: [] });
  });

  it('when the page size is below 1, then 400', async () => {
    const alex = await signedIn();
    const { response } = await alex.call('listOrders', '/api/account/orders?limit=0');
    expect(response.status).toBe(400);
  });
});

describe('getOrder', () => {
  it('when the order system holds the order without a billing country, then no billing address, and the answer keeps to the contract (issue 34)', async () => {
    const order = somState.orders.find((o) => o.orderNo === orderNo(46))!;
    (order.billing as { countryCode: string | null }).countryCode = null;
    const alex = await signedIn();
    const body = await detail(alex, 46);
    expect(body.billingAddress).toBeNull();
    expect(body.orderNo).toBe(orderNo(46));
  });

  it('when an installed renewal is opened, then its billing address, card, invoice and the item Active with its timeline', async () => {
    const alex = await signedIn();
    const body = await detail(alex, 46);
    expect(body).toMatchObject({
      orderNo: orderNo(46),
      vin: 'ZAAAA1000AA000007',
      cancelled: false,
      paymentMethod: { type: 'CREDIT_CARD', last4: expect.stringMatching(/^\d{4}$/) },
      invoice: { available: true },
      creditNotes: [],
    });
    // Help & Support's Contact us is the localised contact-us page (account §2), as the manage modal's.
    expect(body.contactUsUrl).toBe('https://www.example.com/en-GB/contact-us');
    // A US billing address keeps its state code (the page orders the lines by region).
    expect(body.billingAddress).toMatchObject({ countryCode: 'US', stateCode: expect.stringMatching(/^[A-Z]{2}$/) });
    expect(body.items).toHaveLength(1);
    expect(body.items[0]).toMatchObject({
      statusKey: 'active',
      flow: 'renewal',
      timeline: [
        { label: 'orderPlaced', status: 'done' },
        { label: 'renewed', status: 'done' },
      ],
      helpText: null,
      plan: { durationType: 'month', label: 'twelve-month plan' },
    });
    expect(body.items[0].name).toBe(somState.orders.find((o) => o.orderNo === orderNo(46))!.items[0]!.name);
  });

  it('when an item name is longer than 30 characters, then it is cut at 30 with an ellipsis (account §2, §9)', async () => {
    const item = somState.orders.find((o) => o.orderNo === orderNo(46))!.items[0]!;
    item.name = 'Connected Navigation Pro Plus Europe';
    const body = await detail(await signedIn(), 46);
    expect(body.items[0].name).toBe('Connected Navigation Pro Plus ...');
  });

  it.each([
    [22, 'installationFailed', 'renewal', 'contactCentre'],
    [9, 'paymentFailed', 'renewal', 'paymentError'],
    [8, 'orderCancelled', 'renewal', 'paymentFailed'],
    [11, 'readyToUninstall', 'cancellation', 'uninstallInstructions'],
    [29, 'cancellationCompleted', 'cancellation', null],
    [14, 'refundRequested', 'refund', 'refundRequested'],
    [16, 'refundError', 'refund', 'refundError'],
    [37, 'cancelled', 'cancellation', null],
    [40, 'cancellationRequested', 'cancellation', null],
  ])('when order n° %i is opened, then its item reads %s (%s flow) with help %s', async (n, statusKey, flow, help) => {
    const alex = await signedIn();
    const body = await detail(alex, n);
    expect(body.items[0]).toMatchObject({ statusKey, flow });
    expect(body.items[0].helpText?.kind ?? null).toBe(help);
  });

  it('when a refund was issued, then its help text names the amount and the masked card, and the credit note is there', async () => {
    const alex = await signedIn();
    const body = await detail(alex, 15);
    expect(body.items[0]).toMatchObject({
      statusKey: 'refundIssued',
      helpText: {
        kind: 'refundIssued',
        amount: { currency: 'GBP' },
        cardType: 'Visa',
        maskedDigits: expect.stringMatching(/^\*\*\*\* \d{4}$/),
      },
    });
    expect(body.items[0].helpText.text).toMatch(/^A refund of £\d+ has been initiated to Visa \*\*\*\* \d{4}\.$/);
    expect(body.creditNotes).toEqual([expect.objectContaining({ available: true, number: 'CN00000015' })]);
  });

  it('when the sandbox fails an installed order (Export Error), then the item reads Activation error with its help text', async () => {
    const alex = await signedIn();
    await fetch(`${shop.root}/__sandbox/orders/${orderNo(46)}/fail`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ status: 'Export Error' }),
    });
    const body = await detail(alex, 46);
    expect(body.items[0]).toMatchObject({
      statusKey: 'activationError',
      timeline: [
        { label: 'orderPlaced', status: 'done' },
        { label: 'activationError', status: 'inactive' },
      ],
      helpText: { kind: 'activationError' },
    });
  });

  it('when the page comes with a test hook (?refunded=true, ?creditNoteError=true) on a test host, then the status is Refunded', async () => {
    const alex = await signedIn();
    for (const hook of ['refunded=true', 'creditNoteError=true']) {
      const { body } = await alex.call('getOrder', `/api/account/orders/${orderId(46)}/${orderNo(46)}?${hook}`);
      expect(body.status).toBe('Refunded');
      expect(body.items[0]).toMatchObject({ status: 'Refunded', statusKey: 'refundIssued', flow: 'cancellation' });
    }
    expect((await detail(alex, 46)).items[0].statusKey).toBe('active');
  });

  it('§2 Order detail, §7 Details "a second load is made when the summary is Refunded": when the Refunded order n° 27 is opened, then the page shows the refund its second load (refundedFlag) brings: Refund issued with the amount and the card', async () => {
    const alex = await signedIn();
    const body = await detail(alex, 27);
    expect(body.status).toBe('Refunded');
    expect(body.items[0]).toMatchObject({
      statusKey: 'refundIssued',
      helpText: {
        kind: 'refundIssued',
        amount: { value: 99, currency: 'GBP' },
        cardType: 'Visa',
        maskedDigits: expect.stringMatching(/^\*\*\*\* \d{4}$/),
      },
    });
    // Two loads: the first without the flag, the second with it.
    const loads = (await somCalls('Details')).map((c) => c.body.query);
    expect(loads).toEqual([
      expect.not.objectContaining({ refundedFlag: true }),
      expect.objectContaining({ orderId: orderId(27), orderNo: orderNo(27), refundedFlag: true }),
    ]);
  });

  it('§8 "credit-note failures return an empty list": when the credit notes cannot be read, then the order page still answers, its credit notes empty, the rest of the order shown', async () => {
    const alex = await signedIn();
    // Read, order 15 has its credit note: the empty list below is the failure's, not the order's.
    expect((await detail(alex, 15)).creditNotes).toEqual([expect.objectContaining({ number: 'CN00000015' })]);
    await fetch(`${sandboxUrl()}/__sandbox/faults/som`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ status: 503, method: 'POST', path: '/services/apexrest/SOM/CreditNoteDetails' }),
    });
    const body = await detail(alex, 15);
    expect(body.creditNotes).toEqual([]);
    expect(body).toMatchObject({ orderNo: orderNo(15), invoice: { available: true } });
    expect(body.items[0]).toMatchObject({ statusKey: 'refundIssued', helpText: { kind: 'refundIssued' } });
  });

  it('when the payment failed, then the order carries the timeline description of §4', async () => {
    const alex = await signedIn();
    const body = await detail(alex, 8);
    expect(body.cancelled).toBe(true);
    expect(body.timelineDescription).toBe(
      "Apologies, we couldn't process your payment, so we had to cancel your order. Check your payment details and try again.",
    );
  });

  it("when kim opens alex's order while the order system answers Details by id alone, or the number does not match the id, then 404 and nothing of it (account §6, docs/decisions/027)", async () => {
    // The sandbox's order system stops filtering by userId: only the proxy's History check is left.
    const off = await fetch(`${shop.root}/__sandbox/som/ownership-filter`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ enabled: false }),
    });
    expect(off.status).toBe(200);
    const kim = await signedIn('kim');
    const { response, body } = await kim.call('getOrder', `/api/account/orders/${orderId(46)}/${orderNo(46)}`);
    expect(response.status).toBe(404);
    expect(body).toMatchObject({ type: 'https://shop.example/problems/not-found' });
    expect(JSON.stringify(body)).not.toMatch(/ZAAAA1000AA000007|Alex|4242/);
    const alex = await signedIn();
    expect((await alex.call('getOrder', `/api/account/orders/${orderId(46)}/${orderNo(15)}`)).response.status).toBe(
      404,
    );
  });
});

describe('documents', () => {
  it('when the invoice is asked for, then the PDF inline', async () => {
    const alex = await signedIn();
    const response = await fetch(shop.url(`/api/account/orders/${orderId(46)}/invoice`), {
      headers: { cookie: alex.cookie },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toMatch(/^inline; filename="invoice-/);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(
      Buffer.from(await response.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
  });

  it('when the billing system answers in another shape, then 502 unavailable, not "ready to view shortly"', async () => {
    const alex = await signedIn();
    await fetch(`${sandboxUrl()}/__sandbox/faults/som`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ malformed: 'wrong-type', method: 'POST', path: '/services/apexrest/SOM/CreditNotes' }),
    });
    const { response, body } = await alex.call('getInvoiceDocument', `/api/account/orders/${orderId(46)}/invoice`);
    expect(response.status, JSON.stringify(body)).toBe(502);
    expect(body).toMatchObject({
      title: 'Invoice Unavailable',
      detail: 'There was a problem retrieving your invoice document. Please try again shortly.',
    });
  });

  it('when the order has no invoice yet, then 404 "ready to view shortly"', async () => {
    const alex = await signedIn();
    const { response, body } = await alex.call('getInvoiceDocument', `/api/account/orders/${orderId(2)}/invoice`);
    expect(response.status).toBe(404);
    expect(body).toMatchObject({ title: 'Invoice Unavailable', detail: 'Your invoice will be ready to view shortly' });
  });

  it('when a credit note is asked for, then its PDF; an unknown one is 404', async () => {
    const alex = await signedIn();
    const order = await detail(alex, 15);
    const note = order.creditNotes[0].id;
    const response = await fetch(shop.url(`/api/account/orders/${orderId(15)}/credit-notes/${note}`), {
      headers: { cookie: alex.cookie },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    const unknown = await alex.call('getCreditNoteDocument', `/api/account/orders/${orderId(15)}/credit-notes/CN-NONE`);
    expect(unknown.response.status).toBe(404);
  });

  it('when the credit note is not posted yet, then 404 "ready to view shortly" (account §8)', async () => {
    const order = somState.orders.find((o) => o.orderNo === orderNo(15))!;
    order.creditNotes[0]!.status = 'Draft';
    const alex = await signedIn();
    const note = order.creditNotes[0]!.externalId;
    const { response, body } = await alex.call(
      'getCreditNoteDocument',
      `/api/account/orders/${orderId(15)}/credit-notes/${note}`,
    );
    expect(response.status).toBe(404);
    expect(body).toMatchObject({
      title: 'Credit Note Unavailable',
      detail: 'Your credit note will be ready to view shortly',
    });
  });

  it("when the credit notes cannot be read, then 502 'Credit Note Unavailable', not a note that does not exist (§8)", async () => {
    const alex = await signedIn();
    const note = somState.orders.find((o) => o.orderNo === orderNo(15))!.creditNotes[0]!.externalId;
    await fetch(`${sandboxUrl()}/__sandbox/faults/som`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ status: 503, method: 'POST', path: '/services/apexrest/SOM/CreditNoteDetails' }),
    });
    const { response, body } = await alex.call(
      'getCreditNoteDocument',
      `/api/account/orders/${orderId(15)}/credit-notes/${note}`,
    );
    expect(response.status).toBe(502);
    expect(body).toMatchObject({
      title: 'Credit Note Unavailable',
      detail: 'There was a problem retrieving your credit note document. Please try again shortly.',
    });
  });

  it("when kim asks for alex's invoice, then 404", async () => {
    const kim = await signedIn('kim');
    const { response } = await kim.call('getInvoiceDocument', `/api/account/orders/${orderId(46)}/invoice`);
    expect(response.status).toBe(404);
  });
});
