/**
 * Adding and replacing the customer's one saved method (account §2 Add and Edit payment method, §3
 * payment save payload, §4 "For Stripe, a payment customer is found or created, then the payment
 * method is attached and a setup is confirmed, with redirect only if required", §5 billing mismatch),
 * and finishing a saving after 3-D Secure or a bank page.
 */
import { randomUUID } from 'node:crypto';
import { orderSystemPaymentType, providerMethodType } from '../../../../domain/payment-method.ts';
import type { components } from '../../../../generated/proxy/types.ts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { isShopUrl } from '../../http/shop-path.ts';
import { fromAddress } from '../../upstream/commerce/baskets.ts';
import {
  asPaymentProblem,
  billingMismatch,
  methodNotOffered,
  methodTypeMismatch,
  wrongProvider,
} from '../payments/payment-problems.ts';
import { bankPaymentInformation } from '../payments/bank-fields.ts';
import {
  type BankAccountFacts,
  type CardFacts,
  type ProviderReferences,
  type ReturnRequest,
  type SaveResult,
  type StoredMethod,
} from '../payments/provider.ts';
import { paymentProvider } from '../payments/providers.ts';
import { customPreferences } from '../../upstream/commerce/preferences.ts';
import type { Shopper } from '../identity/shopper.ts';
import {
  billingPayload,
  checkBillingRegion,
  noMethod,
  paymentMethodPage,
  refusedByOrderSystem,
  requireEnabledCustomer,
  storedMethodOf,
} from './payment-method.ts';
import { changePaymentRecord, customerOf, paymentMethodInformation, type Som } from '../../upstream/som.ts';

type Schemas = components['schemas'];

type SaveAnswer =
  { status: 200 | 201; body: Schemas['PaymentMethodPage'] } | { status: 202; body: Schemas['ActionRequired'] };

const cannotAdd = () =>
  new AppError(
    422,
    'payment-method-cannot-be-added',
    'Payment method can’t be added',
    'We’re sorry but it isn’t possible to add a payment method at this time. You will be able to add a payment method when you place an order.',
  );

/**
 * The payload of the stored record (§3 Payment save payload): the method's facts and the billing
 * address; a bank debit's bank code and payment information (bank-fields.ts, decision 020).
 */
function savePayload(
  type: Schemas['PaymentMethodType'],
  saved: { stored: StoredMethod; card?: CardFacts | undefined; bank?: BankAccountFacts | undefined },
  address: Schemas['Address'],
): Som['PaymentSavePayload'] {
  const { stored, card, bank } = saved;
  const brand = card?.brand ? card.brand.charAt(0).toUpperCase() + card.brand.slice(1) : undefined;
  return {
    SNP_OMS_PaymentType__c: orderSystemPaymentType(type),
    SNP_OMS_PaymentMethodToken__c: stored.token,
    ...(brand ? { SNP_OMS_CardType__c: brand } : {}),
    ...(card?.last4 ? { SNP_OMS_Last4Digits__c: card.last4 } : {}),
    ...(bank?.bankCode ? { SNP_OMS_BankCode__c: bank.bankCode } : {}),
    SNP_OMS_PaymentInformation__c: card?.last4
      ? `${brand ?? 'Card'} ending ${card.last4}`
      : bank
        ? bankPaymentInformation(orderSystemPaymentType(type), bank)
        : orderSystemPaymentType(type),
    ...billingPayload(address),
  };
}

/**
 * POST (add) or PUT (update) /account/payment-method: the region and the provider first, then the
 * method read from the provider and the billing mismatch control where the card's country is known,
 * then the saving (amount 0) at the provider — a 202 with the redirect when 3-D Secure or a bank page
 * must approve it — and the stored record. One method is kept: once the new one is stored, the
 * provider removes the others (Adyen: all the shopper's other stored methods; Stripe: the replaced
 * one). A mismatch found after saving removes the new method (§5).
 */
