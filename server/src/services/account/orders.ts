/**
 * My Orders, Order detail and their documents (account §2, §3, §4, §7, §8, §9): the customer's
 * connected-navigation orders as cards, 5 at a time; one order with its billing address, payment
 * method, invoice and credit notes, and per item (sorted by name) the derived status, its display
 * label and timeline by key and its help text; the invoice and credit-note PDFs. Only the customer's
 * own orders, proven in the proxy through the customer's History (docs/decisions/027), never left to
 * the order system's filtering.
 */
import type { components } from '../../../../generated/proxy/types.ts';
import {
  connectedNavigationOrders,
  orderCancelledTag,
  sortItemsByName,
  truncateItemName,
} from '../../../../domain/my-orders.ts';
import { HELP_TEXTS, helpTextOf, orderItemStatus } from '../../../../domain/order-item.ts';
import { STATUS_LABELS, statusKey } from '../../../../domain/order-status.ts';
import { splitAddressLines } from '../../../../domain/address-form.ts';
import { planPeriodWords } from '../../../../domain/price.ts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { money } from '../../upstream/commerce/catalog.ts';
import type { Shopper } from '../identity/shopper.ts';
import { orderMethodDisplay } from './payment-display.ts';
import {
  creditNoteDetails,
  creditNoteRecords,
  customerOf,
  documentPdf,
  orderDetails,
  orderHistory,
  type Customer,
  type Som,
} from '../../upstream/som.ts';
import { contactUsUrl } from './subscriptions.ts';

type Schemas = components['schemas'];
type OrderSummary = Som['OrderSummary'];
type OrderItemSummary = NonNullable<OrderSummary['OrderItemSummaries']>['records'][number];

const notFound = () => new AppError(404, 'not-found', 'Not found', 'The requested resource was not found.');

const imageOf = (item: OrderItemSummary) => item.SNPOMSProductImageLink_C ?? item.productImageLink_C ?? null;

/** 'Order Cancelled' on the card when the payment failed (account §2). */
const isCancelled = (order: OrderSummary) => orderCancelledTag(order.Status) !== undefined;

/** GET /account/orders: the customer's connected-navigation orders, newest first, a page at a time. */
export async function listOrders(
  ctx: AppContext,
  shopper: Shopper,
  page: { offset: number; limit: number },
): Promise<Schemas['OrderList']> {
  const customer = customerOf(shopper);
  const orders = connectedNavigationOrders(await orderHistory(ctx, customer)).sort((a, b) =>
    b.CreatedDate.localeCompare(a.CreatedDate),
  );
  return {
    total: orders.length,
    offset: page.offset,
    limit: page.limit,
    orders: orders.slice(page.offset, page.offset + page.limit).map((order) => {
      const items = order.OrderItemSummaries?.records ?? [];
      return {
        id: order.Id,
        orderNo: order.OrderNumber,
        createdDate: order.CreatedDate,
        cancelled: isCancelled(order),
        itemCount: order.OrderItemSummaries?.totalSize ?? items.length,
        vehicleModel: order.SNPOMSVehicleName_C ?? null,
        vin: order.SNPOMSVin_C ?? null,
        thumbnails: items.map(imageOf).filter((image): image is string => Boolean(image)),
        total: money(order.GrandTotalAmount, order.CurrencyIsoCode, shopper.locale),
      };
    }),
  };
}

/**
 * The customer's own order `id` (numbered `orderNo`, when given) as their History lists it; 404, the
 * answer for an unknown order, when it is not there. Ownership is proven here, in the proxy, for the
 * order page and its documents alike, whatever the order system filters (issue 30,
 * docs/decisions/027): `userId` on Details and CreditNoteDetails is optional in som.yaml, the PDF call
 * takes none, and a system answering by id alone would otherwise hand over another owner's billing
 * address, VIN and card.
 */
async function ownOrderSummary(
  ctx: AppContext,
  customer: Customer,
  id: string,
  orderNo?: string,
): Promise<OrderSummary> {
  const order = (await orderHistory(ctx, customer)).find(
    (o) => o.Id === id && (orderNo === undefined || o.OrderNumber === orderNo),
  );
  if (!order) throw notFound();
  return order;
}

/**
 * The records of the customer's order `id` numbered `orderNo`, with the second load of a Refunded one
 * (account §7), once History has proven the order theirs (ownOrderSummary). History and Details are
 * asked at once: the page waits for the slower of the two, not their sum.
 */
