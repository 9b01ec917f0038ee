/**
 * The order-management stand-in (`/som`): every method of openapi/upstream/som.yaml, at
 * `/som/services/apexrest/SOM/{method}`, over the state of state.ts (seeded by seed-data.ts from
 * seed-orders.ts), changed by account-updates.ts, payment-methods.ts and the controls of fulfilment.ts.
 *
 * For the commerce stand-in: `recordPlacedOrder` (an order placed there appears in History and
 * Details). For the controls: `advanceOrder` and the `somControls` router, to be mounted at
 * `/__sandbox/orders` (`POST /__sandbox/orders/:orderNo/advance`).
 */
import express, { type Router } from 'express';
import type { components } from '../../../../../generated/som/types.ts';
import {
  zActiveSubscriptionListRequest,
  zAddPaymentMethodRequest,
  zCancelAutoRenewalRequest,
  zCreditNoteDetailsRequest,
  zDeletePaymentMethodRequest,
  zDetailsRequest,
  zDocumentPdfRequest,
  zHistoryRequest,
  zPaymentMethodInformationRequest,
  zReactivateAutoRenewalRequest,
  zRequestRefundRequest,
  zSubscriptionListRequest,
  zUpdateBillingAddressRequest,
  zUpdateOmsRecordRequest,
  zUpdatePaymentMethodRequest,
} from '../../../../../generated/som/zod/zod.gen.ts';
import type { SandboxContext, UpstreamModule } from '../../app.ts';
import { SHOPPERS, VEHICLES } from '../../seed.ts';
import { imageUrl } from '../commerce/catalog.ts';
import { IMAGE_BASE } from './items.ts';
import type { OmsSubscription, PatchOutcome } from './model.ts';
import { documentPdf } from './pdf.ts';
import {
  answersRefundDetails,
  creditNotes,
  orderDetails,
  orderSummary,
  paymentInformation,
  subscription,
} from './records.ts';
import { somRequestLog, somRequests } from './request-log.ts';
import {
  errorHandler,
  notFoundHandler,
  parseBody,
  requireServiceToken,
  sendError,
  serviceErrorBody,
} from './service-proxy.ts';
import { cancelAutoRenewal, reactivateAutoRenewal, requestRefund, updateOmsRecord } from './account-updates.ts';
import { AdvanceError, advanceOrder, failOrder, FAILURE_STATUSES, type FailureStatus } from './fulfilment.ts';
import { addPaymentMethod, deletePaymentMethod, updateBillingAddress, updatePaymentMethod } from './payment-methods.ts';
import {
  accountOf,
  answersFor,
  findCreditNote,
  findInvoice,
  findOrder,
  isExpired,
  ordersOf,
  paymentRecordOfAccount,
  resetSom,
  setCustomerEnabled,
  setOwnershipFilter,
  subscriptionsOf,
} from './state.ts';

export { advanceOrder, AdvanceError } from './fulfilment.ts';
export { recordPlacedOrder, type PlacedOrder, type PlacedOrderLine } from './placed-orders.ts';

type S = components['schemas'];

const BASE = '/services/apexrest/SOM';

function patch(outcome: PatchOutcome): S['PatchResultResponse'] {
  return { patchResult: outcome };
}

function notFound(res: express.Response, id: string, what = 'record'): void {
  sendError(res, 404, 'NotFound', `No ${what} found for id ${id}`);
}

function brandOfVin(vin: string): string | undefined {
  return VEHICLES.find((v) => v.vin === vin)?.brand;
}

function subscriptionFilter(query: { brand?: string; vin?: string }) {
  return (sub: OmsSubscription) =>
    (!query.vin || sub.vin === query.vin) && (!query.brand || (sub.vehicleMake ?? brandOfVin(sub.vin)) === query.brand);
}

