/**
 * The order-management stand-in's reads (History, Details, CreditNotes and the documents' PDFs) and the
 * service proxy's errors.
 */
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { zDetailsResponse, zHistoryResponse } from '../../../../../generated/som/zod/zod.gen.ts';
import { SEED_ORDERS } from './seed-orders.ts';
import { alex, kim, sam, somSandbox, TOKEN } from './test-helpers.ts';

const { base, som, call, history } = somSandbox();

describe('order history and details', () => {
  it('when alex asks for his history, then every seeded order comes back newest first in the contract shape', async () => {
    const res = await history();
    expect(res.status).toBe(200);
    expect(zHistoryResponse.safeParse(res.body).success).toBe(true);
    const records = res.body.orders.records as any[];
    expect(records).toHaveLength(SEED_ORDERS.length);
    expect(res.body.orders.totalSize).toBe(SEED_ORDERS.length);
    const dates = records.map((r) => r.CreatedDate);
    expect([...dates].sort().reverse()).toEqual(dates);
    for (const r of records) expect(r.Id).toMatch(/^[a-zA-Z0-9]{18}$/);
    expect(records.find((r) => r.OrderNumber === '00001005')).toMatchObject({
      Id: '1OsSB0000000005AAA',
      Status: 'Installed',
      SNPOMSVin_C: 'ZAAAA1000AA000003',
    });
  });

  it('when the history is read, then it covers every status of the renewal, cancellation and refund tables', async () => {
    const statuses = new Set(((await history()).body.orders.records as any[]).map((r) => r.Status));
    for (const status of [
      'Created',
      'Payment Pending',
      'Payment Failed',
      'Payment Error',
      'Ready for export',
      'Exported',
      'Export Error',
      'Triggered Download',
      'Ready for download',
      'Failed - Waiting for retry',
      'Rejected - Waiting for retry',
      'Installed',
      'Success',
      'Failed',
      'Failed Installation',
      'Pending',
      'Pending Cancellation',
      'Pending Cancelation',
      'Canceled',
      'Cancelled',
      'Cancellation Requested',
      'Cancellation Completed',
      'Ready For Uninstallation',
      'Uninstalled',
      'Refunded',
      'Partially Refunded',
      'Refund requested',
      'Refund issued',
      'Refund error',
    ])
      expect(statuses, status).toContain(status);
  });

  it('when paged with limit and offset, then the page and totalSize follow', async () => {
    const res = await call('History', { userId: alex.uid, limit: 5, offset: 5 });
    expect(res.body.orders.records).toHaveLength(5);
    expect(res.body.orders.totalSize).toBe(SEED_ORDERS.length);
    expect(res.body.orders.done).toBe(false);
  });

  it('when kim or sam ask for their history, then it is empty', async () => {
    expect((await history(kim.uid)).body.orders).toEqual({ totalSize: 0, done: true, records: [] });
    expect((await history(sam.uid)).body.orders.records).toEqual([]);
  });

  it('when the details of every seeded order are read, then each conforms to the contract', async () => {
    for (const order of (await history()).body.orders.records as any[]) {
      const res = await call('Details', { userId: alex.uid, orderId: order.Id, orderNo: order.OrderNumber });
      expect(res.status).toBe(200);
      expect(zDetailsResponse.safeParse(res.body).success, order.OrderNumber).toBe(true);
    }
  });

  it('when a VCS order is in the history, then its first item is not connected navigation', async () => {
    const vcs = ((await history()).body.orders.records as any[]).filter(
      (r) => r.OrderItemSummaries.records[0].SNPOMSFeatureType_C !== 'Connected Navigation',
    );
    expect(vcs.map((r) => r.OrderNumber)).toEqual(['00001033']);
  });

  it('when the details of a refunded order are read, then summary, fulfilment and return order come back', async () => {
    const res = await call('Details', { userId: alex.uid, orderId: '1OsSB0000000015AAA', orderNo: '00001015' });
    expect(res.status).toBe(200);
    expect(zDetailsResponse.safeParse(res.body).success).toBe(true);
    expect(res.body.records.map((r: any) => r.attributes.type)).toEqual([
      'OrderSummary',
      'FulfillmentOrder',
      'ReturnOrder',
    ]);
    expect(res.body.records[0].OrderPaymentSummaries.records[0].Refunds.records[0]).toMatchObject({
      Status: 'Processed',
    });
    expect(res.body.records[2].ReturnOrderLineItems.records[0].OrderItemSummaryId).toBe('10uSB0000000015AAA');
  });

  it('account §7 Details "a second load is made when the summary is Refunded": a Refunded order comes without its refund details, which refundedFlag adds; other orders carry them on every load', async () => {
    const REFUNDED = { userId: alex.uid, orderId: '1OsSB0000000027AAA', orderNo: '00001027' };
    const first = (await call('Details', REFUNDED)).body.records[0];
    expect(first.Status).toBe('Refunded');
    expect(first.OrderPaymentSummaries.records[0].Refunds).toBeNull();
    expect(first.OrderItemSummaries.records[0].SNPOMSIsRefunded_C).toBe(false);
    const second = await call('Details', { ...REFUNDED, refundedFlag: true });
    expect(zDetailsResponse.safeParse(second.body).success).toBe(true);
    const summary = second.body.records[0];
    expect(summary.OrderPaymentSummaries.records[0].Refunds.records).toEqual([
      expect.objectContaining({ Status: 'Processed', RefundedAmount: 99 }),
    ]);
    expect(summary.OrderItemSummaries.records[0].SNPOMSIsRefunded_C).toBe(true);
    // Refund issued (not Refunded): its refund and marker without the flag.
    const issued = (await call('Details', { userId: alex.uid, orderId: '1OsSB0000000015AAA' })).body.records[0];
    expect(issued.OrderPaymentSummaries.records[0].Refunds.records[0].Status).toBe('Processed');
    expect(issued.OrderItemSummaries.records[0].SNPOMSIsRefunded_C).toBe(true);
  });

  it('when the details of an unknown or another customer’s order are asked for, then 404 NotFound', async () => {
    const unknown = await call('Details', { orderId: '1OsSB0000000999AAA' });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ isError: true, errorCode: 'NotFound' });
    expect((await call('Details', { userId: kim.uid, orderId: '1OsSB0000000005AAA' })).status).toBe(404);
  });

  it('when the credit notes of a refunded order’s invoice are read, then its posted credit note comes back', async () => {
    const res = await call('CreditNoteDetails', { ZuoraInvoiceId: '8ad00000000000000000000000000015' });
    expect(res.body.creditNotes.records).toEqual([
      expect.objectContaining({
        Status: 'Posted',
        TotalAmount: 99,
        Zuora_ExternalId_C: '8ad0c0de000000000000000000000015',
      }),
    ]);
    expect(
      (await call('CreditNoteDetails', { ZuoraInvoiceId: '8ad00000000000000000000000000005' })).body.creditNotes
        .records,
    ).toEqual([]);
  });
});