async function ownOrder(ctx: AppContext, customer: Customer, id: string, orderNo: string) {
  const [, details] = await Promise.all([
    ownOrderSummary(ctx, customer, id, orderNo),
    orderDetails(ctx, customer, { orderId: id, orderNo }),
  ]);
  let records = details;
  let summary = records?.find((r): r is OrderSummary => r.attributes.type === 'OrderSummary');
  if (!records || !summary || summary.Id !== id || summary.OrderNumber !== orderNo) throw notFound();
  if (statusKey(summary.Status) === 'refunded') {
    records = (await orderDetails(ctx, customer, { orderId: id, orderNo, refundedFlag: true })) ?? records;
    summary = records.find((r): r is OrderSummary => r.attributes.type === 'OrderSummary') ?? summary;
  }
  const fulfillments = records.filter((r): r is Som['FulfillmentOrder'] => r.attributes.type === 'FulfillmentOrder');
  const returns = records.filter((r): r is Som['ReturnOrder'] => r.attributes.type === 'ReturnOrder');
  return { summary, fulfillments, returns };
}

const linesOf = (record: { FulfillmentOrderLineItems?: unknown; ReturnOrderLineItems?: unknown }) =>
  (
    (record.FulfillmentOrderLineItems ?? record.ReturnOrderLineItems) as
      { records?: Array<{ OrderItemSummaryId?: string }> } | undefined
  )?.records ?? [];

/** GET /account/orders/{id}/{orderNo}: the order detail (account §2 Order detail, §4). */
export async function orderDetail(
  ctx: AppContext,
  shopper: Shopper,
  id: string,
  orderNo: string,
  options: { forceRefunded?: boolean } = {},
): Promise<Schemas['OrderDetail']> {
  const customer = customerOf(shopper);
  const { summary, fulfillments, returns } = await ownOrder(ctx, customer, id, orderNo);
  // account §2: the test hooks force the status Refunded (the caller honours them on test hosts only).
  if (options.forceRefunded) summary.Status = 'Refunded';
  const payment = summary.OrderPaymentSummaries?.records[0];
  const method = payment?.PaymentMethod;
  const refund = payment?.Refunds?.records[0];
  const invoiceId = summary.SNPOMSZuoraInvoice_R?.Zuora_ExternalId_C ?? null;
  const notes = invoiceId ? await creditNoteDetails(ctx, customer, invoiceId) : [];
  const { address1, address2 } = splitAddressLines(summary.BillingStreet);
  const paymentDisplay = orderMethodDisplay(summary);
  const refundAmount = refund
    ? money(
        refund.RefundedAmount ?? refund.CapturedAmount ?? summary.GrandTotalAmount,
        summary.CurrencyIsoCode,
        shopper.locale,
      )
    : money(summary.GrandTotalAmount, summary.CurrencyIsoCode, shopper.locale);

  const items = sortItemsByName(summary.OrderItemSummaries?.records ?? []).map((item): Schemas['OrderItem'] => {
    const fulfillment = fulfillments.find((f) => linesOf(f).some((l) => l.OrderItemSummaryId === item.Id));
    const returned = returns.find((r) => linesOf(r).some((l) => l.OrderItemSummaryId === item.Id));
    const reading = orderItemStatus(
      options.forceRefunded
        ? { orderCancelled: false, noRefundRequired: false, orderStatus: 'Refunded', itemStatus: 'Refunded' }
        : {
            orderCancelled: summary.IsOrderCancelled_C === true,
            noRefundRequired: summary.SNPOMSNoRefundRequired_C === true,
            orderStatus: summary.Status,
            itemStatus: item.Status ?? null,
            fulfillmentOrder: fulfillment ?? null,
            returnOrder: returned ?? null,
            isRefunded: item.SNPOMSIsRefunded_C ?? null,
            refundStatus: refund?.Status ?? null,
          },
    );
    const { status, label: key } = reading;
    const help = helpTextOf(reading.helpKind, {
      amount: refundAmount.formatted,
      card: { type: method?.SNPOMSCardType_C ?? null, last4: method?.SNPOMSCreditCardLast4_C ?? null },
    });
    const duration = Number(item.SNPOMSInitialTermPeriod_C ?? 0);
    const durationType: Schemas['DurationType'] = /^y/i.test(item.SNPOMSInitialTermPeriodType_C ?? '')
      ? 'year'
      : item.SNPOMSInitialTermPeriodType_C
        ? 'month'
        : 'once';
    return {
      id: item.Id,
      name: truncateItemName(item.Name),
      imageUrl: imageOf(item),
      plan: {
        duration,
        durationType,
        label: durationType === 'once' ? 'one-time fee' : (planPeriodWords(duration, durationType) ?? ''),
      },
      price: money(item.OriginalOrderItem?.TotalAmtWithTax ?? 0, summary.CurrencyIsoCode, shopper.locale),
      status,
      statusKey: key,
      statusLabel: STATUS_LABELS[key],
      flow: reading.flow,
      timeline: reading.timeline,
      helpText: help
        ? {
            kind: help.kind,
            text: Object.entries({ ...help.values, amount: refundAmount.formatted }).reduce(
              (text, [name, value]) => text.replaceAll(`{{${name}}}`, value ?? ''),
              HELP_TEXTS[help.kind].text,
            ),
            ...(help.values.amount ? { amount: refundAmount } : {}),
            ...(help.values.cardType ? { cardType: help.values.cardType } : {}),
            ...(help.values.maskedDigits ? { maskedDigits: help.values.maskedDigits } : {}),
            ...(HELP_TEXTS[help.kind].link ? { linkLabel: HELP_TEXTS[help.kind].link } : {}),
          }
        : null,
      userManualUrl: item.userManualUrl_C ?? null,
    };
  });

  return {
    id: summary.Id,
    orderNo: summary.OrderNumber,
    createdDate: summary.CreatedDate,
    status: summary.Status,
    cancelled: isCancelled(summary),
    timelineDescription: statusKey(summary.Status) === 'payment_failed' ? HELP_TEXTS.paymentFailed.text : null,
    contactUsUrl: contactUsUrl(ctx, shopper.locale),
    vehicleName: summary.SNPOMSVehicleName_C ?? null,
    vin: summary.SNPOMSVin_C ?? null,
    // No billing country (som.yaml allows null): no address, rather than one the contract refuses.
    billingAddress: summary.BillingCountry
      ? {
          firstName: method?.SNPOMSFirstName_C ?? '',
          lastName: method?.SNPOMSLastName_C ?? '',
          countryCode: summary.BillingCountry as Schemas['CountryCode'],
          address1,
          address2: address2 || null,
          city: summary.BillingCity ?? '',
          stateCode: summary.BillingStateCode ?? null,
          postalCode: summary.BillingPostalCode ?? '',
        }
      : null,
    paymentMethod: paymentDisplay,
    total: money(summary.GrandTotalAmount, summary.CurrencyIsoCode, shopper.locale),
    invoice: invoiceId
      ? { id: invoiceId, number: invoiceId, available: Boolean(summary.SNPOMSZuoraInvoice_R?.type) }
      : null,
    creditNotes: notes.map((note) => ({
      id: note.Zuora_ExternalId_C,
      ...(note.Name ? { number: note.Name } : {}),
      available: note.Status === 'Posted',
    })),
    items,
  };
}