export async function savePaymentMethod(
  ctx: AppContext,
  shopper: Shopper,
  request: Schemas['SavePaymentMethodRequest'],
  mode: 'add' | 'update',
  ipAddress: string,
  userAgent = '',
): Promise<SaveAnswer> {
  const customer = customerOf(shopper);
  const information = await paymentMethodInformation(ctx, customer);
  // Account §6: nothing of the payment content for a customer who is not enabled, before any provider call.
  await requireEnabledCustomer(ctx, customer, information);
  if (request.provider !== shopper.market.provider) throw wrongProvider(shopper.market.provider);
  checkBillingRegion(ctx, shopper, request.billingAddress);
  if (information.accountRecordId === null) throw cannotAdd();
  // The region's saving switched off (its flag unset, §2), or its preferences unreadable: Add is refused
  // as the page's modal says; an Edit of the saved method goes on.
  if (mode === 'add' && !(await savingAllowed(ctx, shopper))) throw cannotAdd();
  if (mode === 'add' && information.paymentMethod) {
    throw new AppError(
      409,
      'payment-method-exists',
      'Payment method already saved',
      'A payment method is saved already: edit it instead.',
    );
  }
  if (mode === 'update' && !information.paymentMethod) throw noMethod();

  const provider = paymentProvider(request.provider);
  const method = await provider.checkMethod(ctx, shopper, request);
  // The record's type is the method's as its provider holds it (a wallet's card is GooglePay or ApplePay).
  const methodType = providerMethodType(method);
  if (methodType !== request.paymentMethodType) throw methodTypeMismatch(request.paymentMethodType, methodType);
  if (!shopper.market.paymentMethods.includes(methodType)) throw methodNotOffered(methodType);
  const mismatch = await mismatchControl(ctx, shopper, request.billingAddress);
  if (method.type === 'card' && mismatch(method.card?.country)) throw billingMismatch();

  const record: ProviderReferences = { key: randomUUID(), paymentType: request.paymentMethodType };
  const name = `${request.billingAddress.firstName} ${request.billingAddress.lastName}`.trim();
  const result = await provider
    .saveMethod(ctx, shopper, {
      record,
      method,
      request,
      currency: shopper.market.currency,
      customer: { email: shopper.session.customer?.email ?? '', name },
      billing: fromAddress(request.billingAddress),
      client: { ipAddress, userAgent },
      // Only a return to the shop itself: another origin would make the provider's page an open redirect (issue 17).
      returnUrl:
        request.returnUrl !== undefined && isShopUrl(request.returnUrl, ctx.config.publicOrigin)
          ? request.returnUrl
          : // `mode`: the page's toast after the provider's page says "added" or "updated" (account §2).
            `${ctx.config.publicOrigin}/${shopper.locale}/account/my-payment-method?context=accountPaymentMethod&provider=${request.provider}&mode=${mode}`,
    })
    .catch((error: unknown) => {
      // Unreachable, too slow or unreadable (issue 17's fault table): the §8 connection error, never a 500.
      throw asPaymentProblem(error);
    });
  if (result.status === 'actionRequired') {
    shopper.session.pendingMethodSave = {
      mode,
      provider: request.provider,
      ...record,
      ...(method.id ? { methodId: method.id } : {}),
      billingAddress: request.billingAddress,
      ipAddress,
    };
    await shopper.persist();
    return {
      status: 202,
      body: {
        outcome: 'actionRequired',
        actionType: result.actionType,
        orderNo: null,
        ...(result.redirectUrl ? { redirectUrl: result.redirectUrl } : {}),
        ...(result.adyen ? { adyen: result.adyen } : {}),
      },
    };
  }
  if (result.status === 'processing') throw stillProcessing();
  return storeSaved(
    ctx,
    shopper,
    { mode, type: request.paymentMethodType, address: request.billingAddress, ipAddress },
    result,
    mismatch,
  );
}

/**
 * Back from 3-D Secure or the bank page of a saving (confirmPayment, context accountPaymentMethod;
 * §2: the page finishes a bank-debit save with setup_intent, setup_intent_client_secret and
 * redirect_status): the result read back from the provider, never the browser's, then the record.
 */
