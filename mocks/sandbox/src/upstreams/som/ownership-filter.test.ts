/** The order-management stand-in's ownership filter control (issue 30, docs/decisions/027). */
import { describe, expect, it } from 'vitest';
import { kim, somSandbox } from './test-helpers.ts';

const { base, som, call, history } = somSandbox();

const ownershipFilter = (body: string | undefined) =>
  fetch(`${base()}/__sandbox/som/ownership-filter`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body }),
  });

const somRequests = async (query = '') =>
  ((await (await fetch(`${base()}/__sandbox/som/requests${query}`)).json()) as { requests: any[] }).requests;

describe('the ownership filter control (issue 30, docs/decisions/027)', () => {
  const ALEX_ORDER = { orderId: '1OsSB0000000005AAA', orderNo: '00001005' };
  const ALEX_INVOICE = { ZuoraInvoiceId: '8ad00000000000000000000000000015' };

  it("when the filter is off, then Details and CreditNoteDetails answer alex's order and credit notes to kim by id alone, History stays hers; a reset filters again", async () => {
    expect((await call('Details', { userId: kim.uid, ...ALEX_ORDER })).status).toBe(404);
    const off = await ownershipFilter(JSON.stringify({ enabled: false }));
    expect(off.status).toBe(200);
    expect(await off.json()).toEqual({ ownershipFilter: false });
    const details = await call('Details', { userId: kim.uid, ...ALEX_ORDER });
    expect(details.status).toBe(200);
    expect(details.body.records[0]).toMatchObject({ Id: ALEX_ORDER.orderId, SNPOMSVin_C: 'ZAAAA1000AA000003' });
    const notes = await call('CreditNoteDetails', { userId: kim.uid, ...ALEX_INVOICE });
    expect(notes.body.creditNotes.records).toHaveLength(1);
    // A list is the customer's own whatever the filter: History is how the shop proves ownership.
    expect((await history(kim.uid)).body.orders.records).toEqual([]);
    await fetch(`${base()}/__sandbox/reset`, { method: 'POST' });
    expect((await call('Details', { userId: kim.uid, ...ALEX_ORDER })).status).toBe(404);
    expect((await call('CreditNoteDetails', { userId: kim.uid, ...ALEX_INVOICE })).body.creditNotes.records).toEqual(
      [],
    );
  });

  it.each([
    ['no body', undefined],
    ['a body that is not JSON', '{enabled: false'],
    ['"false" as a string', JSON.stringify({ enabled: 'false' })],
    ['no enabled field', JSON.stringify({ on: false })],
    ['an array', JSON.stringify([false])],
    ['null', 'null'],
  ])('when the control gets %s, then 400 as JSON and the filter stays on', async (_what, body) => {
    const refused = await ownershipFilter(body);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ error: expect.any(String) });
    expect((await call('Details', { userId: kim.uid, ...ALEX_ORDER })).status).toBe(404);
  });

  it('when the order system is called, then /__sandbox/som/requests lists each call with its identity, record and status; a reset empties it', async () => {
    await history(kim.uid);
    await call('Details', { userId: kim.uid, ...ALEX_ORDER });
    await som('CreditNotes', { recordType: 'Invoice', recordId: '8ad00000000000000000000000000005' });
    await call('ReactivateAutoRenewal', { recordId: '02iSB0000000001AAA' });
    expect(await somRequests()).toEqual([
      { method: 'History', userId: kim.uid, recordId: null, status: 200 },
      { method: 'Details', userId: kim.uid, recordId: ALEX_ORDER.orderId, status: 404 },
      { method: 'CreditNotes', userId: null, recordId: '8ad00000000000000000000000000005', status: 200 },
      { method: 'ReactivateAutoRenewal', userId: null, recordId: '02iSB0000000001AAA', status: 200 },
    ]);
    await fetch(`${base()}/__sandbox/reset`, { method: 'POST' });
    expect(await somRequests()).toEqual([]);
  });

  it('when the log is asked for with bodies=true, then each call carries the body the shop sent, as it was sent', async () => {
    const items = { cancellationReason: 'Other', additionalInfo: 'Sold it.', isCommerceStorefront: true };
    await call('CancelAutoRenewal', { recordId: '02iSB0000000003AAA' }, { cancelAutoRenewalItems: items });
    expect(await somRequests('?bodies=true')).toEqual([
      {
        method: 'CancelAutoRenewal',
        userId: null,
        recordId: '02iSB0000000003AAA',
        status: 200,
        body: {
          controllerName: 'SOM',
          methodRequest: 'CancelAutoRenewal',
          query: { recordId: '02iSB0000000003AAA' },
          cancelAutoRenewalItems: items,
        },
      },
    ]);
    // Without it, the entries keep their shape (the attack tests compare them whole).
    expect(await somRequests()).toEqual([
      { method: 'CancelAutoRenewal', userId: null, recordId: '02iSB0000000003AAA', status: 200 },
    ]);
  });
});
