/**
 * A registered customer's saved addresses at checkout (storefront §6: "Registered customers get
 * saved addresses and saved payment methods. Guest checkout saves no addresses."; §3 Saved address;
 * §7 Addresses: create by addressName). The list comes from the commerce customer of the shopper's
 * own token, so no customer ever reads another's; a guest gets none and saves none. The address a
 * registered customer enters at the billing step is saved to the address book unless an address
 * with the same fields is already there; a refused save is logged with §8's "Error on Update
 * customer on Commerce" and does not stop the checkout (the basket already holds the address).
 */
import { randomBytes } from 'node:crypto';
import type { components as CommerceComponents } from '../../../../generated/commerce/types.ts';
import type { components } from '../../../../generated/proxy/types.ts';
import type { AppContext } from '../../context.ts';
import { isSupportedAddressCountry } from '../../../../domain/postal-codes.ts';
import { commerceCall } from '../../upstream/commerce/commerce-answer.ts';
import type { Shopper } from '../identity/shopper.ts';
import {
  createCustomerAddress,
  getCustomer,
  registeredCustomer,
  type CustomerOf,
} from '../../upstream/commerce/customers.ts';

type Schemas = components['schemas'];
type CommerceAddress = CommerceComponents['schemas']['CustomerAddress'];

export const CUSTOMER_UPDATE_FAILED_TEXT = 'Error on Update customer on Commerce';

const FIELDS = [
  'firstName',
  'lastName',
  'countryCode',
  'address1',
  'address2',
  'city',
  'stateCode',
  'postalCode',
] as const;

/** §3: countryCode may arrive as an object with a value; address2 may be joined to address1 with a pipe. */
export function toSavedAddress(saved: CommerceAddress): Schemas['SavedAddress'] | null {
  const raw = saved as CommerceAddress & { countryCode?: unknown };
  const country =
    typeof raw.countryCode === 'object' && raw.countryCode !== null
      ? String((raw.countryCode as { value?: unknown }).value ?? '')
      : String(raw.countryCode ?? '');
  const [line1 = '', ...rest] = (saved.address1 ?? '').split('|');
  const address2 = saved.address2 || rest.join('|') || null;
  if (!saved.firstName || !saved.lastName || !line1 || !saved.city || !saved.postalCode) return null;
  if (!isSupportedAddressCountry(country)) return null;
  return {
    addressId: saved.addressId,
    preferred: saved.preferred === true,
    address: {
      firstName: saved.firstName,
      lastName: saved.lastName,
      countryCode: country,
      address1: line1,
      address2,
      city: saved.city,
      stateCode: saved.stateCode || null,
      postalCode: saved.postalCode,
    },
  };
}

async function readAddresses(ctx: AppContext, shopper: Shopper, customer: CustomerOf): Promise<CommerceAddress[]> {
  const profile = await commerceCall(shopper, 'customer', getCustomer(ctx, customer));
  return profile.addresses ?? [];
}

/** GET /checkout/saved-addresses: the usable saved addresses, the preferred one first; none for a guest. */
export async function listSavedAddresses(ctx: AppContext, shopper: Shopper): Promise<Schemas['SavedAddressList']> {
  // None for a guest, who has no address book.
  const customer = registeredCustomer(shopper);
  if (!customer) return { addresses: [] };
  const addresses = (await readAddresses(ctx, shopper, customer))
    .map(toSavedAddress)
    // Only addresses the market bills to (storefront §5 countryCode "options from an allowed country list").
    .filter(
      (a): a is Schemas['SavedAddress'] =>
        a !== null && shopper.market.allowedCountries.includes(a.address.countryCode),
    )
    .sort((a, b) => Number(b.preferred) - Number(a.preferred));
  return { addresses };
}

const sameFields = (a: Schemas['Address'], b: Schemas['Address']) =>
  FIELDS.every((key) => (a[key] ?? '').trim() === (b[key] ?? '').trim());

/** Saves the entered address to a registered customer's address book (a guest's is never saved). */
export async function saveCheckoutAddress(
  ctx: AppContext,
  shopper: Shopper,
  address: Schemas['Address'],
): Promise<void> {
  const customer = registeredCustomer(shopper);
  if (!customer) return;
  try {
    const saved = await readAddresses(ctx, shopper, customer);
    if (
      saved.some((s) => {
        const known = toSavedAddress(s);
        return known !== null && sameFields(known.address, address);
      })
    )
      return;
    const line2 = address.address2?.trim();
    const { response, error } = await createCustomerAddress(ctx, customer, {
      addressId: `checkout-${randomBytes(4).toString('hex')}`,
      firstName: address.firstName.trim(),
      lastName: address.lastName.trim(),
      address1: line2 ? `${address.address1.trim()}|${line2}` : address.address1.trim(),
      city: address.city.trim(),
      postalCode: address.postalCode.trim(),
      countryCode: address.countryCode,
      ...(address.stateCode ? { stateCode: address.stateCode } : {}),
      preferred: saved.length === 0,
    });
    if (!response.ok)
      shopper.log.error(
        { status: response.status, detail: (error as { detail?: string } | undefined)?.detail },
        CUSTOMER_UPDATE_FAILED_TEXT,
      );
  } catch (cause) {
    shopper.log.error({ err: cause }, CUSTOMER_UPDATE_FAILED_TEXT);
  }
}
