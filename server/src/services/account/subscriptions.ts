/**
 * My Subscriptions and the manage modal's actions (account §2, §4 Subscription expiry and
 * auto-renewal, §5, §7): the subscriptions of the signed-in customer's brand, their display status
 * by key, plan, price, dates and the two payment methods a card shows (the saved one auto-renewal
 * charges, and the one the order was paid with, which a refund goes back to); then refund,
 * auto-renewal off and on for one of them, after proving it is the customer's own.
 */
import type { components } from '../../../../generated/proxy/types.ts';
import { subscriptionStatusLabel, STATUS_LABELS } from '../../../../domain/order-status.ts';
import { planPeriodWords } from '../../../../domain/price.ts';
import {
  dayOf,
  isInCoolingOff,
  isInProgress,
  isListedSubscription,
  showsExpirationAlert,
  subscriptionExpiry,
  SUBSCRIPTION_TOASTS,
} from '../../../../domain/subscription.ts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { money } from '../../upstream/commerce/catalog.ts';
import { orderMethodDisplay, savedMethodDisplay } from './payment-display.ts';
import { customPreferences } from '../../upstream/commerce/preferences.ts';
import type { Shopper } from '../identity/shopper.ts';
import {
  changeSubscription,
  customerOf,
  orderHistory,
  paymentMethodInformation,
  subscriptionList,
  type CancellationDetails,
} from '../../upstream/som.ts';
import { getCustomer } from '../../upstream/commerce/customers.ts';

type Schemas = components['schemas'];

/** The localised contact-us page (account §2). */
export const contactUsUrl = (ctx: AppContext, locale: string) => ctx.config.contactUsUrl.replaceAll('{locale}', locale);

/** Whether the region shows auto-renewal (account §6: customPreferences.showAutoRenewal). */
export async function regionShowsAutoRenewal(ctx: AppContext, shopper: Shopper): Promise<boolean> {
  return (
    (await customPreferences(ctx, shopper.siteId, shopper.market.country, shopper.headers)).c_showAutoRenewal === true
  );
}

function plan(duration: string | null | undefined, unit: string | null | undefined): Schemas['Plan'] | null {
  const n = Number(duration);
  if (!duration || !Number.isInteger(n) || n < 0) return null;
  const durationType: Schemas['DurationType'] = /^y/i.test(unit ?? '') ? 'year' : 'month';
  return { duration: n, durationType, label: planPeriodWords(n, durationType)! };
}

/**
 * The customer's full name and e-mail for the manage modal's contract details (commerce profile),
 * which only the refund step shows (account §2): a profile that cannot be read leaves the name out
 * and the e-mail the session's, and the page goes on (issue 34: the list is not lost for it).
 */
async function contractDetails(
  ctx: AppContext,
  shopper: Shopper,
): Promise<Schemas['SubscriptionList']['customer'] | undefined> {
  const customerId = shopper.session.customer?.customerId;
  if (!customerId) return undefined;
  const sessionEmail = shopper.session.customer?.email;
  const fallback = sessionEmail ? { email: sessionEmail } : undefined;
  const { data } = await getCustomer(ctx, {
    customerId,
    siteId: shopper.siteId,
    headers: shopper.headers,
    signal: shopper.signal,
  }).catch((cause: unknown) => {
    shopper.log.warn({ err: cause }, 'commerce profile unreadable: contract details without the name');
    return { data: undefined };
  });
  if (!data || typeof data !== 'object') {
    shopper.log.warn('commerce profile unreadable: contract details without the name');
    return fallback;
  }
  const fullName = [data.firstName, data.lastName].filter((part) => typeof part === 'string' && part).join(' ');
  const email = (typeof data.email === 'string' && data.email) || sessionEmail;
  return { ...(fullName ? { fullName } : {}), ...(email ? { email } : {}) };
}

