/**
 * The order-management system's methods (account §7: a POST controller call with controllerName SOM
 * and a method name): the account area's, and the checkout's flag of a paid order's record. Each is
 * for one signed-in customer (`customerOf`): their identity id is the `userId` of every query, their
 * site the brand. An unreachable system or an error answer is a 502; a record the system does not
 * know is `undefined` to the caller, which answers 404.
 */
import type { components } from '../../../generated/som/types.ts';
import {
  zCreditNoteDetailsResponse,
  zDetailsResponse,
  zDocumentPdfResponse,
  zHistoryResponse,
  zPatchResultResponse,
  zPaymentMethodInformationResponse,
  zSubscriptionListResponse,
} from '../../../generated/som/zod/zod.gen.ts';
import type { AppContext } from '../context.ts';
import { AppError, upstreamError } from '../errors.ts';
import type { Shopper } from '../services/identity/shopper.ts';

export type Som = components['schemas'];

/**
 * The shop's storefront type as the order-management system knows it: the one its order queries
 * name (History) and the one each order carries for it (c_SNP_OMS_storefrontType, storefront §3).
 */
export const STOREFRONT_TYPE = 'B2C';

/** The account's customer: a registered shopper with the identity id of their session. */
export type Customer = Pick<Shopper, 'session' | 'siteId' | 'locale' | 'signal' | 'log'> & { userId: string };

/** The account's customer, for a shopper whose session is a registered customer's (http/customer.ts). */
export function customerOf(shopper: Shopper): Customer {
  const userId = shopper.session.principalUUID;
  if (!userId) throw new AppError(401, 'login-required', 'Login required', 'Please log in to see your account.');
  return { ...shopper, userId };
}

type Answer<T> = Promise<{ data?: T; error?: unknown; response: Response }>;

/**
 * The data of an answer; 502 for anything else, `undefined` for a 404 when `notFound` allows it. With
 * `shape` (the contract's schema of the answer), an answer of another shape is a 502 too, not data a
 * page would fail on later with a 500 (issue 17's fault table: a wrongly typed answer).
 */
async function answer<T>(
  call: Answer<T>,
  options: { notFound?: boolean; shape?: { safeParse(data: unknown): { success: boolean } } } = {},
): Promise<T | undefined> {
  const { data, response } = await call.catch((cause: unknown) => {
    throw upstreamError('som', cause);
  });
  if (response.status === 404 && options.notFound) return undefined;
  if (data === undefined) throw upstreamError('som');
  if (options.shape && !options.shape.safeParse(data).success) throw upstreamError('som');
  return data;
}

const SOM = 'SOM' as const;

/** The customer's subscriptions of their brand, of one vehicle when `vin` is given. */
export async function subscriptionList(
  ctx: AppContext,
  customer: Customer,
  vin?: string,
): Promise<Som['SubscriptionListResponse']> {
  return (await answer(
    ctx.upstreams.som.POST('/services/apexrest/SOM/SubscriptionList', {
      body: {
        controllerName: SOM,
        methodRequest: 'SubscriptionList',
        locale: customer.locale,
        query: { userId: customer.userId, brand: customer.siteId, ...(vin ? { vin } : {}) },
      },
      signal: customer.signal,
    }),
    { shape: zSubscriptionListResponse },
  ))!;
}

/** The stored payment record (account §3); `checkout` when the checkout reads it (isCheckoutContext). */
export async function paymentMethodInformation(
  ctx: AppContext,
  customer: Customer,
  checkout = false,
): Promise<Som['PaymentMethodInformationResponse']> {
  return (await answer(
    ctx.upstreams.som.POST('/services/apexrest/SOM/PaymentMethodInformation', {
      body: {
        controllerName: SOM,
        methodRequest: 'PaymentMethodInformation',
        query: { userId: customer.userId, brand: customer.siteId, ...(checkout ? { isCheckoutContext: true } : {}) },
      },
      signal: customer.signal,
    }),
    // Misread, a record would seem saved (Add refused) or a method's fields missing (issue 17).
    { shape: zPaymentMethodInformationResponse },
  ))!;
}

/** The customer's order history (account §7 History: limit 9999, the B2C storefront's orders). */
export async function orderHistory(ctx: AppContext, customer: Customer): Promise<Som['OrderSummary'][]> {
  const data = (await answer(
    ctx.upstreams.som.POST('/services/apexrest/SOM/History', {
      body: {
        controllerName: SOM,
        methodRequest: 'History',
        locale: customer.locale,
        query: {
          userId: customer.userId,
          brand: customer.siteId,
          storefrontType: STOREFRONT_TYPE,
          limit: 9999,
          offset: 0,
        },
      },
      signal: customer.signal,
    }),
    { shape: zHistoryResponse },
  ))!;
  return data.orders.records;
}