export function somRouter(context: SandboxContext): Router {
  resetSom(context.clock);
  context.resetHooks.push(() => resetSom(context.clock));

  const router = express.Router();
  router.use(requireServiceToken);
  router.use(express.json({ limit: '1mb' }));
  // GET /__sandbox/som/requests: what the shop asked and how it was answered (issue 30).
  router.use(somRequestLog(context));
  // Product images live on the commerce stand-in's image host, as the real records link the platform's.
  router.use((_req, res, next) => {
    const json = res.json.bind(res);
    res.json = (body: unknown) =>
      json(JSON.parse(JSON.stringify(body).replaceAll(IMAGE_BASE, imageUrl(context, ''))) as unknown);
    next();
  });

  router.post(`${BASE}/History`, (req, res) => {
    const body = parseBody(zHistoryRequest, req, res);
    if (!body) return;
    const { userId, vin, storefrontType, brand } = body.query;
    const limit = body.query.limit ?? 9999;
    const offset = body.query.offset ?? 0;
    const matching = ordersOf(userId)
      .filter(
        (o) =>
          (!vin || o.vin === vin) &&
          (!brand || o.brand === brand) &&
          (!storefrontType || o.storefrontType === storefrontType),
      )
      .sort((a, b) => b.createdDate.localeCompare(a.createdDate));
    const page = matching.slice(offset, offset + limit);
    const response: S['HistoryResponse'] = {
      orders: {
        totalSize: matching.length,
        done: offset + page.length >= matching.length,
        records: page.map((order) => orderSummary(order, { locale: body.locale })),
      },
    };
    res.json(response);
  });

  router.post(`${BASE}/Details`, (req, res) => {
    const body = parseBody(zDetailsRequest, req, res);
    if (!body) return;
    const order = findOrder({ id: body.query.orderId, orderNo: body.query.orderNo });
    if (!order || !answersFor(order.userId, body.query.userId)) {
      sendError(res, 404, 'NotFound', `No order summary found for id ${body.query.orderId}`);
      return;
    }
    // A Refunded order's refund details come only with refundedFlag, the shop's second load of it.
    const records = orderDetails(order, {
      refundDetails: answersRefundDetails(order, body.query.refundedFlag),
      locale: body.locale,
    });
    const response: S['DetailsResponse'] = { totalSize: records.length, records };
    res.json(response);
  });

  router.post(`${BASE}/CreditNoteDetails`, (req, res) => {
    const body = parseBody(zCreditNoteDetailsRequest, req, res);
    if (!body) return;
    const order = findInvoice(body.query.ZuoraInvoiceId);
    const records = order && answersFor(order.userId, body.query.userId) ? creditNotes(order) : [];
    const response: S['CreditNoteDetailsResponse'] = {
      creditNotes: { totalSize: records.length, done: true, records },
    };
    res.json(response);
  });

  router.post(`${BASE}/SubscriptionList`, (req, res) => {
    const body = parseBody(zSubscriptionListRequest, req, res);
    if (!body) return;
    const account = accountOf(body.query.userId);
    const list = account ? subscriptionsOf(body.query.userId).filter(subscriptionFilter(body.query)) : [];
    const response: S['SubscriptionListResponse'] = {
      isCustomerEnabled: account?.enabled ?? false,
      subscriptionList: list.map((sub) => subscription(sub, body.locale)),
    };
    res.json(response);
  });

  // Active: Installed or In progress, not expired, auto-renewal on (so linked to the saved method).
  router.post(`${BASE}/ActiveSubsctionList`, (req, res) => {
    const body = parseBody(zActiveSubscriptionListRequest, req, res);
    if (!body) return;
    const account = accountOf(body.query.userId);
    const list = account
      ? subscriptionsOf(body.query.userId)
          .filter(subscriptionFilter(body.query))
          .filter((s) => ['Installed', 'In progress'].includes(s.status) && !isExpired(s) && s.autoRenew)
      : [];
    const response: S['SubscriptionListResponse'] = {
      isCustomerEnabled: account?.enabled ?? false,
      subscriptionList: list.map((sub) => subscription(sub, body.locale)),
    };
    res.json(response);
  });

  router.post(`${BASE}/PaymentMethodInformation`, (req, res) => {
    const body = parseBody(zPaymentMethodInformationRequest, req, res);
    if (!body) return;
    const account = accountOf(body.query.userId);
    res.json(paymentInformation(account?.id ?? null, account ? paymentRecordOfAccount(account.id) : undefined));
  });

  router.post(`${BASE}/UpdateOmsRecord`, (req, res) => {
    const body = parseBody(zUpdateOmsRecordRequest, req, res);
    if (!body) return;
    const { recordId, table, isRecordToBeUpdated } = body.query;
    if (!updateOmsRecord(recordId, table, isRecordToBeUpdated)) return notFound(res, recordId);
    res.json(patch({ result: 'Success', recordId }));
  });

  router.post(`${BASE}/RequestRefund`, (req, res) => {
    const body = parseBody(zRequestRefundRequest, req, res);
    if (!body) return;
    const outcome = requestRefund(body.query.recordId, body.query.referenceId, body.cancelAutoRenewalItems ?? {});
    if (!outcome) return notFound(res, body.query.recordId);
    res.json(patch(outcome));
  });

  router.post(`${BASE}/CancelAutoRenewal`, (req, res) => {
    const body = parseBody(zCancelAutoRenewalRequest, req, res);
    if (!body) return;
    const outcome = cancelAutoRenewal(body.query.recordId, body.cancelAutoRenewalItems ?? {});
    if (!outcome) return notFound(res, body.query.recordId);
    res.json(patch(outcome));
  });

  router.post(`${BASE}/ReactivateAutoRenewal`, (req, res) => {
    const body = parseBody(zReactivateAutoRenewalRequest, req, res);
    if (!body) return;
    const outcome = reactivateAutoRenewal(body.query.recordId);
    if (!outcome) return notFound(res, body.query.recordId);
    res.json(patch(outcome));
  });

  router.post(`${BASE}/AddPaymentMethod`, (req, res) => {
    const body = parseBody(zAddPaymentMethodRequest, req, res);
    if (!body) return;
    res.json(patch(addPaymentMethod(body.query.recordId, body.paymentMethod, body.ipAddress)));
  });

  router.post(`${BASE}/UpdatePaymentMethod`, (req, res) => {
    const body = parseBody(zUpdatePaymentMethodRequest, req, res);
    if (!body) return;
    const outcome = updatePaymentMethod(body.query.recordId, body.paymentMethod, body.ipAddress);
    if (!outcome) return notFound(res, body.query.recordId);
    res.json(patch(outcome));
  });

  router.post(`${BASE}/DeletePaymentMethod`, (req, res) => {
    const body = parseBody(zDeletePaymentMethodRequest, req, res);
    if (!body) return;
    const outcome = deletePaymentMethod(body.query.recordId);
    if (!outcome) return notFound(res, body.query.recordId);
    res.json(patch(outcome));
  });

  router.post(`${BASE}/UpdateBillingAddress`, (req, res) => {
    const body = parseBody(zUpdateBillingAddressRequest, req, res);
    if (!body) return;
    const outcome = updateBillingAddress(body.query.recordId, body.billingAddress);
    if (!outcome) return notFound(res, body.query.recordId);
    res.json(patch(outcome));
  });

  router.post(`${BASE}/CreditNotes`, async (req, res) => {
    const body = parseBody(zDocumentPdfRequest, req, res);
    if (!body) return;
    const unavailable = (error: string) => res.json({ PDFBlob: null, error } satisfies S['DocumentPdfResponse']);
    if (body.recordType === 'Invoice') {
      const order = findInvoice(body.recordId);
      if (!order) return unavailable(`Document ${body.recordId} not found in the billing system`);
      if (!order.invoice?.type) return unavailable(`Invoice ${body.recordId} has not been issued yet`);
      const pdf = await documentPdf('Invoice', order, body.recordId, context.clock.now());
      res.json({ PDFBlob: pdf, error: null } satisfies S['DocumentPdfResponse']);
      return;
    }
    const found = findCreditNote(body.recordId);
    if (!found) return unavailable(`Document ${body.recordId} not found in the billing system`);
    const pdf = await documentPdf('CreditNote', found.order, found.note.name, context.clock.now(), found.note);
    res.json({ PDFBlob: pdf, error: null } satisfies S['DocumentPdfResponse']);
  });

  router.use(notFoundHandler);
  router.use(errorHandler);
  return router;
}

