/** The Adyen stand-in tests' fixtures. */
import { ADYEN_SEED } from './store.ts';

/** The component's state.data browserInfo (Adyen requires it for 3-D Secure 2 on the web). */
export const BROWSER_INFO = {
  acceptHeader: '*/*',
  colorDepth: 24,
  javaEnabled: false,
  language: 'fr-FR',
  screenHeight: 900,
  screenWidth: 1440,
  timeZoneOffset: -60,
  userAgent: 'Mozilla/5.0 (sandbox test)',
};

export const RETURN_URL = 'http://localhost:3000/checkout/payment-return?orderNo=00001001';

/** A new card's payment as the card component's state.data makes it (order 00001001 unless `extra` says). */
export const cardPayment = (number: string, extra: Record<string, unknown> = {}) => ({
  amount: { currency: 'EUR', value: 9900 },
  merchantAccount: ADYEN_SEED.merchantAccount,
  reference: '00001001',
  returnUrl: RETURN_URL,
  countryCode: 'FR',
  paymentMethod: {
    type: 'scheme',
    encryptedCardNumber: `test_${number}`,
    encryptedExpiryMonth: 'test_03',
    encryptedExpiryYear: 'test_2030',
    encryptedSecurityCode: 'test_737',
    holderName: 'Alex Owner',
  },
  billingAddress: {
    street: 'Rue de Rivoli',
    houseNumberOrName: '12',
    city: 'Paris',
    postalCode: '75001',
    country: 'FR',
  },
  shopperReference: ADYEN_SEED.alexShopperReference,
  shopperEmail: 'alex.owner@example.com',
  channel: 'Web',
  browserInfo: BROWSER_INFO,
  origin: 'http://localhost:3000',
  ...extra,
});