export type CancellationDetails = Som['CancellationDetails'];

/**
 * RequestRefund, CancelAutoRenewal or ReactivateAutoRenewal of one subscription (asset) record. An
 * answer not of the contract's shape is a 502 (the change may have been made): never read as "cannot
 * be changed" or "not found" (issue 34).
 */
export async function changeSubscription(
  ctx: AppContext,
  customer: Customer,
  change:
    | {
        method: 'RequestRefund' | 'CancelAutoRenewal';
        recordId: string;
        referenceId?: string;
        details: CancellationDetails;
      }
    | { method: 'ReactivateAutoRenewal'; recordId: string },
): Promise<Som['PatchResult'] | undefined> {
  const options = { signal: customer.signal };
  const call =
    change.method === 'ReactivateAutoRenewal'
      ? ctx.upstreams.som.POST('/services/apexrest/SOM/ReactivateAutoRenewal', {
          body: { controllerName: SOM, methodRequest: change.method, query: { recordId: change.recordId } },
          ...options,
        })
      : ctx.upstreams.som.POST(`/services/apexrest/SOM/${change.method}`, {
          body: {
            controllerName: SOM,
            methodRequest: change.method,
            locale: customer.locale,
            query: { recordId: change.recordId, ...(change.referenceId ? { referenceId: change.referenceId } : {}) },
            cancelAutoRenewalItems: change.details,
          },
          ...options,
        });
  return (await answer<Som['PatchResultResponse']>(call, { notFound: true, shape: zPatchResultResponse }))?.patchResult;
}

/**
 * The records of one of the customer's orders (account §7 Details: summary, fulfillment and return
 * orders); `undefined` when the order system has none for this customer.
 */
export async function orderDetails(
  ctx: AppContext,
  customer: Customer,
  query: { orderId: string; orderNo: string; refundedFlag?: boolean },
): Promise<Som['OrderDetailsEntry'][] | undefined> {
  const data = await answer(
    ctx.upstreams.som.POST('/services/apexrest/SOM/Details', {
      body: {
        controllerName: SOM,
        methodRequest: 'Details',
        locale: customer.locale,
        query: { userId: customer.userId, ...query },
      },
      signal: customer.signal,
    }),
    { notFound: true, shape: zDetailsResponse },
  );
  return data?.records;
}

/**
 * The credit notes of an invoice (account §7 CreditNoteDetails); 502 when they cannot be read, or
 * are not of the contract's shape (a document asked for must not be told "not found" then).
 */
export async function creditNoteRecords(
  ctx: AppContext,
  customer: Customer,
  invoiceId: string,
): Promise<Som['CreditNote'][]> {
  const data = (await answer(
    ctx.upstreams.som.POST('/services/apexrest/SOM/CreditNoteDetails', {
      body: {
        controllerName: SOM,
        methodRequest: 'CreditNoteDetails',
        locale: customer.locale,
        query: { userId: customer.userId, ZuoraInvoiceId: invoiceId },
      },
      signal: customer.signal,
    }),
    { shape: zCreditNoteDetailsResponse },
  ))!;
  return data.creditNotes.records;
}

/** The credit notes as the order page lists them: a failure is an empty list (§8), logged. */
export async function creditNoteDetails(
  ctx: AppContext,
  customer: Customer,
  invoiceId: string,
): Promise<Som['CreditNote'][]> {
  try {
    return await creditNoteRecords(ctx, customer, invoiceId);
  } catch (error) {
    customer.log.warn({ err: error, invoiceId }, 'credit notes unavailable');
    return [];
  }
}

/**
 * An invoice or credit-note PDF from the billing system (account §7 POST credit notes: PDFBlob,
 * error); an answer of another shape is a 502, not a document "not found" (issue 34).
 */
export async function documentPdf(
  ctx: AppContext,
  customer: Customer,
  recordType: Som['DocumentPdfRequest']['recordType'],
  recordId: string,
): Promise<Som['DocumentPdfResponse']> {
  return (await answer(
    ctx.upstreams.som.POST('/services/apexrest/SOM/CreditNotes', {
      body: { recordType, recordId },
      signal: customer.signal,
    }),
    { shape: zDocumentPdfResponse },
  ))!;
}