/**
 * Sandbox controls for orders, to be mounted at `/__sandbox/orders`:
 * `POST /:orderNo/advance` moves the order one fulfilment step and answers `{orderNo, status}`;
 * `POST /:orderNo/fail` `{"status": "Export Error"}` puts it into one of FAILURE_STATUSES.
 */
export const somControls: Router = express.Router();
somControls.use(express.json());
const control =
  (step: (req: express.Request) => string): express.RequestHandler =>
  (req, res) => {
    try {
      res.json({ orderNo: req.params.orderNo, status: step(req) });
    } catch (error) {
      if (error instanceof AdvanceError) res.status(error.status).json({ error: error.message });
      else throw error;
    }
  };
somControls.post(
  '/:orderNo/advance',
  control((req) => advanceOrder(String(req.params.orderNo))),
);
somControls.post(
  '/:orderNo/fail',
  control((req) => {
    const status = (req.body as { status?: unknown } | undefined)?.status;
    if (!(FAILURE_STATUSES as readonly unknown[]).includes(status)) {
      throw new AdvanceError(400, `status must be one of ${FAILURE_STATUSES.join(', ')}.`);
    }
    return failOrder(String(req.params.orderNo), status as FailureStatus);
  }),
);

/**
 * Sandbox controls of the order system's ownership (issue 30, docs/decisions/027), to be mounted at
 * `/__sandbox/som`: `PUT /ownership-filter` `{"enabled": false}` makes Details and CreditNoteDetails
 * answer by order or invoice id alone, whoever asks (the PDF call names no identity: it always
 * does); `true`, or a reset, filters again. `GET /requests`: the order system's calls since the
 * reset (request-log.ts), to show what an attack reached; `GET /requests?bodies=true`: each with the
 * body the shop sent.
 */
