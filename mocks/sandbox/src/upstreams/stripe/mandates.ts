/**
 * The SEPA Direct Debit mandate of an iDEAL or Bancontact set-up. Setting either up for future
 * payments generates a SEPA Direct Debit payment method, and confirming the SetupIntent needs the
 * customer's acceptance of the mandate, online with their IP address and browser
 * (https://docs.stripe.com/api/setup_intents/create#create_setup_intent-mandate_data,
 * https://docs.stripe.com/payments/ideal/set-up-payment). Without it the stand-in answers Stripe's
 * `parameter_missing` error, as Stripe refuses the confirmation.
 */
import type { z } from 'zod';
import type { zPostSetupIntentsBody } from '../../../../../generated/stripe/zod/zod.gen.ts';
import { invalidRequest, missingParam } from './errors.ts';
import type { StoredSetupIntent } from './store.ts';

export type MandateData = NonNullable<z.infer<typeof zPostSetupIntentsBody>['mandate_data']>;

export function sepaMandate(type: string, mandate: MandateData | undefined): NonNullable<StoredSetupIntent['mandate']> {
  if (!mandate)
    throw invalidRequest(
      `mandate_data is required to confirm a SetupIntent with a ${type} PaymentMethod: setting it up generates a SEPA Direct Debit PaymentMethod, which needs the customer's acceptance of the mandate.`,
      { code: 'parameter_missing', param: 'mandate_data' },
    );
  const acceptance = mandate.customer_acceptance;
  if (!acceptance) throw missingParam('mandate_data[customer_acceptance]');
  if (!acceptance.type) throw missingParam('mandate_data[customer_acceptance][type]');
  const online = acceptance.online;
  if (!online) throw missingParam('mandate_data[customer_acceptance][online]');
  if (!online.ip_address) throw missingParam('mandate_data[customer_acceptance][online][ip_address]');
  if (!online.user_agent) throw missingParam('mandate_data[customer_acceptance][online][user_agent]');
  return { ipAddress: online.ip_address, userAgent: online.user_agent };
}
