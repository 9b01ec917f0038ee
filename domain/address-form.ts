// Address form rules: storefront §5 "Address form" table, labels, lookup rules and errors; storefront §4
// "Address form modes"; storefront §3 Saved address (countryCode object, address2 joined with a pipe);
// storefront §9 address limits and lookup limits; account §3/§5 billing address.
// The form's schema starts from the contract's Address (the body of setShippingAddress and
// setBillingAddress), generated for zod/mini (docs/decisions/004): the same checks as zod's classic
// API, tree-shaken to what the form uses (the checkout's bundle). The spec adds its messages.
import * as z from 'zod/mini';
import { zAddress } from '../generated/proxy/zod-mini/zod.gen.ts';
import { hasStateField, SUPPORTED_ADDRESS_COUNTRIES } from './postal-codes.ts';

/**
 * The contract's maxLength of a generated string schema (optional or nullable too): its
 * max_length check, as zod's JSON Schema output reads it.
 */
import { marketOfLocale } from './locales.ts';
export function contractMaxLength(schema: z.ZodMiniType): number {
  const { def } = schema;
  if ('innerType' in def) return contractMaxLength(def.innerType as z.ZodMiniType);
  for (const check of def.checks ?? []) {
    const checkDef = check._zod.def as Partial<z.core.$ZodCheckMaxLengthDef>;
    if (checkDef.check === 'max_length' && checkDef.maximum !== undefined) return checkDef.maximum;
  }
  throw new Error('The contract gives this field no maxLength');
}

/** The inputs' limits (storefront §5 Address form), read off the contract. */
export const ADDRESS_LIMITS = {
  name: contractMaxLength(zAddress.shape.firstName),
  addressLine: contractMaxLength(zAddress.shape.address1),
  city: contractMaxLength(zAddress.shape.city),
  postalCode: contractMaxLength(zAddress.shape.postalCode),
} as const;

export const ADDRESS_FORM_MESSAGES = {
  firstName: 'Please enter a first name.',
  lastName: 'Please enter your last name.',
  countryCode: 'Please select your country.',
  address1: 'Please enter your address.',
  city: 'Please enter your town or city.',
  state: 'Please select a state.',
  postalCode: 'Please enter a postal code.',
  addressLookup: 'Please select a billing address.',
} as const;

export const ADDRESS_FORM_LABELS = {
  firstName: 'First name',
  lastName: 'Last name',
  countryCode: 'Country',
  address1: 'Address line 1',
  address2: 'Address line 2 (Optional)',
  city: 'Town or city',
  state: 'State',
  postalCode: 'Postal code',
} as const;

export const ADDRESS_LOOKUP_HINT = 'Enter full address or postcode.';
export const ADDRESS_LOOKUP_NOT_FOUND_MESSAGE =
  'Address cannot be found. Please try a different address or add your address manually.';
export const ADDRESS_LOOKUP_UNAVAILABLE_MESSAGE =
  'Address lookup service is unavailable. Please enter your address manually.';
export const ADD_ADDRESS_MANUALLY_LABEL = 'Add address manually';
export const BACK_TO_ADDRESS_LOOKUP_LABEL = 'Back to address lookup';
/** Probe text searched on load to check availability (storefront §4). */
export const ADDRESS_LOOKUP_PROBE_TEXT = 'test';
export const ADDRESS_LOOKUP_MIN_CHARS = 3;
export const ADDRESS_LOOKUP_LIMIT = 10;

/** Lookup text triggers a search only at 3 or more characters. */
export function shouldSearchAddressLookup(text: string | null | undefined): boolean {
  return (text ?? '').trim().length >= ADDRESS_LOOKUP_MIN_CHARS;
}

export type AddressLookupOutcome = 'ok' | 'unavailable' | 'notFound';

export interface AddressLookupResult {
  /** Error code from the lookup service or the HTTP status of a failed call. */
  errorCode?: number | string | null;
  networkError?: boolean;
  itemCount?: number;
}

/**
 * Codes 400-599, codes above 1008 or a network error → unavailable (switch to manual entry);
 * codes 1001-1008 or an empty result → not found (field invalid). Other error codes count as not found.
 */
export function addressLookupOutcome(result: AddressLookupResult): AddressLookupOutcome {
  if (result.networkError) return 'unavailable';
  const hasCode = result.errorCode !== undefined && result.errorCode !== null && result.errorCode !== '';
  if (hasCode) {
    const code = Number(result.errorCode);
    if ((code >= 400 && code <= 599) || code > 1008) return 'unavailable';
    return 'notFound';
  }
  return (result.itemCount ?? 0) > 0 ? 'ok' : 'notFound';
}

