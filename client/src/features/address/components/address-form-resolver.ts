/** The address form's resolver, with Zod: address-form.tsx loads it when the form first validates (issue 35). */
import { zodResolver } from '@hookform/resolvers/zod';
import { addressFormSchema, type AddressFormSchemaOptions } from '../../../../../domain/address-form-schema.ts';

export const addressFormResolver = (options: AddressFormSchemaOptions) => zodResolver(addressFormSchema(options));
