/**
 * The registered customer's saved card at checkout (storefront §6 "Registered customers get saved
 * addresses and saved payment methods"; account §1 one saved method): the account's stored payment
 * record in the order-management system, read in checkout context, as the market's provider holds
 * the card now and only while it has not expired. The payment step offers it; an order that asks
 * for it pays with this method, never with one the browser names.
 */
import type { components } from '../../../../generated/proxy/types.ts';
import type { AppContext } from '../../context.ts';
import { savedMethodDisplay, savedMethodType, storedMethodOf } from '../account/payment-display.ts';
import { customerOf, paymentMethodInformation } from '../account/som.ts';
import { savedCardUnavailable } from '../payments/payment-problems.ts';
import type { StoredCard } from '../payments/provider.ts';
import { paymentProvider } from '../payments/providers.ts';
import type { Shopper } from '../shopper.ts';

type Schemas = components['schemas'];

export interface SavedCard {
  /** The card as the payment step shows it. */
  display: Schemas['PaymentMethodDisplay'];
  /** The card as its provider holds it, to pay with. */
  card: StoredCard;
}

/** The saved card a registered customer can pay with; null for a guest or without a usable one. */
export async function savedCardOf(ctx: AppContext, shopper: Shopper): Promise<SavedCard | null> {
  if (shopper.session.authType !== 'registered' || !shopper.session.principalUUID) return null;
  const record = (await paymentMethodInformation(ctx, customerOf(shopper), true)).paymentMethod;
  if (!record?.token || savedMethodType(record) !== 'CREDIT_CARD') return null;
  const card = await paymentProvider(shopper.market.provider).storedCard(ctx, storedMethodOf(shopper, record.token));
  if (!card) return null;
  const display = savedMethodDisplay(record, Date.now(), card.card);
  return display && !display.expired ? { display, card } : null;
}

/** The saved card as the payment step offers it: a failed read offers none (a warning), it never blocks paying. */
export async function offeredSavedCard(
  ctx: AppContext,
  shopper: Shopper,
): Promise<Schemas['PaymentMethodDisplay'] | null> {
  try {
    return (await savedCardOf(ctx, shopper))?.display ?? null;
  } catch (error) {
    shopper.log.warn({ err: error }, 'saved card not readable: the payment step offers none');
    return null;
  }
}

/** The saved card an order asked for (PlaceOrderRequest.useSavedPaymentMethod); 422 when there is none to use. */
export async function savedCardToPay(ctx: AppContext, shopper: Shopper): Promise<StoredCard> {
  const saved = await savedCardOf(ctx, shopper);
  if (!saved) throw savedCardUnavailable();
  return saved.card;
}
