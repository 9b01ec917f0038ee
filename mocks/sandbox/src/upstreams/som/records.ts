/**
 * Internal records → the contract's record shapes (order-management field names, `attributes`,
 * 18-character ids).
 */
import type { components } from '../../../../../generated/som/types.ts';
import { zOmsPaymentType } from '../../../../../generated/som/zod/zod.gen.ts';
import type { OmsOrder, OmsPaymentRecord, OmsSubscription } from './model.ts';
import { localizedName } from './items.ts';
import { isExpiring } from './state.ts';

type S = components['schemas'];

const API = '/services/data/v60.0/sobjects';
const attributes = <T extends string>(type: T, id: string) => ({ type, url: `${API}/${type}/${id}` });

/**
 * Whether the order system answers an order's refund details (the payment summaries' Refunds, the
 * items' SNPOMSIsRefunded_C markers): always, but for a Refunded order only when asked with
 * refundedFlag, the shop's second load of it (account §7 Details; som.yaml `refundedFlag`).
 */
export const answersRefundDetails = (order: OmsOrder, refundedFlag: boolean | undefined): boolean =>
  order.status !== 'Refunded' || refundedFlag === true;

export function orderSummary(
  order: OmsOrder,
  options: { refundDetails?: boolean; locale?: string | undefined } = {},
): S['OrderSummary'] {
  const refundDetails = options.refundDetails ?? true;
  return {
    attributes: attributes('OrderSummary', order.id),
    Id: order.id,
    OrderNumber: order.orderNo,
    Status: order.status,
    CreatedDate: order.createdDate,
    GrandTotalAmount: order.total,
    CurrencyIsoCode: order.currency,
    OrderItemSummaries: {
      totalSize: order.items.length,
      records: order.items.map((item) => ({
        attributes: attributes('OrderItemSummary', item.id),
        Id: item.id,
        Name: localizedName(item.productId, item.name, options.locale),
        Status: item.status,
        SNPOMSSubscriptionType_C: item.subscriptionType,
        SNPOMSProductImageLink_C: item.image,
        SNPOMSInitialTermPeriod_C: item.termMonths,
        SNPOMSInitialTermPeriodType_C: item.termType,
        SNPOMSFeatureType_C: item.featureType,
        SNPOMSIsRefunded_C: refundDetails && item.isRefunded,
        OriginalOrderItem: { TotalAmtWithTax: item.amount },
        productImageLink_C: item.image,
        userManualUrl_C: item.userManualUrl,
      })),
    },
    OrderPaymentSummaries: {
      totalSize: 1,
      records: [
        {
          attributes: attributes('OrderPaymentSummary', order.paymentId),
          Id: order.paymentId,
          PaymentMethod: {
            attributes:
              order.paymentMethod.type === 'Credit Card'
                ? attributes('CardPaymentMethod', order.paymentMethod.recordId ?? order.paymentId)
                : attributes('DigitalWallet', order.paymentMethod.recordId ?? order.paymentId),
            SNPOMSType_C: order.paymentMethod.type,
            SNPOMSCardType_C: order.paymentMethod.cardType,
            SNPOMSCreditCardLast4_C: order.paymentMethod.last4,
            SNPOMSBankCode_C: order.paymentMethod.bankCode,
            SNPOMSFirstName_C: order.paymentMethod.firstName,
            SNPOMSLastName_C: order.paymentMethod.lastName,
          },
          Refunds:
            !refundDetails || order.refunds.length === 0
              ? null
              : {
                  totalSize: order.refunds.length,
                  records: order.refunds.map((refund) => ({
                    attributes: attributes('Refund', refund.id),
                    Id: refund.id,
                    Status: refund.status,
                    CapturedAmount: refund.captured,
                    RefundedAmount: refund.refunded,
                  })),
                },
        },
      ],
    },
    BillingStreet: order.billing.street,
    BillingCity: order.billing.city,
    BillingPostalCode: order.billing.postalCode,
    BillingStateCode: order.billing.stateCode,
    BillingCountry: order.billing.countryCode,
    SNPOMSVehicleName_C: order.vehicleName,
    SNPOMSVin_C: order.vin,
    SNPOMSZuoraInvoice_R: order.invoice
      ? { type: order.invoice.type, Zuora_ExternalId_C: order.invoice.externalId }
      : null,
    IsOrderCancelled_C: order.isCancelled,
    SNPOMSNoRefundRequired_C: order.noRefundRequired,
  };
}

