/**
 * The shopper's side of Adyen's /payments (issue 31): the billing address whole for 3-D Secure 2
 * (Adyen's BillingAddress requires street, houseNumberOrName, postalCode, city and country, the house
 * number "not included" in the street), the component's state.data forwarded as given, and the
 * shopperReference a stored method is kept under (at least 3 characters, no personal data).
 */
import { describe, expect, it } from 'vitest';
import {
  adyenBillingAddress,
  adyenShopperReference,
  shopperFields,
  splitStreetLine,
  stateDataFields,
  storedMethodOfAnswer,
} from './adyen-request.ts';

describe('the house number apart from the street (Adyen BillingAddress)', () => {
  it.each([
    ['8 Rue de Rivoli', 'Rue de Rivoli', '8'],
    ['8bis rue des Lilas', 'rue des Lilas', '8bis'],
    ['12 ter, Avenue Foch', 'Avenue Foch', '12 ter'],
    ['Via del Corso 1', 'Via del Corso', '1'],
    ['Calle Mayor, 5', 'Calle Mayor', '5'],
    ['Calle de Alcalá nº 42', 'Calle de Alcalá', '42'],
    ['Rua Augusta 27A', 'Rua Augusta', '27A'],
    ['Václavské náměstí 832/19', 'Václavské náměstí', '832/19'],
    ['Hlavná 4-6', 'Hlavná', '4-6'],
  ])('when the first line is "%s", then the street is "%s" and the house number "%s"', (line, street, house) => {
    expect(splitStreetLine(line)).toEqual({ street, houseNumberOrName: house });
  });

  it.each(['Rue du 14 Juillet', 'Place Vendôme', '2nd Avenue'])(
    'when the line "%s" names no house number, then it stays the street and the house number is Adyen Web\'s N/A',
    (line) => {
      expect(splitStreetLine(line)).toEqual({ street: line, houseNumberOrName: 'N/A' });
    },
  );
});

describe('the billing address Adyen gets', () => {
  const billing = {
    firstName: 'Alex',
    lastName: 'Owner',
    address1: '8 Rue de Rivoli',
    city: 'Paris',
    postalCode: '75004',
    countryCode: 'FR',
  };

  it('when the checkout has one line, then every field Adyen requires is given', () => {
    expect(adyenBillingAddress(billing)).toEqual({
      street: 'Rue de Rivoli',
      houseNumberOrName: '8',
      postalCode: '75004',
      city: 'Paris',
      country: 'FR',
    });
  });

  it('when the checkout has a second line, then it follows the street (Adyen has no second line)', () => {
    expect(adyenBillingAddress({ ...billing, address2: ' Bâtiment B, 3e étage ' }).street).toBe(
      'Rue de Rivoli, Bâtiment B, 3e étage',
    );
  });

  it('when a US address has a state, then it is the stateOrProvince', () => {
    const us = { ...billing, address1: '350 Fifth Avenue', city: 'New York', postalCode: '10118', countryCode: 'US' };
    expect(adyenBillingAddress({ ...us, stateCode: 'NY' })).toMatchObject({
      street: 'Fifth Avenue',
      houseNumberOrName: '350',
      stateOrProvince: 'NY',
    });
  });

  it("when the component collected a billing address, then its fields win and the checkout's complete it", () => {
    const fields = shopperFields(
      { billingAddress: { street: 'Rue Saint-Honoré', houseNumberOrName: '10', firstName: 'A', lastName: 'B' } },
      billing,
      'alex.owner@example.com',
    );
    expect(fields).toEqual({
      billingAddress: {
        street: 'Rue Saint-Honoré',
        houseNumberOrName: '10',
        postalCode: '75004',
        city: 'Paris',
        country: 'FR',
      },
      shopperName: { firstName: 'Alex', lastName: 'Owner' },
      shopperEmail: 'alex.owner@example.com',
    });
  });
});

describe("the component's state.data forwarded", () => {
  it("when it holds riskData, a delivery address and clientStateDataIndicator, then the PaymentRequest's fields pass and Adyen Web's marker stays", () => {
    const fields = stateDataFields({
      browserInfo: {
        acceptHeader: '*/*',
        colorDepth: 24,
        javaEnabled: false,
        language: 'fr-FR',
        screenHeight: 900,
        screenWidth: 1440,
        timeZoneOffset: -60,
        userAgent: 'Mozilla/5.0',
      },
      origin: 'https://shop.aurora.example',
      riskData: { clientData: 'eyJ2ZXJzaW9uIjoiMS4wLjAifQ==' },
      deliveryAddress: { street: 'Via Roma', houseNumberOrName: '1', city: 'Roma', country: 'IT' },
      telephoneNumber: '+33612345678',
      clientStateDataIndicator: true,
    });
    expect(fields).toEqual({
      browserInfo: expect.objectContaining({ javaScriptEnabled: true, language: 'fr-FR' }),
      origin: 'https://shop.aurora.example',
      riskData: { clientData: 'eyJ2ZXJzaW9uIjoiMS4wLjAifQ==' },
      // Adyen's DeliveryAddress requires the postal code: Adyen Web's N/A where the wallet gave none.
      deliveryAddress: { street: 'Via Roma', houseNumberOrName: '1', city: 'Roma', country: 'IT', postalCode: 'N/A' },
      telephoneNumber: '+33612345678',
    });
  });
});

describe('the shopperReference and the token an answer names', () => {
  it.each([
    [{ customerId: 'bcl2ZS1xMUcxbd7ZgxdktX2Vst' }, 'bcl2ZS1xMUcxbd7ZgxdktX2Vst'],
    [{ customerId: 'ab' }, undefined],
    [{}, undefined],
  ])('when the commerce customer id is %j, then the shopperReference is %s', (tokens, expected) => {
    expect(adyenShopperReference(tokens)).toBe(expected);
  });

  it('when an answer names recurring and tokenization fields, then the token and its shopperReference are read', () => {
    expect(
      storedMethodOfAnswer({
        'recurring.recurringDetailReference': '8316234567890124',
        'recurring.shopperReference': 'abc123',
      }),
    ).toEqual({ token: '8316234567890124', shopperReference: 'abc123' });
    expect(
      storedMethodOfAnswer({
        'tokenization.storedPaymentMethodId': '8316234567890125',
        'tokenization.shopperReference': 'abc123',
      }),
    ).toEqual({ token: '8316234567890125', shopperReference: 'abc123' });
    expect(storedMethodOfAnswer({ cardSummary: '4242' })).toBeUndefined();
  });
});
