/**
 * Where each upstream is (config.ts reads them): the names of the shop's upstreams, the sandbox's
 * and Prism's base URLs, and the environment variable that names each one's base URL in live mode.
 */
export const UPSTREAM_NAMES = [
  'commerce',
  'commerceClassic',
  'som',
  'vehicles',
  'identity',
  'adyen',
  'stripe',
  'loqate',
] as const;
export type UpstreamName = (typeof UPSTREAM_NAMES)[number];

/** The sandbox's default root (make start, make sandbox). */
export const SANDBOX_ROOT = 'http://localhost:4010';

/** Sandbox mode: `http://localhost:4010/<prefix>` plus the contract's real base path (mocks/sandbox/README.md). */
export function sandboxBaseUrls(root = SANDBOX_ROOT): Record<UpstreamName, string> {
  return {
    commerce: `${root}/commerce`,
    commerceClassic: `${root}/commerce`,
    som: `${root}/som`,
    vehicles: `${root}/vehicles`,
    identity: `${root}/identity/am/oauth2/realms/root/realms/alpha`,
    adyen: `${root}/adyen/v71`,
    stripe: `${root}/stripe`,
    loqate: `${root}/loqate`,
  };
}

/** Prism mode: one Prism per contract (`make mocks`); Prism strips the server path, so the root. */
export const PRISM_BASE_URLS: Record<UpstreamName, string> = {
  commerce: 'http://127.0.0.1:4011',
  commerceClassic: 'http://127.0.0.1:4011',
  som: 'http://127.0.0.1:4012',
  vehicles: 'http://127.0.0.1:4013',
  identity: 'http://127.0.0.1:4014',
  adyen: 'http://127.0.0.1:4015',
  stripe: 'http://127.0.0.1:4016',
  loqate: 'http://127.0.0.1:4017',
};

/** The environment variable naming each upstream's base URL (required in live mode). */
export const BASE_URL_ENV: Record<UpstreamName, string> = {
  commerce: 'COMMERCE_BASE_URL',
  commerceClassic: 'COMMERCE_STOREFRONT_URL',
  som: 'SOM_BASE_URL',
  vehicles: 'VEHICLES_BASE_URL',
  identity: 'IDENTITY_BASE_URL',
  adyen: 'ADYEN_BASE_URL',
  stripe: 'STRIPE_BASE_URL',
  loqate: 'LOQATE_BASE_URL',
};
