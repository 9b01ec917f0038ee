/**
 * Sandbox mode's stand-in for the browser's Google Pay and Apple Pay sheets (issue 15, storefront §7
 * "a digital wallet script", §9 wallet recurring-payment values): the sandbox wallet sheet's Pay
 * hands over the card chosen in it, and this turns it into what live mode's browser library hands
 * the shop, through the sandbox provider, so that placing the order runs live mode's code:
 *
 * - Stripe: the wallet's payment data becomes a Stripe token (the sandbox's `__wallet/tokens`,
 *   standing in for Google Pay's Stripe gateway and Stripe.js's Apple Pay tokenisation), then
 *   `stripe.createPaymentMethod({elements})` makes the card PaymentMethod from it (`card[token]`,
 *   https://docs.stripe.com/api/payment_methods/create#create_payment_method-card), whose
 *   `card.wallet.type` names the wallet;
 * - Adyen: the wallet's token (Google Pay's PaymentData token, Apple Pay's paymentData) goes into
 *   the component's state.data as `googlePayToken` or `applePayToken`
 *   (docs.adyen.com/payment-methods/google-pay/api-only, /apple-pay/api-only).
 *
 * Not offered in live mode (404), nor where the market's provider does not offer the wallet (422).
 */
import type { WalletType } from '../../../../domain/payment-method.ts';
import type { components } from '../../../../generated/proxy/types.ts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { currentBasket, toAddress } from '../../upstream/commerce/baskets.ts';
import type { Shopper } from '../identity/shopper.ts';
import { methodNotOffered, providerFailure } from './payment-problems.ts';
import { paymentProvider } from './providers.ts';
import { billingDetails, createWithElements, integrationError, sandboxOnly } from './sandbox-methods.ts';

type Schemas = components['schemas'];

/** The wallets' names as each provider's API spells them. */
const STRIPE_WALLET: Record<WalletType, 'google_pay' | 'apple_pay'> = {
  GOOGLE_PAY: 'google_pay',
  APPLE_PAY: 'apple_pay',
};
const ADYEN_WALLET: Record<WalletType, 'googlepay' | 'applepay'> = { GOOGLE_PAY: 'googlepay', APPLE_PAY: 'applepay' };

/** A card the sheet offers that the provider cannot take (not a card number): the sheet's own error. */
const cardRefused = () =>
  new AppError(400, 'validation-error', 'The wallet card was refused', 'Your card number is invalid', {
    errors: [{ field: '/cardNumber', message: 'Your card number is invalid', code: 'invalid_number' }],
  });

/** The wallet's card expires at the end of the year four years on, as a wallet's device card does. */
function walletExpiry(): { month: number; year: number } {
  return { month: 12, year: new Date().getUTCFullYear() + 4 };
}

export async function createSandboxWalletMethod(
  ctx: AppContext,
  shopper: Shopper,
  request: Schemas['SandboxWalletRequest'],
): Promise<Schemas['SandboxWalletMethod']> {
  sandboxOnly(ctx, 'The sandbox wallet is only available in sandbox mode.');
  const wallet = request.paymentMethodType;
  // The wallets the market's provider offers here, as the payment setup tells the page.
  const setup = await paymentProvider(shopper.market.provider).setup(ctx, shopper, {
    amount: { value: 0, currency: shopper.market.currency },
    email: '',
    name: '',
    sandbox: true,
  });
  if (!(setup.wallets ?? []).includes(wallet)) throw methodNotOffered(wallet);
  const expiry = walletExpiry();
  if (shopper.market.provider === 'stripe') {
    const token = await walletCall<{ id?: string }>(ctx, shopper, `${ctx.config.baseUrls.stripe}/__wallet/tokens`, {
      headers: { authorization: `Bearer ${ctx.config.credentials.stripe.publishableKey}` },
      body: {
        wallet: STRIPE_WALLET[wallet],
        card: { number: request.cardNumber, exp_month: expiry.month, exp_year: expiry.year },
      },
    });
    // The wallet's billing contact: the checkout's billing address, as the sheet would share it.
    const billing = toAddress((await currentBasket(ctx, shopper))?.billingAddress);
    const created = await createWithElements(ctx, shopper, request.stripeElements, {
      type: 'card',
      card: { token: token.id ?? '' },
      billing_details: billingDetails(billing ? `${billing.firstName} ${billing.lastName}`.trim() : undefined, billing),
    });
    if (!created.data) {
      if (created.error?.code === 'integration_error') throw integrationError(created.error.message);
      throw providerFailure(created.response.status);
    }
    return { provider: 'stripe', paymentMethodType: wallet, stripePaymentMethodId: created.data.id };
  }
  const type = ADYEN_WALLET[wallet];
  const { token } = await walletCall<{ token?: string }>(
    ctx,
    shopper,
    new URL('../__wallet/tokens', `${ctx.config.baseUrls.adyen}/`).href,
    {
      headers: { 'x-client-key': ctx.config.credentials.adyen.clientKey },
      body: {
        type,
        number: request.cardNumber,
        expiryMonth: String(expiry.month),
        expiryYear: String(expiry.year),
      },
    },
  );
  return {
    provider: 'adyen',
    paymentMethodType: wallet,
    adyenPaymentMethod:
      type === 'googlepay' ? { type, googlePayToken: token ?? '' } : { type, applePayToken: token ?? '' },
  };
}

/** One call of a sandbox provider's wallet control; its refusals as the sheet's problems. */
async function walletCall<T>(
  ctx: AppContext,
  shopper: Shopper,
  url: string,
  { headers, body }: { headers: Record<string, string>; body: unknown },
): Promise<T> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal: shopper.signal,
  }).catch((error: unknown) => {
    shopper.log.warn({ err: error }, "the sandbox wallet's provider did not answer");
    throw providerFailure(503);
  });
  if (response.status === 400 || response.status === 402 || response.status === 422) throw cardRefused();
  if (!response.ok) throw providerFailure(response.status);
  return (await response.json()) as T;
}
