/**
 * The shopper's side of an Adyen /payments request (Checkout v71; issue 31, docs/decisions/020):
 * the component's state.data forwarded as Adyen's PaymentRequest names its fields, the checkout's
 * billing address made complete for 3-D Secure 2 (the street and the house number apart, as Adyen's
 * BillingAddress asks), and the `shopperReference` a stored method is kept under. adyen.ts adds
 * what the server decides (amount, reference, merchant account, recurring flags, channel, IP,
 * return URL) and reads the stored method back from the answer.
 */
import type { components as AdyenComponents } from '../../../../generated/adyen/types.ts';
import type { components } from '../../../../generated/proxy/types.ts';
import type { ShopperTokens } from '../../session.ts';
import type { CommerceAddress } from '../../upstream/commerce/baskets.ts';

type AdyenSchemas = AdyenComponents['schemas'];
type PaymentRequest = AdyenSchemas['PaymentRequest'];
export type AdyenStateData = components['schemas']['AdyenStateData'];

/**
 * Adyen Web's value for an address field it did not collect (its Address component's
 * FALLBACK_VALUE): the house number of a street line that names none.
 */
export const NOT_GIVEN = 'N/A';
/** Adyen's country for an address whose country is unknown (BillingAddress.country, DeliveryAddress.country). */
const UNKNOWN_COUNTRY = 'ZZ';

/**
 * The shopperReference a customer's stored methods are kept under at Adyen: the commerce customer
 * id. A registered customer keeps it for good (decision 030 keys the customer by the directory
 * UID, never by e-mail); a guest has its own, which the order records. It names no person (Adyen:
 * no personal data) and is at least 3 characters; undefined when the shopper has none.
 */
export function adyenShopperReference(tokens: Pick<ShopperTokens, 'customerId'> | undefined): string | undefined {
  const id = tokens?.customerId?.trim();
  return id && id.length >= 3 ? id : undefined;
}

/** A house number: digits, a letter or bis/ter, a second number after a slash or a dash (12, 8bis, 5 ter, 832/19, 4-6). */
const HOUSE = String.raw`\d+(?:\s?(?:bis|ter|quater)|[A-Za-z])?(?:[/-]\d+[A-Za-z]?)?`;
const LEADING = new RegExp(String.raw`^(${HOUSE})(?:\s*,\s*|\s+)(\S.*)$`, 'i');
const TRAILING = new RegExp(String.raw`^(.*?\S)(?:\s*,\s*|\s+)(?:n[°º.]?\s*)?(${HOUSE})$`, 'i');

/**
 * The street and the house number of a street line, as Adyen's BillingAddress keeps them apart
 * ("The house number should not be included in this field"): the number leading the line (FR "8 Rue
 * de Rivoli") or ending it (IT "Via Roma 12", ES "Calle Mayor, 5", CZ "Václavské náměstí 832/19");
 * a line that names no number keeps its whole text as the street, and the house number is Adyen
 * Web's "N/A".
 */
export function splitStreetLine(line: string): { street: string; houseNumberOrName: string } {
  const text = line.trim().replace(/\s+/g, ' ');
  const leading = LEADING.exec(text);
  if (leading) return { houseNumberOrName: leading[1]!, street: leading[2]! };
  const trailing = TRAILING.exec(text);
  if (trailing) return { street: trailing[1]!, houseNumberOrName: trailing[2]! };
  return { street: text, houseNumberOrName: NOT_GIVEN };
}

/**
 * The checkout's billing address as Adyen's BillingAddress, every field it requires for 3-D Secure 2
 * given: the house number from the first line, and the second line after the street (Adyen has no
 * second line; the house number field holds the number alone).
 */
export function adyenBillingAddress(billing: CommerceAddress): NonNullable<PaymentRequest['billingAddress']> {
  const { street, houseNumberOrName } = splitStreetLine(billing.address1 ?? '');
  const second = billing.address2?.trim();
  return {
    street: second ? `${street}, ${second}` : street,
    houseNumberOrName,
    postalCode: billing.postalCode ?? '',
    city: billing.city ?? '',
    country: (billing.countryCode ?? '').toUpperCase() || UNKNOWN_COUNTRY,
    ...(billing.stateCode ? { stateOrProvince: billing.stateCode } : {}),
  };
}

/**
 * The PaymentRequest fields of the component's state.data, as given: the method, the browser and
 * origin, the risk module's data, the shopper's telephone and delivery address. The billing address,
 * name and e-mail come with the checkout's (`shopperFields`). `clientStateDataIndicator` is Adyen Web's
 * own marker and no field of Adyen's v71 PaymentRequest, which refuses unknown fields: it stays here.
 */
export function stateDataFields(
  state: AdyenStateData | undefined,
): Pick<PaymentRequest, 'browserInfo' | 'origin' | 'riskData' | 'deliveryAddress' | 'telephoneNumber'> {
  if (!state) return {};
  const { browserInfo, origin, riskData, deliveryAddress, telephoneNumber } = state;
  return {
    // javaScriptEnabled: Adyen's default (true), which Adyen Web leaves out.
    ...(browserInfo ? { browserInfo: { javaScriptEnabled: true, ...browserInfo } } : {}),
    ...(origin ? { origin } : {}),
    ...(riskData ? { riskData } : {}),
    ...(deliveryAddress
      ? {
          deliveryAddress: {
            street: NOT_GIVEN,
            houseNumberOrName: NOT_GIVEN,
            postalCode: NOT_GIVEN,
            city: NOT_GIVEN,
            country: UNKNOWN_COUNTRY,
            ...deliveryAddress,
          },
        }
      : {}),
    ...(telephoneNumber ? { telephoneNumber } : {}),
  };
}

/**
 * The billing address, name and e-mail: the component's where it collected them (its fields win),
 * completed with the checkout's, so that Adyen gets the whole billing address 3-D Secure 2 asks for.
 */
export function shopperFields(
  state: AdyenStateData | undefined,
  billing: CommerceAddress,
  email: string,
): Pick<PaymentRequest, 'billingAddress' | 'shopperName' | 'shopperEmail'> {
  return {
    billingAddress: { ...adyenBillingAddress(billing), ...withoutNames(state?.billingAddress) },
    shopperName: state?.shopperName ?? { firstName: billing.firstName ?? '', lastName: billing.lastName ?? '' },
    shopperEmail: state?.shopperEmail ?? email,
  };
}

/** An Adyen Web address without the names, which Adyen's BillingAddress does not take. */
function withoutNames(address: AdyenStateData['billingAddress']) {
  if (!address) return {};
  const { firstName: _first, lastName: _last, ...rest } = address;
  return rest;
}

/** The stored method an answer of /payments or /payments/details names (tokenization), if any. */
export function storedMethodOfAnswer(
  extra: Record<string, string>,
): { token: string; shopperReference?: string } | undefined {
  const token = extra['recurring.recurringDetailReference'] ?? extra['tokenization.storedPaymentMethodId'];
  if (!token) return undefined;
  const shopperReference = extra['recurring.shopperReference'] ?? extra['tokenization.shopperReference'];
  return { token, ...(shopperReference ? { shopperReference } : {}) };
}