export const ADDRESS_LINE_SEPARATOR = '|';

/** For storage, address2 is joined to address1 with a pipe. */
export function joinAddressLines(address1: string, address2?: string | null): string {
  const second = (address2 ?? '').trim();
  return second ? `${address1}${ADDRESS_LINE_SEPARATOR}${second}` : address1;
}

/** Splits a stored street (first pipe) back into address1 and address2. */
export function splitAddressLines(street: string | null | undefined): { address1: string; address2: string } {
  const value = street ?? '';
  const at = value.indexOf(ADDRESS_LINE_SEPARATOR);
  if (at < 0) return { address1: value, address2: '' };
  return { address1: value.slice(0, at), address2: value.slice(at + 1) };
}

/** countryCode may arrive as an object with a value. */
export function normalizeCountryCode(value: string | { value?: string | null } | null | undefined): string {
  const code = typeof value === 'string' ? value : (value?.value ?? '');
  return code.trim().toUpperCase();
}

/**
 * Default country from the locale (storefront §5 "default from the locale's country part"): its
 * market's country, 'en-GB' → 'GB'. The pseudo-locale's region XB is no country: en-XB is the Slovak
 * market's locale (storefront §9, domain/locales.ts), so its addresses default to Slovakia.
 */
export const defaultCountryFromLocale = (locale: string | null | undefined): string | undefined =>
  marketOfLocale(locale ?? '')?.country;

export interface AddressFormSchemaOptions {
  /** Allowed country list; defaults to the supported address countries (storefront §5). */
  countries?: readonly string[];
  /** Lookup mode requires the addressLookup field. */
  lookupMode?: boolean;
}

/**
 * The address form's schema (storefront §5 Address form table): the contract's Address, each
 * required field first trimmed and given the spec's message when missing or blank; the contract
 * then checks its limits and patterns. The form adds the country list, the state rule for US and
 * CA, and, in lookup mode, the chosen lookup result.
 */
export function addressFormSchema(options: AddressFormSchemaOptions = {}) {
  const countries: readonly string[] = options.countries ?? SUPPORTED_ADDRESS_COUNTRIES;
  const contract = zAddress.shape;
  const required = <Out>(field: z.ZodMiniType<Out, string>, message: string) =>
    z.pipe(z.string({ error: message }).check(z.trim(), z.minLength(1, message)), field);
  return z
    .object({
      firstName: required(contract.firstName, ADDRESS_FORM_MESSAGES.firstName),
      lastName: required(contract.lastName, ADDRESS_FORM_MESSAGES.lastName),
      countryCode: z.pipe(
        z
          .string({ error: ADDRESS_FORM_MESSAGES.countryCode })
          .check(z.refine((code) => countries.includes(code), ADDRESS_FORM_MESSAGES.countryCode)),
        contract.countryCode,
      ),
      address1: required(contract.address1, ADDRESS_FORM_MESSAGES.address1),
      address2: contract.address2,
      city: required(contract.city, ADDRESS_FORM_MESSAGES.city),
      // Empty while no state is chosen (a country without states); else the contract's state code.
      stateCode: z.optional(
        z
          .string()
          .check(
            z.refine((code) => code === '' || contract.stateCode.safeParse(code).success, ADDRESS_FORM_MESSAGES.state),
          ),
      ),
      postalCode: required(contract.postalCode, ADDRESS_FORM_MESSAGES.postalCode),
      addressLookup: options.lookupMode
        ? z
            .string({ error: ADDRESS_FORM_MESSAGES.addressLookup })
            .check(z.minLength(1, ADDRESS_FORM_MESSAGES.addressLookup))
        : z.optional(z.string()),
    })
    .check(
      z.superRefine((value, ctx) => {
        if (hasStateField(value.countryCode) && !value.stateCode?.trim()) {
          ctx.addIssue({ code: 'custom', path: ['stateCode'], message: ADDRESS_FORM_MESSAGES.state });
        }
      }),
    );
}
/** What the form holds (strings as typed). */
export type AddressFormInput = z.input<ReturnType<typeof addressFormSchema>>;
/** What the form submits: trimmed, the country one of the contract's. */
export type AddressFormValues = z.output<ReturnType<typeof addressFormSchema>>;
