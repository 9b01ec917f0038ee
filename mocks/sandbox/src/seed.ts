/**
 * The sandbox seed data of ../shared/DESIGN.md ("Sandbox seed data"): brands, markets, products
 * (seed-products.ts, re-exported here), vehicles, shoppers, saved card and test cards. Tests and the README rely on these handles, so
 * they change only together with DESIGN.md.
 */
import { createHash } from 'node:crypto';

export type SiteId = 'aurora' | 'borealis';
export const SITES: readonly SiteId[] = ['aurora', 'borealis'];
export const DEFAULT_SITE: SiteId = 'aurora';

export type Provider = 'stripe' | 'adyen';

export interface Market {
  country: string;
  currency: string;
  provider: Provider;
  /** Prices include VAT in Europe and exclude it in US and CA. */
  pricesIncludeVat: boolean;
  /** VAT rate applied to the net price (0 where prices exclude VAT and tax is not shown). */
  vatRate: number;
  locales: string[];
  showAutoRenewal: boolean;
  showMyOverview: boolean;
  billingMismatchControl: boolean;
  /** Bank-redirect methods offered besides cards. */
  bankMethods: Array<'ideal' | 'bancontact'>;
  /** Extra or special markets (spec §5: the postal check blocks every country but US and CA). */
  extra: boolean;
}

const market = (
  country: string,
  currency: string,
  provider: Provider,
  locales: string[],
  options: Partial<Pick<Market, 'bankMethods' | 'extra' | 'vatRate'>> = {},
): Market => ({
  country,
  currency,
  provider,
  pricesIncludeVat: !['US', 'CA'].includes(country),
  vatRate: options.vatRate ?? (['US', 'CA'].includes(country) ? 0 : 0.2),
  locales,
  showAutoRenewal: ['GB', 'DE', 'NL', 'US', 'CA'].includes(country),
  showMyOverview: country !== 'CZ',
  billingMismatchControl: ['GB', 'FR'].includes(country),
  bankMethods: options.bankMethods ?? [],
  extra: options.extra ?? false,
});

export const MARKETS: Record<string, Market> = Object.fromEntries(
  [
    market('GB', 'GBP', 'stripe', ['en-GB']),
    market('DE', 'EUR', 'stripe', ['de-DE'], { vatRate: 0.19 }),
    market('AT', 'EUR', 'stripe', ['de-AT']),
    market('NL', 'EUR', 'stripe', ['nl-NL'], { bankMethods: ['ideal'], vatRate: 0.21 }),
    market('BE', 'EUR', 'stripe', ['fr-BE', 'nl-BE'], { bankMethods: ['bancontact'], vatRate: 0.21 }),
    market('LU', 'EUR', 'stripe', ['fr-LU'], { vatRate: 0.17 }),
    market('US', 'USD', 'stripe', ['en-US'], { extra: true }),
    market('CA', 'CAD', 'stripe', ['en-CA', 'fr-CA'], { extra: true }),
    market('FR', 'EUR', 'adyen', ['fr-FR']),
    market('IT', 'EUR', 'adyen', ['it-IT'], { vatRate: 0.22 }),
    market('ES', 'EUR', 'adyen', ['es-ES'], { vatRate: 0.21 }),
    market('PT', 'EUR', 'adyen', ['pt-PT'], { vatRate: 0.23 }),
    market('CZ', 'CZK', 'adyen', ['cs-CZ'], { vatRate: 0.21 }),
    market('SK', 'EUR', 'adyen', ['en-XB'], { extra: true }),
  ].map((m) => [m.country, m]),
);

export * from './seed-products.ts';

export interface SeedVehicle {
  vin: string;
  brand: SiteId;
  market: string;
  model: string;
  /** Days from now to the expiry of cn-connected-navigation (negative: expired). */
  cnExpiresInDays: number;
  owner: ShopperHandle;
}

