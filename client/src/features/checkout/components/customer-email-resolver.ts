/**
 * The guest e-mail form's resolver, with Zod: the contract's request body as it is (the step shows
 * the catalogue's message for any problem with the address). login-step.tsx loads it when the form
 * first validates (issue 35).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { zSetCustomerEmailBody } from '../../../../../generated/proxy/zod-mini/zod.gen.ts';

export const customerEmailResolver = zodResolver(zSetCustomerEmailBody);