export async function finishPaymentMethodSave(
  ctx: AppContext,
  shopper: Shopper,
  request: ReturnRequest,
): Promise<{ status: 200; body: Schemas['PaymentConfirmation'] }> {
  const pending = shopper.session.pendingMethodSave;
  if (!pending)
    throw new AppError(404, 'not-found', 'Not found', 'There is no payment method waiting for confirmation.');
  if (request.setup_intent && request.setup_intent !== pending.setupIntentId) {
    throw new AppError(400, 'validation-error', 'Invalid request', 'The setup intent does not belong to this saving.', {
      errors: [{ field: '/setup_intent', message: 'Unknown setup intent.', code: 'mismatch' }],
    });
  }
  const provider = paymentProvider(pending.provider);
  const result = await provider.confirmSave(ctx, shopper, pending, pending.methodId, request);
  if (result.status === 'actionRequired' || result.status === 'processing') throw stillProcessing();
  delete shopper.session.pendingMethodSave;
  await shopper.persist();
  const mismatch = await mismatchControl(ctx, shopper, pending.billingAddress);
  await storeSaved(
    ctx,
    shopper,
    {
      mode: pending.mode,
      type: pending.paymentType as Schemas['PaymentMethodType'],
      address: pending.billingAddress,
      ipAddress: pending.ipAddress,
    },
    result,
    mismatch,
  );
  return { status: 200, body: { outcome: 'paymentMethodSaved', orderNo: null, status: null } };
}

/** Whether the region lets the account add a payment method (account §2: "or a flag is unset"). */
async function savingAllowed(ctx: AppContext, shopper: Shopper): Promise<boolean> {
  const preferences = await customPreferences(ctx, shopper.siteId, shopper.market.country, shopper.headers);
  return preferences.c_allowPaymentMethodSaving === true;
}

/**
 * The region's billing mismatch control (§5): when on, a card or bank account of another country than
 * the billing address's.
 */
async function mismatchControl(ctx: AppContext, shopper: Shopper, address: Schemas['Address']) {
  const preferences = await customPreferences(ctx, shopper.siteId, shopper.market.country, shopper.headers);
  return (country: string | null | undefined) =>
    preferences.c_billingMismatchControl === true && Boolean(country) && country !== address.countryCode;
}

const stillProcessing = () =>
  new AppError(
    409,
    'payment-method-processing',
    'Not saved yet',
    'Your bank has not confirmed the payment method yet. Please check again later.',
  );

async function storeSaved(
  ctx: AppContext,
  shopper: Shopper,
  saving: {
    mode: 'add' | 'update';
    type: Schemas['PaymentMethodType'];
    address: Schemas['Address'];
    ipAddress: string;
  },
  result: Extract<SaveResult, { status: 'saved' }>,
  mismatch: (country: string | null | undefined) => boolean,
): Promise<{ status: 200 | 201; body: Schemas['PaymentMethodPage'] }> {
  const provider = paymentProvider(shopper.market.provider);
  // §5: the card's country, or a bank debit's account's (Stripe's iDEAL and Bancontact tell it once
  // the bank approved the set-up).
  if (mismatch(result.card?.country ?? result.bank?.country)) {
    // §5: the newly saved method is removed (Adyen answers the card's country only once it is stored).
    await provider.removeStoredMethod(ctx, result.stored);
    throw billingMismatch();
  }
  const customer = customerOf(shopper);
  // A customer no longer enabled by the time 3-D Secure or the bank page approved it (§6): the new
  // method is removed again and no record is written.
  const information = await paymentMethodInformation(ctx, customer);
  await requireEnabledCustomer(ctx, customer, information).catch(async (error: unknown) => {
    await provider.removeStoredMethod(ctx, result.stored);
    throw error;
  });
  const payload = savePayload(saving.type, result, saving.address);
  const previous = information.paymentMethod;
  const outcome = previous
    ? await changePaymentRecord(ctx, customer, {
        method: 'UpdatePaymentMethod',
        recordId: previous.recordId,
        payload,
        ipAddress: saving.ipAddress,
      })
    : await changePaymentRecord(ctx, customer, {
        method: 'AddPaymentMethod',
        accountId: information.accountRecordId!,
        payload,
        ipAddress: saving.ipAddress,
      });
  if (!outcome) throw noMethod();
  if (outcome.result !== 'Success') throw refusedByOrderSystem(shopper, outcome);
  // One method kept (§7 keep one): the others leave the provider too — at Adyen every other stored
  // method of the shopper, at Stripe the replaced one. Not removed is logged, never fatal.
  const replaced = previous ? storedMethodOf(shopper, previous.token) : undefined;
  await provider
    .keepOnlyStoredMethod(ctx, result.stored, replaced)
    .catch((error: unknown) => shopper.log.warn({ err: error }, 'other payment methods not removed at the provider'));
  return { status: saving.mode === 'add' ? 201 : 200, body: await paymentMethodPage(ctx, shopper) };
}