/** GET /account/subscriptions (account §2 My Subscriptions / My Services), of one vehicle with `vin`. */
export async function listSubscriptions(
  ctx: AppContext,
  shopper: Shopper,
  vin?: string,
): Promise<Schemas['SubscriptionList']> {
  const customer = customerOf(shopper);
  const [list, showAutoRenewal] = await Promise.all([
    subscriptionList(ctx, customer, vin),
    regionShowsAutoRenewal(ctx, shopper),
  ]);
  // The content renders only for an enabled customer (account §6): nothing else is read for another.
  if (!list.isCustomerEnabled) return { isCustomerEnabled: false, showAutoRenewal, subscriptions: [] };

  const now = Date.now();
  const today = dayOf(now);
  const listed = list.subscriptionList.filter((s) => isListedSubscription(s.serviceStatus));
  const anyAutoRenewing = listed.some((s) => s.isAutoRenewalActivated);
  const anyRefundable = listed.some((s) => isInCoolingOff(s.CoolingOffPeriodEndDate, today));
  const [information, orders, details] = await Promise.all([
    anyAutoRenewing ? paymentMethodInformation(ctx, customer) : undefined,
    anyRefundable ? orderHistory(ctx, customer) : [],
    contractDetails(ctx, shopper),
  ]);
  const savedMethod = savedMethodDisplay(information?.paymentMethod, now);
  const ordersById = new Map(orders.map((o) => [o.Id, o]));

  const subscriptions = listed.flatMap((s): Schemas['Subscription'][] => {
    const expiryDate = s.expiryDate ?? s.expirationDate;
    const current = plan(s.servicePlan, s.servicePlanType);
    if (!expiryDate || !current) {
      shopper.log.warn({ subscriptionId: s.Id }, 'subscription without expiry date or plan skipped');
      return [];
    }
    const { expired, isExpiring } = subscriptionExpiry(expiryDate, today);
    const autoRenewalActive = s.isAutoRenewalActivated === true;
    const inCoolingOff = isInCoolingOff(s.CoolingOffPeriodEndDate, today);
    const statusKey = subscriptionStatusLabel(s.serviceStatus);
    return [
      {
        id: s.Id,
        serviceId: s.serviceId ?? s.productId ?? '',
        productId: s.productId ?? s.serviceId ?? '',
        name: s.name,
        imageUrl: s.image ?? null,
        serviceStatus: s.serviceStatus,
        statusKey,
        statusLabel: STATUS_LABELS[statusKey],
        plan: current,
        renewalPlan: plan(s.renewalPlan, s.renewalPlanType),
        price:
          s.price !== null && s.price !== undefined && s.currency ? money(s.price, s.currency, shopper.locale) : null,
        paymentMethod: autoRenewalActive ? savedMethod : null,
        autoRenewal: { active: autoRenewalActive, date: autoRenewalActive ? expiryDate : null },
        expiryDate,
        isExpiring,
        expired,
        coolingOffEndDate: s.CoolingOffPeriodEndDate ?? null,
        inCoolingOff,
        inProgress: isInProgress(s.serviceStatus),
        expirationAlert: showsExpirationAlert({ isExpiring, autoRenewalActive, showAutoRenewal }),
        refundPaymentMethod: inCoolingOff
          ? orderMethodDisplay(s.referenceId ? ordersById.get(s.referenceId) : undefined)
          : null,
        ...(s.vin ? { vin: s.vin } : {}),
        ...(s.vehicleModel ? { vehicleModel: s.vehicleModel } : {}),
      },
    ];
  });
  return {
    isCustomerEnabled: true,
    showAutoRenewal,
    contactUsUrl: contactUsUrl(ctx, shopper.locale),
    ...(details ? { customer: details } : {}),
    subscriptions,
  };
}

export type SubscriptionAction = 'refund' | 'cancelAutoRenewal' | 'reactivateAutoRenewal';

const conflict = (slug: string, title: string, detail: string) => new AppError(409, slug, title, detail);

