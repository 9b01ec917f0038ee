// The address form's schema (storefront §5 Address form table), with Zod: loaded by the form when it
// first validates (client/src/features/address/components/address-form-resolver.ts), not with the page (issue 35).
// It starts from the contract's Address (the body of setShippingAddress and setBillingAddress),
// generated for zod/mini (docs/decisions/004): the same checks as zod's classic API, tree-shaken to what
// the form uses. The spec adds its messages (address-form.ts).
import * as z from 'zod/mini';
import { zAddress } from '../generated/proxy/zod-mini/zod.gen.ts';
import { ADDRESS_FORM_MESSAGES } from './address-form.ts';
import { SUPPORTED_ADDRESS_COUNTRIES, hasStateField } from './postal-codes.ts';

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