/** PUT /__sandbox/som/ownership-filter with a raw body (a JSON value, or text that is not JSON). */

describe('documents', () => {
  it('when an invoice is asked for, then a real PDF naming the order comes back', async () => {
    const res = await som('CreditNotes', { recordType: 'Invoice', recordId: '8ad00000000000000000000000000005' });
    expect(res.body.error).toBeNull();
    const bytes = Buffer.from(res.body.PDFBlob, 'base64');
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(bytes.toString('latin1')).toContain('/OrderNumber (00001005)');
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount()).toBe(1);
    expect(pdf.getTitle()).toContain('00001005');
  });

  it('when a credit note is asked for, then its PDF comes back', async () => {
    const res = await som('CreditNotes', { recordType: 'CreditNote', recordId: '8ad0c0de000000000000000000000015' });
    const bytes = Buffer.from(res.body.PDFBlob, 'base64');
    expect(bytes.toString('latin1')).toContain('/DocumentType (CreditNote)');
  });

  it('when the invoice is not issued yet or unknown, then PDFBlob is null and error says why', async () => {
    const pending = await som('CreditNotes', { recordType: 'Invoice', recordId: '8ad00000000000000000000000000018' });
    expect(pending.body).toEqual({ PDFBlob: null, error: expect.stringContaining('not been issued') });
    const unknown = await som('CreditNotes', { recordType: 'Invoice', recordId: '8ad00000000000000000000000000099' });
    expect(unknown.body.PDFBlob).toBeNull();
  });
});

describe('service proxy errors', () => {
  it('when the token is missing or wrong, then 401 Unauthorized in the ServiceError shape', async () => {
    for (const token of [null, 'wrong']) {
      const res = await som(
        'History',
        { controllerName: 'SOM', methodRequest: 'History', query: { userId: alex.uid } },
        token,
      );
      expect(res.status).toBe(401);
      expect(res.body).toEqual({
        isError: true,
        message: 'The service token is missing or invalid.',
        errorCode: 'Unauthorized',
      });
    }
  });

  it('when the body is missing, then 400 MissingBody', async () => {
    const res = await som('History', undefined);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ isError: true, errorCode: 'MissingBody' });
  });

  it('when a required query field is missing, then 400 MissingParameters naming it', async () => {
    const res = await call('History', { limit: 5 });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      isError: true,
      message: 'Missing required parameters: userId',
      errorCode: 'MissingParameters',
    });
  });

  it('when the body is not JSON, then 400 in the ServiceError shape', async () => {
    const res = await fetch(`${base()}/som/services/apexrest/SOM/History`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
      body: '{not json',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ isError: true });
  });
});