export const VEHICLES: SeedVehicle[] = [
  {
    vin: 'ZAAAA1000AA000001',
    brand: 'aurora',
    market: 'GB',
    model: 'Aurora Sport Tourer',
    cnExpiresInDays: 30,
    owner: 'alex',
  },
  {
    vin: 'ZAAAA1000AA000002',
    brand: 'aurora',
    market: 'GB',
    model: 'Aurora Hatchback',
    cnExpiresInDays: -10,
    owner: 'alex',
  },
  {
    vin: 'ZAAAA1000AA000003',
    brand: 'aurora',
    market: 'GB',
    model: 'Aurora Estate',
    cnExpiresInDays: 300,
    owner: 'alex',
  },
  {
    vin: 'ZAAAA1000AA000004',
    brand: 'aurora',
    market: 'FR',
    model: 'Aurora Berline',
    cnExpiresInDays: 20,
    owner: 'alex',
  },
  { vin: 'ZAAAA1000AA000005', brand: 'aurora', market: 'DE', model: 'Aurora Kombi', cnExpiresInDays: 45, owner: 'kim' },
  {
    vin: 'ZBBBB1000BB000006',
    brand: 'borealis',
    market: 'GB',
    model: 'Borealis Crossover',
    cnExpiresInDays: 30,
    owner: 'alex',
  },
  {
    vin: 'ZAAAA1000AA000007',
    brand: 'aurora',
    market: 'US',
    model: 'Aurora Sedan',
    cnExpiresInDays: 40,
    owner: 'alex',
  },
  // Beyond DESIGN.md's table: the markets whose bank methods (iDEAL, Bancontact) need a basket there.
  {
    vin: 'ZAAAA1000AA000008',
    brand: 'aurora',
    market: 'NL',
    model: 'Aurora Compact',
    cnExpiresInDays: 25,
    owner: 'kim',
  },
  { vin: 'ZAAAA1000AA000009', brand: 'aurora', market: 'BE', model: 'Aurora Break', cnExpiresInDays: 15, owner: 'kim' },
  // Beyond DESIGN.md's table: one renewable vehicle in every other market of the spec, so a renewal
  // works in every locale (mocks/sandbox/README.md lists them).
  { vin: 'ZAAAA1000AA000010', brand: 'aurora', market: 'AT', model: 'Aurora Kombi', cnExpiresInDays: 35, owner: 'kim' },
  { vin: 'ZAAAA1000AA000011', brand: 'aurora', market: 'LU', model: 'Aurora Break', cnExpiresInDays: 28, owner: 'kim' },
  { vin: 'ZAAAA1000AA000012', brand: 'aurora', market: 'CA', model: 'Aurora Sedan', cnExpiresInDays: 22, owner: 'kim' },
  {
    vin: 'ZAAAA1000AA000013',
    brand: 'aurora',
    market: 'IT',
    model: 'Aurora Berlina',
    cnExpiresInDays: 18,
    owner: 'kim',
  },
  {
    vin: 'ZAAAA1000AA000014',
    brand: 'aurora',
    market: 'ES',
    model: 'Aurora Berlina',
    cnExpiresInDays: -5,
    owner: 'kim',
  },
  {
    vin: 'ZAAAA1000AA000015',
    brand: 'aurora',
    market: 'PT',
    model: 'Aurora Carrinha',
    cnExpiresInDays: 12,
    owner: 'kim',
  },
  { vin: 'ZAAAA1000AA000016', brand: 'aurora', market: 'CZ', model: 'Aurora Kombi', cnExpiresInDays: 26, owner: 'kim' },
  { vin: 'ZAAAA1000AA000017', brand: 'aurora', market: 'SK', model: 'Aurora Kombi', cnExpiresInDays: 33, owner: 'kim' },
];

/** A VIN that no vehicle has (vehicle lookup: not found). */
export const UNKNOWN_VIN = 'ZAAAA1000AA999999';

/** The mail token of a vehicle: `mt-` plus the VIN's last six digits. */
export function mailToken(vin: string): string {
  return `mt-${vin.slice(-6)}`;
}

/** The encrypted VIN of a vehicle, for the `vin`/`evn` link parameter (stable across runs). */
export function encryptedVin(vin: string): string {
  return `ev1.${createHash('sha256').update(`sandbox-vin-key:${vin}`).digest('base64url').slice(0, 32)}`;
}

export type ShopperHandle = 'alex' | 'kim' | 'sam';

export interface Shopper {
  handle: ShopperHandle;
  email: string;
  firstName: string;
  lastName: string;
  /** The commerce customer id. */
  customerId: string;
  /** The identity provider's subject and directory UID. */
  uid: string;
  /** The customer-relations id (identifier attribute of the id token). */
  crmId: string;
  /** The CDC id the commerce customer carries as c_sapCdcId. */
  sapCdcId: string;
  stripeCustomerId?: string;
}

export const SANDBOX_PASSWORD = 'Sandbox-Pass-1';

