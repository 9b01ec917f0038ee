/**
 * What the basket operations of proxy.yaml do (tag basket): each answers the whole basket as the
 * browser sees it. Addresses are checked against the storefront §5 rules first (supported
 * countries, the US/CA state, the shipping postal-code exclusions), and a guest may not use the
 * e-mail of the vehicle owner's account (storefront §2 Checkout).
 */
import { isShippingNotAllowed, isSupportedAddressCountry } from '../../../../domain/postal-codes.ts';
import type { components } from '../../../../generated/proxy/types.ts';
import type { AppContext } from '../../context.ts';
import { AppError, invalidField } from '../../errors.ts';
import { money } from '../../upstream/commerce/catalog.ts';
import type { Shopper } from '../identity/shopper.ts';
import {
  ensureBasket,
  fromAddress,
  getShippingMethods,
  putCustomerEmail,
  putAddress,
  putShippingMethod,
  removeBasketItem,
  requireBasket,
} from '../../upstream/commerce/baskets.ts';
import { basketAnswer } from './basket-view.ts';
import { saveCheckoutAddress } from '../checkout/saved-addresses.ts';

type Schemas = components['schemas'];
type BasketAnswer = Promise<Schemas['Basket']>;

/** The basket, created on demand. */
export async function getBasket(ctx: AppContext, shopper: Shopper): BasketAnswer {
  return basketAnswer(ctx, shopper, await ensureBasket(ctx, shopper));
}

export async function removeItem(ctx: AppContext, shopper: Shopper, itemId: string): BasketAnswer {
  return basketAnswer(ctx, shopper, await removeBasketItem(ctx, shopper, itemId));
}

/** Storefront §5 Address form, countryCode's message. */
const SELECT_COUNTRY = 'Please select your country.';

/**
 * Supported countries (§5), for billing the market's allowed countries (§5 Address form: countryCode
 * "options from an allowed country list", the list GET /api/site gives the select) and, for shipping,
 * the postal-code exclusions; field errors otherwise.
 */
function checkAddress(address: Schemas['Address'], shopper: Shopper, shipping: boolean): void {
  if (!isSupportedAddressCountry(address.countryCode)) {
    throw new AppError(422, 'country-not-supported', 'Country not supported', SELECT_COUNTRY, {
      code: 'country_not_supported',
      errors: [{ field: '/countryCode', message: SELECT_COUNTRY, code: 'country_not_supported' }],
    });
  }
  if (!shipping && !shopper.market.allowedCountries.includes(address.countryCode)) {
    throw invalidField(SELECT_COUNTRY, {
      field: '/countryCode',
      message: SELECT_COUNTRY,
      code: 'country_not_supported',
    });
  }
  if ((address.countryCode === 'US' || address.countryCode === 'CA') && !address.stateCode) {
    const message = 'Please select a state.';
    throw invalidField(message, { field: '/stateCode', message, code: 'required' }, 422);
  }
  const extraMarket = ['SK', 'CA', 'US'].includes(shopper.market.country);
  const marketCountry = shopper.market.country;
  if (shipping && isShippingNotAllowed(address.countryCode, address.postalCode, { extraMarket, marketCountry })) {
    throw new AppError(
      422,
      'postal-code-excluded',
      'Postal code not supported',
      `Shipping is not available to postal code ${address.postalCode} in ${address.countryCode}.`,
      {
        code: 'postal_code_excluded',
        errors: [
          {
            field: '/postalCode',
            message: 'Shipping is not available to this postal code.',
            code: 'postal_code_excluded',
          },
        ],
      },
    );
  }
}

/** The shipment's or the billing address, checked first (§5); checkAddress's field errors otherwise. */
async function setAddress(
  ctx: AppContext,
  shopper: Shopper,
  kind: 'shipping' | 'billing',
  address: Schemas['Address'],
): BasketAnswer {
  checkAddress(address, shopper, kind === 'shipping');
  const basket = await requireBasket(ctx, shopper);
  return basketAnswer(ctx, shopper, await putAddress(ctx, shopper, basket, kind, fromAddress(address)));
}

export const setShippingAddress = (ctx: AppContext, shopper: Shopper, address: Schemas['Address']): BasketAnswer =>
  setAddress(ctx, shopper, 'shipping', address);

/** The billing address; a registered customer's is also saved to their address book (storefront §6). */
export async function setBillingAddress(ctx: AppContext, shopper: Shopper, address: Schemas['Address']): BasketAnswer {
  const basket = await setAddress(ctx, shopper, 'billing', address);
  await saveCheckoutAddress(ctx, shopper, address);
  return basket;
}

export async function listShippingMethods(ctx: AppContext, shopper: Shopper): Promise<Schemas['ShippingMethodList']> {
  const basket = await requireBasket(ctx, shopper);
  const result = await getShippingMethods(ctx, shopper, basket);
  const currency = basket.currency ?? shopper.market.currency;
  return {
    defaultShippingMethodId: result.defaultShippingMethodId ?? null,
    methods: (result.applicableShippingMethods ?? []).map((m) => ({
      id: m.id,
      name: m.name ?? m.id,
      price: money(m.price ?? 0, currency, shopper.locale),
    })),
  };
}

export async function setShippingMethod(ctx: AppContext, shopper: Shopper, id: string): BasketAnswer {
  const basket = await requireBasket(ctx, shopper);
  return basketAnswer(ctx, shopper, await putShippingMethod(ctx, shopper, basket, id));
}

const EMAIL_LINKED = 'This e-mail address is linked to an account. Please log in to continue.';

/** The e-mail of a guest checkout (a registered shopper's own e-mail otherwise). */
export async function setCustomerEmail(ctx: AppContext, shopper: Shopper, email: string): BasketAnswer {
  // Storefront §2 Checkout "an error for a linked mailbox": a guest may not check out with the
  // e-mail of a registered account (the vehicle owner's); logging in keeps the order on the account.
  const linked = shopper.session.ownerAccountEmail;
  if (shopper.session.authType !== 'registered' && linked && linked.toLowerCase() === email.trim().toLowerCase()) {
    throw new AppError(409, 'email-linked-to-account', 'E-mail linked to an account', EMAIL_LINKED, {
      errors: [{ field: '/email', message: EMAIL_LINKED, code: 'email_linked' }],
    });
  }
  const basket = await ensureBasket(ctx, shopper);
  return basketAnswer(ctx, shopper, await putCustomerEmail(ctx, shopper, basket, email.trim()));
}