/** Details' records: the summary (its refund details as `answersRefundDetails` says), fulfilment and return orders. */
export function orderDetails(
  order: OmsOrder,
  options: { refundDetails?: boolean; locale?: string | undefined } = {},
): S['OrderDetailsEntry'][] {
  const itemIds = order.items.map((i) => i.id);
  return [
    orderSummary(order, options),
    ...order.fulfillments.map((f): S['FulfillmentOrder'] => ({
      attributes: attributes('FulfillmentOrder', f.id),
      Id: f.id,
      Status: f.status,
      FulfillmentOrderLineItems: {
        totalSize: f.lineIds.length,
        records: f.lineIds.map((lineId, i) => ({
          attributes: attributes('FulfillmentOrderLineItem', lineId),
          Id: lineId,
          OrderItemSummaryId: itemIds[i] ?? itemIds[0]!,
        })),
      },
      DownloadDate_C: f.downloadDate,
      InstallationDate_C: f.installationDate,
    })),
    ...order.returns.map((r): S['ReturnOrder'] => ({
      attributes: attributes('ReturnOrder', r.id),
      Id: r.id,
      Status: r.status,
      ReturnOrderLineItems: {
        totalSize: r.lineIds.length,
        records: r.lineIds.map((lineId, i) => ({
          attributes: attributes('ReturnOrderLineItem', lineId),
          Id: lineId,
          OrderItemSummaryId: itemIds[i] ?? itemIds[0]!,
        })),
      },
      UninstallationDate_C: r.uninstallationDate,
      SNPOMSNoRefundRequired_C: r.noRefundRequired,
    })),
  ];
}

export function creditNotes(order: OmsOrder): S['CreditNote'][] {
  return order.creditNotes.map((note) => ({
    attributes: attributes('SNPOMSCreditNote_C', note.id),
    Id: note.id,
    Name: note.name,
    Status: note.status,
    TotalAmount: note.amount,
    CurrencyIsoCode: order.currency,
    CreatedDate: note.createdDate,
    Zuora_ExternalId_C: note.externalId,
    ZuoraInvoiceId_C: order.invoice?.externalId ?? '',
  }));
}

export function subscription(sub: OmsSubscription, locale?: string): S['Subscription'] {
  return {
    Id: sub.id,
    ...(sub.referenceId ? { referenceId: sub.referenceId } : {}),
    name: localizedName(sub.productId, sub.name, locale),
    image: sub.image,
    serviceId: sub.serviceId,
    productId: sub.productId,
    parentProductCode: sub.parentProductCode,
    servicePlan: sub.servicePlan,
    servicePlanType: sub.servicePlanType,
    renewalPlan: sub.renewalPlan,
    renewalPlanType: sub.renewalPlanType,
    price: sub.price,
    currency: sub.currency,
    serviceStatus: sub.status,
    expiryDate: sub.expiryDate,
    expirationDate: sub.expiryDate,
    CoolingOffPeriodEndDate: sub.coolingOffEnd,
    isExpiring: isExpiring(sub),
    isAutoRenewalActivated: sub.autoRenew,
    cancellationReason: sub.cancellationReason,
    additionalInfo: sub.additionalInfo,
    vin: sub.vin,
    vehicleModel: sub.vehicleModel,
    vehicleMake: sub.vehicleMake,
  };
}

/** The stored record as PaymentMethodInformation shows it; a blanked record shows as nothing stored. */
export function paymentInformation(
  accountId: string | null,
  record: OmsPaymentRecord | undefined,
): S['PaymentMethodInformationResponse'] {
  if (!record || record.token === '') return { accountRecordId: accountId, billingAddress: null, paymentMethod: null };
  const [address1 = '', address2 = ''] = record.street.split('|');
  const known = zOmsPaymentType.safeParse(record.type);
  const type: S['OmsPaymentType'] = known.success ? known.data : 'Credit Card';
  return {
    accountRecordId: accountId,
    billingAddress: {
      firstName: record.firstName,
      lastName: record.lastName,
      address1,
      address2,
      city: record.city,
      postalCode: record.postalCode,
      countryCode: record.countryCode,
      stateCode: record.stateCode || null,
    },
    paymentMethod: {
      recordId: record.recordId,
      token: record.token,
      type,
      SNPOMSType_C: type,
      SNPOMSCardType_C: record.cardType || null,
      SNPOMSCreditCardLast4_C: record.last4 || null,
      SNPOMSBankCode_C: record.bankCode || null,
      SNPOMSFirstName_C: record.firstName || null,
      SNPOMSLastName_C: record.lastName || null,
      ...(record.expMonth !== null ? { exp_month: record.expMonth } : {}),
      ...(record.expYear !== null ? { exp_year: record.expYear } : {}),
    },
  };
}
