/**
 * The stand-in's notification signature against a fixed vector, not against the shop's verifier: the
 * two are written apart (notifications.ts), so each is held to the same published example instead.
 */
import { describe, expect, it } from 'vitest';
import { adyenHmacSignature } from './notifications.ts';

describe('Adyen HMAC signature (docs.adyen.com/development-resources/webhooks/verify-hmac-signatures)', () => {
  it("when the item of Adyen's libraries' own HMAC test is signed with its key, then the signature is theirs", () => {
    // Adyen's API libraries' test vector (adyen-ruby-api-library, spec/utils/hmac_validator_spec.rb): the
    // signed string 7914073381342284::TestMerchant:TestPayment-1407325143704:1130:EUR:AUTHORISATION:true,
    // HMAC-SHA256 with the hex-decoded key, Base64. `openssl dgst -sha256 -mac HMAC -macopt hexkey:<key>
    // -binary | base64` gives the same.
    const key = '44782DEF547AAA06C910C43932B1EB0C71FC68D9D0C057550C48EC2ACF6BA056';
    const item = {
      amount: { value: 1130, currency: 'EUR' },
      eventCode: 'AUTHORISATION',
      eventDate: '2014-08-06T13:32:23+02:00',
      merchantAccountCode: 'TestMerchant',
      merchantReference: 'TestPayment-1407325143704',
      paymentMethod: 'visa',
      pspReference: '7914073381342284',
      reason: '',
      success: 'true' as const,
    };
    expect(adyenHmacSignature(item, key)).toBe('coqCmt/IZ4E3CzPvMY8zTjQVL5hYJUiBRg8UU+iCWo0=');
  });
});
