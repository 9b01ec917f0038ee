/**
 * What the market's payment form needs (storefront §4 "Payment setup"): the provider's set-up
 * for the basket's total, or for 0 when the account area only saves a method ("The card amount
 * when only saving a card is 0"). Sandbox mode says so, so the client renders its sandbox forms.
 * At checkout a registered customer is offered the saved card too (storefront §6, account/payment-method.ts).
 */
import type { components } from '../../../../generated/proxy/types.ts';
import type { AppContext } from '../../context.ts';
import { currentBasket } from '../../upstream/commerce/baskets.ts';
import { money } from '../../upstream/commerce/catalog.ts';
import { paymentProvider } from '../payments/providers.ts';
import type { Shopper } from '../identity/shopper.ts';
import { offeredSavedCard } from '../account/payment-method.ts';

type Schemas = components['schemas'];

export async function setupPayment(
  ctx: AppContext,
  shopper: Shopper,
  request: Schemas['PaymentSetupRequest'],
): Promise<Schemas['PaymentSetup']> {
  const savingOnly = request.context === 'accountPaymentMethod';
  const basket = savingOnly ? null : await currentBasket(ctx, shopper);
  const currency = basket?.currency ?? shopper.market.currency;
  const amount = money(savingOnly ? 0 : (basket?.orderTotal ?? 0), currency, shopper.locale);
  const [setup, savedPaymentMethod] = await Promise.all([
    paymentProvider(shopper.market.provider).setup(ctx, shopper, {
      amount,
      email: basket?.customerInfo?.email ?? shopper.session.customer?.email ?? '',
      name: shopper.session.customer?.firstName ?? '',
      sandbox: ctx.config.mode !== 'live',
    }),
    savingOnly ? null : offeredSavedCard(ctx, shopper),
  ]);
  return { ...setup, savedPaymentMethod };
}