export const SHOPPERS: Shopper[] = [
  {
    handle: 'alex',
    email: 'alex.owner@example.com',
    firstName: 'Alex',
    lastName: 'Owner',
    customerId: 'abcAlexOwner0001',
    uid: '8a1f0c2e-0001-4a6b-9c1d-a1e2c3d4e5f6',
    crmId: 'CRM-0001-ALEX',
    sapCdcId: 'cdc-alex-0001',
    stripeCustomerId: 'cus_SandboxAlex01',
  },
  {
    handle: 'kim',
    email: 'kim.driver@example.com',
    firstName: 'Kim',
    lastName: 'Driver',
    customerId: 'abcKimDriver0002',
    uid: '8a1f0c2e-0002-4a6b-9c1d-a1e2c3d4e5f6',
    crmId: 'CRM-0002-KIM',
    sapCdcId: 'cdc-kim-0002',
  },
  {
    handle: 'sam',
    email: 'sam.other@example.com',
    firstName: 'Sam',
    lastName: 'Other',
    customerId: 'abcSamOther00003',
    uid: '8a1f0c2e-0003-4a6b-9c1d-a1e2c3d4e5f6',
    crmId: 'CRM-0003-SAM',
    sapCdcId: 'cdc-sam-0003',
  },
];

/** alex's saved card: a Visa ending 4242, expiring 12/2030, with a GB billing address. */
export const ALEX_SAVED_CARD = {
  brand: 'visa',
  last4: '4242',
  expMonth: 12,
  expYear: 2030,
  billingAddress: {
    firstName: 'Alex',
    lastName: 'Owner',
    address1: '10 Downing Street',
    address2: '',
    city: 'London',
    postalCode: 'SW1A 2AA',
    countryCode: 'GB',
  },
} as const;

export type CardOutcome =
  | { kind: 'succeeds'; country?: string }
  | { kind: 'three_d_secure' }
  | { kind: 'declined'; declineCode: 'generic_decline' | 'insufficient_funds' | 'expired_card' };

/** The payment test cards both sandbox providers honour (any future expiry, any CVC). */
export const TEST_CARDS: Record<string, CardOutcome> = {
  '4242424242424242': { kind: 'succeeds' },
  '4000008260000000': { kind: 'succeeds', country: 'GB' },
  '4000002500000003': { kind: 'succeeds', country: 'FR' },
  '4000002760003184': { kind: 'three_d_secure' },
  '4000000000000002': { kind: 'declined', declineCode: 'generic_decline' },
  '4000000000009995': { kind: 'declined', declineCode: 'insufficient_funds' },
  '4000000000000069': { kind: 'declined', declineCode: 'expired_card' },
};

/** Fixed sandbox credentials (not secrets; the default configuration uses them). */
export const CREDENTIALS = {
  commerce: {
    shortCode: 'sandbox',
    organizationId: 'f_ecom_zzzz_001',
    clients: { aurora: 'aurora-storefront', borealis: 'borealis-storefront' } as Record<SiteId, string>,
    /** The private SLAS client of the shop's server (trusted-system on-behalf-of tokens, HTTP Basic). */
    privateClient: { id: 'webshop-server', secret: 'webshop-server-sandbox-secret' },
    shipmentId: 'me',
  },
  identity: {
    clientId: 'webshop',
    clientSecret: 'webshop-sandbox-secret',
    /** The client's redirect URIs: these paths on each of the shop's origins (SANDBOX_SHOP_ORIGINS, core/shop-origins.ts). */
    redirectPaths: ['/callback', '/callback/forgerock', '/callback/forgerock-vcsj'],
    realm: 'alpha',
  },
  serviceToken: 'sandbox-service-token',
  stripe: {
    secretKey: 'sk_test_sandbox',
    publishableKey: 'pk_test_sandbox',
    /** The signing secret of the shop's webhook endpoint: the sandbox signs its events with it (issue 29). */
    webhookSecret: 'whsec_sandbox_webhook_secret',
  },
  adyen: {
    apiKey: 'sandbox-adyen-api-key',
    merchantAccount: 'SandboxMerchantECOM',
    clientKey: 'test_SANDBOXCLIENTKEY',
    /** The webhook's HMAC key, hex as Adyen's Customer Area shows it: each notification item is signed with it. */
    hmacKey: '989A713B4F2300ABF2D78253FEAF67D2B847DC7C1A7B60385B11706137204DCE',
  },
  loqate: { key: 'SANDBOX-LOQATE-KEY' },
} as const;