/**
 * The customer's active subscriptions linked to the saved method (ActiveSubsctionList, the method's
 * spelling), and whether the customer is enabled (isCustomerEnabled, account §6), which the payment
 * content renders only for.
 */
export async function activeSubscriptionList(
  ctx: AppContext,
  customer: Customer,
): Promise<{ isCustomerEnabled: boolean; subscriptions: Som['Subscription'][] }> {
  const data = (await answer(
    ctx.upstreams.som.POST('/services/apexrest/SOM/ActiveSubsctionList', {
      body: {
        controllerName: SOM,
        methodRequest: 'ActiveSubsctionList',
        locale: customer.locale,
        query: { userId: customer.userId, brand: customer.siteId },
      },
      signal: customer.signal,
    }),
    // Misread, subscriptions would seem linked and the delete refused (issue 17).
    { shape: zSubscriptionListResponse },
  ))!;
  return { isCustomerEnabled: data.isCustomerEnabled === true, subscriptions: data.subscriptionList };
}

/** A change of the stored payment record; `undefined` when the order system has no such record. */
export async function changePaymentRecord(
  ctx: AppContext,
  customer: Customer,
  change:
    | { method: 'AddPaymentMethod'; accountId: string; payload: Som['PaymentSavePayload']; ipAddress: string }
    | { method: 'UpdatePaymentMethod'; recordId: string; payload: Som['PaymentSavePayload']; ipAddress: string }
    | { method: 'DeletePaymentMethod'; recordId: string }
    | { method: 'UpdateBillingAddress'; recordId: string; billingAddress: Som['BillingAddressPayload'] },
): Promise<Som['PatchResult'] | undefined> {
  const options = { signal: customer.signal };
  const som = ctx.upstreams.som;
  const call =
    change.method === 'AddPaymentMethod'
      ? som.POST('/services/apexrest/SOM/AddPaymentMethod', {
          body: {
            controllerName: SOM,
            methodRequest: change.method,
            query: { userId: customer.userId, recordId: change.accountId, brand: customer.siteId },
            ipAddress: change.ipAddress,
            paymentMethod: change.payload,
          },
          ...options,
        })
      : change.method === 'UpdatePaymentMethod'
        ? som.POST('/services/apexrest/SOM/UpdatePaymentMethod', {
            body: {
              controllerName: SOM,
              methodRequest: change.method,
              query: { recordId: change.recordId },
              ipAddress: change.ipAddress,
              paymentMethod: change.payload,
            },
            ...options,
          })
        : change.method === 'DeletePaymentMethod'
          ? som.POST('/services/apexrest/SOM/DeletePaymentMethod', {
              body: { controllerName: SOM, methodRequest: change.method, query: { recordId: change.recordId } },
              ...options,
            })
          : som.POST('/services/apexrest/SOM/UpdateBillingAddress', {
              body: {
                controllerName: SOM,
                methodRequest: change.method,
                query: { recordId: change.recordId },
                billingAddress: change.billingAddress,
              },
              ...options,
            });
  return (await answer<Som['PatchResultResponse']>(call, { notFound: true, shape: zPatchResultResponse }))?.patchResult;
}

/**
 * A paid order's record flagged for update (UpdateOmsRecord, found in the customer's History), as the
 * checkout and the order attempts' reconciler do for a registered customer; a guest has no record.
 * Logged, never thrown: the order is paid whatever the order-management system answers.
 */
export async function flagOrderForUpdate(
  ctx: AppContext,
  shopper: Pick<Shopper, 'session' | 'log'>,
  orderNo: string,
): Promise<void> {
  const userId = shopper.session.principalUUID;
  if (!userId) return;
  try {
    const history = await ctx.upstreams.som.POST('/services/apexrest/SOM/History', {
      body: {
        controllerName: SOM,
        methodRequest: 'History',
        query: { userId, storefrontType: STOREFRONT_TYPE, limit: 9999, offset: 0 },
      },
    });
    const records = (
      history.data as { orders?: { records?: Array<{ Id?: string; OrderNumber?: string }> } } | undefined
    )?.orders?.records;
    const record = records?.find((r) => r.OrderNumber === orderNo);
    if (!record?.Id) return;
    await ctx.upstreams.som.POST('/services/apexrest/SOM/UpdateOmsRecord', {
      body: {
        controllerName: SOM,
        methodRequest: 'UpdateOmsRecord',
        query: { recordId: record.Id, table: 'OrderSummary', isRecordToBeUpdated: true },
      },
    });
  } catch (error) {
    shopper.log.warn({ err: error, orderNo }, 'order-management record update failed');
  }
}
