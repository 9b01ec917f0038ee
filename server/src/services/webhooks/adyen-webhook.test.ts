// Issue 29: our Adyen HMAC check agrees with Adyen's own HmacValidator (a dev dependency, here only).
import { hmacValidator as HmacValidator } from '@adyen/api-library';
import { describe, expect, it } from 'vitest';
import type { components } from '../../../../generated/proxy/types.ts';
import { AppError } from '../../errors.ts';
import {
  adyenItemSignature,
  adyenProviderEvent,
  adyenSignedData,
  checkAdyenBasicAuth,
  verifyAdyenNotification,
} from './adyen-webhook.ts';

type Item = components['schemas']['AdyenNotificationRequestItem'];
type AdyensItem = Parameters<HmacValidator['validateHMAC']>[0];

const KEY = '989A713B4F2300ABF2D78253FEAF67D2B847DC7C1A7B60385B11706137204DCE';
const adyen = new HmacValidator();

const authorisation = (extra: Partial<Item> = {}): Item => ({
  amount: { value: 9900, currency: 'EUR' },
  eventCode: 'AUTHORISATION',
  eventDate: '2026-12-01T10:00:00+01:00',
  merchantAccountCode: 'SandboxMerchantECOM',
  merchantReference: '00001050',
  pspReference: '8816934876420032',
  paymentMethod: 'visa',
  reason: '012345:4242:03/2030',
  success: 'true',
  ...extra,
});

/** The item signed by Adyen's library, as Adyen sends it. */
const signedByAdyen = (item: Item, key = KEY): Item => ({
  ...item,
  additionalData: { ...item.additionalData, hmacSignature: adyen.calculateHmac(item as AdyensItem, key) },
});

const notification = (...items: Item[]) => ({
  live: 'false' as const,
  notificationItems: items.map((NotificationRequestItem) => ({ NotificationRequestItem })),
});

/** Our verdict: undefined when accepted, else the refusal's detail (always a 401). */
function ours(...items: Item[]): string | undefined {
  try {
    verifyAdyenNotification(notification(...items), KEY);
    return undefined;
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(401);
    return (error as AppError).detail;
  }
}

describe('Adyen HMAC signatures (docs.adyen.com/development-resources/webhooks/verify-hmac-signatures)', () => {
  const modification = authorisation({
    eventCode: 'CANCEL_OR_REFUND',
    originalReference: '8816934876420032',
    pspReference: 'SBXM000000000001',
  });

  it("when Adyen's library signs an item (with or without originalReference), then our signed string and signature are its", () => {
    for (const item of [authorisation(), modification, authorisation({ success: 'false', reason: 'Refused' })]) {
      expect(adyenSignedData(item)).toBe(adyen.getDataToSign(item as AdyensItem));
      expect(adyenItemSignature(item, KEY)).toBe(adyen.calculateHmac(item as AdyensItem, KEY));
      expect(adyen.validateHMAC(signedByAdyen(item) as AdyensItem, KEY)).toBe(true);
      expect(ours(signedByAdyen(item))).toBeUndefined();
    }
    expect(adyenSignedData(authorisation())).toBe(
      '8816934876420032::SandboxMerchantECOM:00001050:9900:EUR:AUTHORISATION:true',
    );
  });

  it("when the item of Adyen's libraries' own HMAC test is signed with its key, then the signature is theirs", () => {
    // Adyen's API libraries' test vector (adyen-ruby-api-library, spec/utils/hmac_validator_spec.rb),
    // also reproduced with `openssl dgst -sha256 -mac HMAC -macopt hexkey:<key> -binary | base64`. The
    // sandbox's signer (mocks/sandbox/src/upstreams/adyen/notifications.ts) is held to the same one.
    const key = '44782DEF547AAA06C910C43932B1EB0C71FC68D9D0C057550C48EC2ACF6BA056';
    const item = authorisation({
      amount: { value: 1130, currency: 'EUR' },
      merchantAccountCode: 'TestMerchant',
      merchantReference: 'TestPayment-1407325143704',
      pspReference: '7914073381342284',
    });
    const signature = 'coqCmt/IZ4E3CzPvMY8zTjQVL5hYJUiBRg8UU+iCWo0=';
    expect(adyenSignedData(item)).toBe(
      '7914073381342284::TestMerchant:TestPayment-1407325143704:1130:EUR:AUTHORISATION:true',
    );
    expect(adyenItemSignature(item, key)).toBe(signature);
    expect(() =>
      verifyAdyenNotification(notification({ ...item, additionalData: { hmacSignature: signature } }), key),
    ).not.toThrow();
  });

  it('when the key is given in lower case, then the signature is the same (hex decoding)', () => {
    expect(adyenItemSignature(authorisation(), KEY.toLowerCase())).toBe(adyenItemSignature(authorisation(), KEY));
  });

  it('when a signed field was changed after signing (amount, success, reference), then 401, as Adyen refuses it', () => {
    const signed = signedByAdyen(authorisation());
    const tampered = [
      { ...signed, amount: { value: 1, currency: 'EUR' } },
      { ...signed, success: 'false' as const },
      { ...signed, merchantReference: '00001051' },
    ];
    for (const item of tampered) {
      expect(adyen.validateHMAC(item as AdyensItem, KEY)).toBe(false);
      expect(ours(item)).toMatch(/item 0 is missing or does not match/);
    }
  });

  it('when the item was signed with another key, or not at all, then 401', () => {
    const otherKey = signedByAdyen(authorisation(), 'AB'.repeat(32));
    expect(adyen.validateHMAC(otherKey as AdyensItem, KEY)).toBe(false);
    expect(ours(otherKey)).toBeDefined();
    expect(ours(authorisation())).toBeDefined();
    expect(ours(authorisation({ additionalData: { hmacSignature: '' } }))).toBeDefined();
    expect(ours(authorisation({ additionalData: { hmacSignature: 'not base64 at all' } }))).toBeDefined();
  });

  it('when one item of several is wrong, then the whole notification is refused, naming it', () => {
    expect(ours(signedByAdyen(authorisation()), authorisation(), signedByAdyen(modification))).toBe(
      'The HMAC signature of notification item 1 is missing or does not match.',
    );
  });
});