/**
 * One manage-modal action on the customer's own subscription (account §2 step two, §4): found in
 * their own list first (anyone else's id answers 404), checked against its state, then sent once. A
 * repeated request (double click, second tab) finds the change made: a second refund is a 409, a
 * second switch of auto-renewal answers success without calling the order system again.
 */
export async function changeOwnSubscription(
  ctx: AppContext,
  shopper: Shopper,
  subscriptionId: string,
  action: SubscriptionAction,
  reason: { reason?: string | undefined; additionalInfo?: string | undefined } = {},
): Promise<Schemas['SubscriptionActionResult']> {
  const customer = customerOf(shopper);
  const [list, showAutoRenewal] = await Promise.all([
    subscriptionList(ctx, customer),
    action === 'refund' ? Promise.resolve(true) : regionShowsAutoRenewal(ctx, shopper),
  ]);
  const subscription = list.subscriptionList.find((s) => s.Id === subscriptionId);
  if (!list.isCustomerEnabled || !subscription) {
    throw new AppError(404, 'not-found', 'Not found', 'The requested resource was not found.');
  }
  const today = dayOf(Date.now());
  const name = subscription.name;

  if (action === 'refund' && subscription.serviceStatus === 'Refund requested') {
    throw conflict(
      'refund-already-requested',
      'Refund already requested',
      'A refund has already been requested for this subscription.',
    );
  }
  if (!isListedSubscription(subscription.serviceStatus)) {
    throw conflict('state-conflict', 'Nothing to change', `The subscription is ${subscription.serviceStatus}.`);
  }
  if (isInProgress(subscription.serviceStatus)) {
    throw conflict(
      'subscription-in-progress',
      'Order in progress',
      'We are currently processing your order. Please check again later.',
    );
  }
  if (action === 'refund' && !isInCoolingOff(subscription.CoolingOffPeriodEndDate, today)) {
    throw conflict(
      'refund-not-available',
      'Refund not available',
      'A full refund is not an active option for this subscription.',
    );
  }
  if (action !== 'refund' && !showAutoRenewal) {
    throw conflict(
      'auto-renewal-not-available',
      'Auto-renewal not available',
      'Auto-renewal is not available in this region.',
    );
  }

  const done = (message: string): Schemas['SubscriptionActionResult'] => ({
    result: 'Success',
    subscriptionId,
    message,
  });
  const wantsOn = action === 'reactivateAutoRenewal';
  if (action !== 'refund' && subscription.isAutoRenewalActivated === wantsOn) {
    return done(wantsOn ? SUBSCRIPTION_TOASTS.autoRenewalOn(name) : SUBSCRIPTION_TOASTS.autoRenewalOff(name));
  }

  const details: CancellationDetails = {
    ...(reason.reason ? { cancellationReason: reason.reason as CancellationDetails['cancellationReason'] } : {}),
    ...(reason.additionalInfo ? { additionalInfo: reason.additionalInfo } : {}),
    isCommerceStorefront: true,
  };
  const outcome = await changeSubscription(
    ctx,
    customer,
    action === 'reactivateAutoRenewal'
      ? { method: 'ReactivateAutoRenewal', recordId: subscriptionId }
      : {
          method: action === 'refund' ? 'RequestRefund' : 'CancelAutoRenewal',
          recordId: subscriptionId,
          ...(subscription.referenceId ? { referenceId: subscription.referenceId } : {}),
          details,
        },
  );
  if (!outcome) throw new AppError(404, 'not-found', 'Not found', 'The requested resource was not found.');
  if (outcome.result !== 'Success') {
    shopper.log.warn({ subscriptionId, action, message: outcome.message }, 'order management refused the change');
    throw conflict('state-conflict', 'Nothing to change', outcome.message ?? 'The subscription could not be changed.');
  }
  if (action === 'refund') return done(SUBSCRIPTION_TOASTS.refunded);
  return done(wantsOn ? SUBSCRIPTION_TOASTS.autoRenewalOn(name) : SUBSCRIPTION_TOASTS.autoRenewalOff(name));
}