export const somOwnershipControls: Router = express.Router();
somOwnershipControls.use(express.json());
somOwnershipControls.put('/ownership-filter', (req, res) => {
  const body: unknown = req.body;
  const enabled = body !== null && typeof body === 'object' ? (body as { enabled?: unknown }).enabled : undefined;
  if (typeof enabled !== 'boolean') {
    res.status(400).json({ error: 'Give {"enabled": true} or {"enabled": false}.' });
    return;
  }
  setOwnershipFilter(enabled);
  res.json({ ownershipFilter: enabled });
});
somOwnershipControls.get('/requests', (req, res) => {
  res.json({ requests: somRequests({ bodies: req.query.bodies === 'true' }) });
});

/**
 * Sandbox control for customers, to be mounted at `/__sandbox/customers`:
 * `POST /:email/enabled` `{"enabled": false}` switches the customer's isCustomerEnabled.
 */
export const customerControls: Router = express.Router();
customerControls.use(express.json());
customerControls.post('/:email/enabled', (req, res) => {
  const shopper = SHOPPERS.find((s) => s.email === req.params.email);
  const enabled = (req.body as { enabled?: unknown } | undefined)?.enabled;
  if (typeof enabled !== 'boolean') {
    res.status(400).json({ error: 'enabled must be true or false.' });
    return;
  }
  if (!shopper || !setCustomerEnabled(shopper.uid, enabled)) {
    res.status(404).json({ error: `No order-management account for ${req.params.email}.` });
    return;
  }
  res.json({ email: shopper.email, enabled });
});

export const somModule: UpstreamModule = {
  upstream: 'som',
  errorBody: serviceErrorBody,
  router: somRouter,
};
