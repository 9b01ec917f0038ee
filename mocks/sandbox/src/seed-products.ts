/**
 * The sandbox's products (../shared/DESIGN.md "Sandbox seed data"): the connected-navigation and
 * over-the-air services with their plans, prices per currency, media and benefits. Re-exported by
 * seed.ts, where every other seed handle lives.
 */

export type FlowType = 'CN' | 'VCS';

export interface Variant {
  productId: string;
  /** Term length: 12, 24 or 36 months (or 0 for a one-time fee). */
  subscriptionDuration: number;
  /** 'm' for months, 'y' for years, 'o' for a one-time fee. */
  subscriptionDurationType: 'm' | 'y' | 'o';
  /** Price in the market's currency, per currency code. */
  prices: Record<string, number>;
  name: string;
}

export interface Product {
  id: string;
  name: string;
  flowType: FlowType;
  primaryCategoryId: string;
  longDescription: string;
  oneTimeFee: boolean;
  videoUrl?: string;
  userManualUrl: string;
  termConditionURL: string;
  benefits: Array<{ title: string; description: string; image: string }>;
  images: string[];
  variants: Variant[];
  /** Content asset holding the countries where maps are included (CN only). */
  countriesAsset?: string;
}

const price = (gbp: number): Record<string, number> => ({
  GBP: gbp,
  EUR: Math.round(gbp * 1.2),
  USD: Math.round(gbp * 1.3),
  CAD: Math.round(gbp * 1.7),
  CZK: Math.round(gbp * 29),
});

export const PRODUCTS: Product[] = [
  {
    id: 'cn-connected-navigation',
    name: 'Connected Navigation',
    flowType: 'CN',
    primaryCategoryId: 'connected-services',
    longDescription:
      '<p>Live traffic, online search and over-the-air map updates for your vehicle, in every country of the plan.</p>',
    oneTimeFee: false,
    videoUrl: 'https://www.youtube.com/embed/aqz-KE-bpKQ',
    userManualUrl: 'https://manuals.example.com/connected-navigation.pdf',
    termConditionURL: '/terms-conditions',
    benefits: [
      {
        title: 'Live traffic',
        description: 'Arrive sooner with real-time traffic.',
        image: '/images/benefit-traffic.jpg',
      },
      { title: 'Map updates', description: 'Maps updated over the air.', image: '/images/benefit-maps.jpg' },
      { title: 'Online search', description: 'Find places as you drive.', image: '/images/benefit-search.jpg' },
    ],
    images: ['/images/cn-1.jpg', '/images/cn-2.jpg', '/images/cn-3.jpg'],
    countriesAsset: 'Countries_List',
    variants: [
      {
        productId: 'cn-connected-navigation-12m',
        subscriptionDuration: 12,
        subscriptionDurationType: 'm',
        prices: price(99),
        name: 'Connected Navigation 12 months',
      },
      {
        productId: 'cn-connected-navigation-24m',
        subscriptionDuration: 24,
        subscriptionDurationType: 'm',
        prices: price(179),
        name: 'Connected Navigation 24 months',
      },
      {
        productId: 'cn-connected-navigation-36m',
        subscriptionDuration: 36,
        subscriptionDurationType: 'm',
        prices: price(249),
        name: 'Connected Navigation 36 months',
      },
      {
        productId: 'cn-connected-navigation-trial',
        subscriptionDuration: 1,
        subscriptionDurationType: 'm',
        prices: price(0),
        name: 'Connected Navigation trial (never offered)',
      },
    ],
  },
  {
    id: 'vcs-online-pack',
    name: 'Online Pack',
    flowType: 'VCS',
    primaryCategoryId: 'connected-services',
    longDescription: '<p>Remote services, vehicle status and online radio for your vehicle.</p>',
    oneTimeFee: false,
    userManualUrl: 'https://manuals.example.com/online-pack.pdf',
    termConditionURL: '/terms-conditions',
    benefits: [],
    images: ['/images/online-pack-1.jpg'],
    variants: [
      {
        productId: 'vcs-online-pack-12m',
        subscriptionDuration: 12,
        subscriptionDurationType: 'm',
        prices: price(49),
        name: 'Online Pack 12 months',
      },
      {
        productId: 'vcs-online-pack-24m',
        subscriptionDuration: 24,
        subscriptionDurationType: 'm',
        prices: price(89),
        name: 'Online Pack 24 months',
      },
    ],
  },
  {
    id: 'vcs-adaptive-cruise',
    name: 'Adaptive Cruise Control',
    flowType: 'VCS',
    primaryCategoryId: 'driver-assistance',
    longDescription: '<p>Keeps a set distance to the vehicle ahead, accelerating and braking for you.</p>',
    oneTimeFee: true,
    userManualUrl: 'https://manuals.example.com/adaptive-cruise.pdf',
    termConditionURL: '/terms-conditions',
    benefits: [
      { title: 'Relaxed driving', description: 'Less effort on long journeys.', image: '/images/benefit-acc.jpg' },
    ],
    images: ['/images/acc-1.jpg'],
    variants: [
      {
        productId: 'vcs-adaptive-cruise-lifetime',
        subscriptionDuration: 0,
        subscriptionDurationType: 'o',
        prices: price(299),
        name: 'Adaptive Cruise Control',
      },
    ],
  },
];