export type DocumentKind = 'invoice' | 'creditNote';

const DOCUMENT_WORDS = {
  invoice: { title: 'Invoice Unavailable', notReady: 'Your invoice will be ready to view shortly', what: 'invoice' },
  creditNote: {
    title: 'Credit Note Unavailable',
    notReady: 'Your credit note will be ready to view shortly',
    what: 'credit note',
  },
} as const;

/**
 * An invoice or credit-note PDF of the customer's own order (account §2 Order detail, §8): 404 with
 * "ready to view shortly" until the document exists, 502 "Unavailable" when the billing system fails.
 */
export async function orderDocument(
  ctx: AppContext,
  shopper: Shopper,
  id: string,
  document: { kind: 'invoice' } | { kind: 'creditNote'; creditNoteId: string },
): Promise<Buffer> {
  const customer = customerOf(shopper);
  const words = DOCUMENT_WORDS[document.kind];
  const slug = document.kind === 'invoice' ? 'invoice' : 'credit-note';
  const notReady = new AppError(404, `${slug}-not-ready`, words.title, words.notReady);
  const unavailable = new AppError(
    502,
    `${slug}-unavailable`,
    words.title,
    `There was a problem retrieving your ${words.what} document. Please try again shortly.`,
  );
  const order = await ownOrderSummary(ctx, customer, id);
  const invoiceId = order.SNPOMSZuoraInvoice_R?.Zuora_ExternalId_C;
  if (!invoiceId || !order.SNPOMSZuoraInvoice_R?.type) throw notReady;
  let recordId = invoiceId;
  if (document.kind === 'creditNote') {
    // §8: credit notes that cannot be read are the 'unavailable' modal's, not a note that does not exist.
    const notes = await creditNoteRecords(ctx, customer, invoiceId).catch((error: unknown) => {
      shopper.log.warn({ err: error, orderId: id }, 'credit notes unavailable');
      throw unavailable;
    });
    const note = notes.find((n) => n.Zuora_ExternalId_C === document.creditNoteId);
    if (!note) throw notFound();
    if (note.Status !== 'Posted') throw notReady;
    recordId = note.Zuora_ExternalId_C;
  }
  const pdf = await documentPdf(ctx, customer, document.kind === 'invoice' ? 'Invoice' : 'CreditNote', recordId).catch(
    () => {
      throw unavailable;
    },
  );
  if (!pdf.PDFBlob || pdf.error) {
    shopper.log.warn({ orderId: id, kind: document.kind, error: pdf.error }, 'document unavailable');
    throw unavailable;
  }
  return Buffer.from(pdf.PDFBlob, 'base64');
}