describe("Adyen's Basic authentication (optional)", () => {
  const expected = { username: 'adyen-webhooks', password: 'a long password' };
  const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

  it('when none is configured, then any header (or none) passes', () => {
    expect(() => checkAdyenBasicAuth(undefined, undefined)).not.toThrow();
    expect(() => checkAdyenBasicAuth('Basic eDp5', undefined)).not.toThrow();
  });

  it('when one is configured, then only its user and password pass; anything else is 401 with WWW-Authenticate', () => {
    expect(() => checkAdyenBasicAuth(basic(expected.username, expected.password), expected)).not.toThrow();
    for (const header of [
      undefined,
      '',
      basic(expected.username, 'wrong'),
      basic('other', expected.password),
      `Bearer ${expected.password}`,
      'Basic !!!',
    ]) {
      try {
        checkAdyenBasicAuth(header, expected);
        expect.unreachable(`${header} passed`);
      } catch (error) {
        expect((error as AppError).status).toBe(401);
        expect((error as AppError).headers).toEqual({ 'WWW-Authenticate': 'Basic realm="webhooks"' });
      }
    }
  });
});

describe('Adyen items as the attempts read them (docs.adyen.com/development-resources/webhooks/webhook-types)', () => {
  it('when an AUTHORISATION comes, then an authorisation event whose eventId is eventCode:pspReference:success', () => {
    expect(adyenProviderEvent(authorisation({ success: 'false', reason: 'Refused' }))).toEqual({
      provider: 'adyen',
      kind: 'authorisation',
      eventId: 'AUTHORISATION:8816934876420032:false',
      reference: '00001050',
      pspReference: '8816934876420032',
      success: false,
      reason: 'Refused',
    });
  });

  it.each(['CANCELLATION', 'TECHNICAL_CANCEL', 'CANCEL_OR_REFUND', 'REFUND'])(
    'when a %s comes, then a reversal of the original payment',
    (code) => {
      const item = authorisation({ eventCode: code, pspReference: 'SBXM1', originalReference: '8816934876420032' });
      expect(adyenProviderEvent(item)).toEqual({
        provider: 'adyen',
        kind: 'reversal',
        eventId: `${code}:SBXM1:true`,
        code,
        reference: '00001050',
        originalReference: '8816934876420032',
        pspReference: 'SBXM1',
        success: true,
      });
    },
  );

  it('when a RECURRING_CONTRACT comes, then the stored method is its pspReference, with the shopper', () => {
    const item = authorisation({
      eventCode: 'RECURRING_CONTRACT',
      pspReference: '8316234567890123',
      originalReference: '8816934876420032',
      additionalData: {
        'recurring.recurringDetailReference': '8316234567890123',
        'recurring.shopperReference': 'abcAlexOwner0001',
      },
    });
    expect(adyenProviderEvent(item)).toEqual({
      provider: 'adyen',
      kind: 'recurringContract',
      eventId: 'RECURRING_CONTRACT:8316234567890123:true',
      reference: '00001050',
      shopperReference: 'abcAlexOwner0001',
      storedPaymentMethodId: '8316234567890123',
      success: true,
    });
  });

  it('when another event code comes (CAPTURE, REPORT_AVAILABLE), then it is ignored', () => {
    for (const eventCode of ['CAPTURE', 'REPORT_AVAILABLE', 'constructor'])
      expect(adyenProviderEvent(authorisation({ eventCode }))).toBeUndefined();
  });
});
