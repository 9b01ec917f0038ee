// ESLint flat config. Import boundaries follow ../shared/STYLE.md: shared code -> features -> app,
// no feature imports another, the server and the client never import each other, nothing imports
// tests, and generated/ is consumed but never linted.
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import { readdirSync } from 'node:fs';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import globals from 'globals';

const featuresDir = './client/src/features';
const features = (() => {
  try {
    return readdirSync(featuresDir, { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name);
  } catch {
    return [];
  }
})();
// One zone per feature: it may import itself, never a sibling.
const featureZones = features.map((name) => ({
  target: `${featuresDir}/${name}`,
  from: featuresDir,
  except: [`./${name}`],
  message: 'A feature does not import another feature; pages compose features.',
}));

const SWR_OUTSIDE_API = {
  name: 'swr',
  importNames: ['default', 'preload', 'mutate', 'useSWRConfig'],
  message: "Read and refresh through the hooks of an operation's api file.",
};
const PROXY_CLIENT = {
  regex: '(^|/)lib/api/client\\.ts$',
  allowImportNames: ['ApiError', 'Problem', 'components', 'operationTypes', 'preloadProxyClient'],
  message: "The proxy client is called only from an operation's api file.",
};
const DATA_ROUTER_API = {
  name: 'react-router',
  importNames: [
    'createBrowserRouter',
    'createMemoryRouter',
    'createStaticHandler',
    'createStaticRouter',
    'RouterProvider',
    'StaticRouterProvider',
    'useMatches',
    'useRouteError',
    'useLoaderData',
    'useActionData',
    'useNavigation',
    'useFetcher',
    'useRevalidator',
    'useBlocker',
    'useSubmit',
    'Form',
    'ScrollRestoration',
  ],
  message: 'The app routes declaratively (app/router.tsx): the data router API does not exist in the browser.',
};
const ROUTER_LINK = {
  name: 'react-router',
  importNames: ['Link', 'NavLink'],
  message: "Use components/ui/link.tsx: React Router's Link brings framework-mode prefetching to the first route.",
};

// Issue 29 (docs/decisions/025): the order attempt's owner, server/src/services/attempts/, is the only
// code that writes an order's status, reverses a payment or gives a basket back from an order.
const OWNER_ONLY = "Only the order attempt's owner (server/src/services/attempts/) does this (issue 29, decision 025).";
const ORDER_WRITES = [
  { selector: 'CallExpression[callee.name=/^(failOrder|updateOrder|restoreFromOrder)$/]', message: OWNER_ONLY },
  // A provider's reverse(ctx, shopper, pending); an array's reverse() takes no argument.
  { selector: "CallExpression[callee.property.name='reverse'][arguments.length=3]", message: OWNER_ONLY },
];
const ADYEN_REVERSAL = [
  { selector: "CallExpression[callee.name='reverseAdyenPayment']", message: OWNER_ONLY },
  // Adyen's own reversal and cancel calls (server/src/upstream/adyen.ts), made by reverseAdyenPayment only.
  {
    selector: "CallExpression[callee.object.name='adyen'][callee.property.name=/^(reversePayment|cancel)$/]",
    message: OWNER_ONLY,
  },
];

export default defineConfig(
  { ignores: ['generated/**', 'node_modules/**', 'dist/**', 'reports/**', 'test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.node, ...globals.browser },
    },
    plugins: { 'import-x': importX },
    rules: {
      // Import circles: scripts/code-structure.test.ts, type-only imports included (issue 32).
      'import-x/no-self-import': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './server', from: './client', message: 'The server never imports client code.' },
            { target: './client', from: './server', message: 'The client never imports server code.' },
            { target: './client', from: './mocks', message: 'The client never imports the sandbox.' },
            { target: './server', from: './mocks', message: 'The server reaches the sandbox over HTTP only.' },
            {
              target: ['./server', './client', './mocks', './domain'],
              from: './tests',
              message: 'Nothing imports tests.',
            },
            {
              target: './domain',
              from: ['./server', './client', './mocks'],
              message: 'Domain rules are pure: server and client import them, never the other way round.',
            },
            ...featureZones,
            {
              target: ['./client/src/features', './client/src/components', './client/src/lib'],
              from: './client/src/app',
              message: 'Imports flow shared -> features -> app.',
            },
            {
              target: ['./client/src/components', './client/src/lib'],
              from: './client/src/features',
              message: 'Shared code does not import features.',
            },
            {
              target: './client/src/lib',
              from: './client/src/components',
              message: 'lib/ is below components/: components import lib, never the other way round.',
            },
          ],
        },
      ],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // The server's integration tests start the sandbox in-process and validate answers with the
    // contract-test library; the server's own code still reaches the sandbox over HTTP only.
    files: ['server/**/*.test.ts', 'server/src/testing/**/*.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { zones: [{ target: './server', from: './client', message: 'The server never imports client code.' }] },
      ],
    },
  },
  {
    // The order attempt's owner is the only writer of an order's status, of reversals and of a basket
    // given back (issue 29). orders.ts defines the writes; the Adyen provider's reverse and the
    // account's saving (a zero-value authorisation, no order) send Adyen's reversal.
    files: ['server/src/**/*.ts'],
    ignores: [
      'server/src/services/attempts/**',
      'server/src/upstream/commerce/orders.ts',
      'server/src/services/payments/adyen.ts',
      'server/src/services/payments/adyen-reversal.ts',
      'server/src/**/*.test.ts',
      'server/src/testing/**',
      'server/src/test-helpers.ts',
    ],
    rules: { 'no-restricted-syntax': ['error', ...ORDER_WRITES, ...ADYEN_REVERSAL] },
  },
  {
    files: ['server/src/services/payments/adyen.ts', 'server/src/services/payments/adyen-reversal.ts'],
    rules: { 'no-restricted-syntax': ['error', ...ORDER_WRITES] },
  },
  {
    // One data-access module per upstream (issue 33, as practica's data-access layer): only
    // server/src/upstream/ calls an upstream (commerce/, som.ts, stripe.ts, adyen.ts, vehicles.ts,
    // loqate.ts); services and routes call those modules. server.ts builds the clients.
    files: ['server/src/**/*.ts'],
    ignores: [
      'server/src/upstream/**',
      'server/src/server.ts',
      'server/src/**/*.test.ts',
      'server/src/testing/**',
      'server/src/test-helpers.ts',
    ],
    rules: {
      'no-restricted-properties': [
        'error',
        {
          property: 'upstreams',
          message: "Upstream calls live in the upstream's data-access module (server/src/upstream/).",
        },
      ],
    },
  },
  {
    // Routes are thin (issue 11): parse the input, get the shopper, call one service, answer.
    // Upstream calls belong to services, so a route neither reaches ctx.upstreams nor imports a client.
    files: ['server/src/routes/**/*.ts'],
    ignores: ['server/src/routes/**/*.test.ts'],
    rules: {
      'no-restricted-syntax': ['error', ...ORDER_WRITES, ...ADYEN_REVERSAL],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)upstream/clients\\.ts$',
              message:
                'Routes call services; the upstream clients (server/src/upstream/clients.ts) are for its data-access modules.',
            },
            {
              regex: '(^|/)generated/[^/]+/client\\.ts$',
              message: 'Routes call services; the generated upstream clients are for services only.',
            },
          ],
        },
      ],
    },
  },
  {
    // The client's data layer (issue 11): components call the hook of an operation's file
    // (features/<feature>/api/<operation>.ts, lib/api/<operation>.ts), never the proxy client or SWR
    // itself; lib/api/cache.ts says what each mutation refreshes. ApiError and the contract's types
    // may be read anywhere. The app routes declaratively (app/router.tsx): the data router's API,
    // which a test's memory router would let pass, is not there in the browser.
    files: ['client/src/**/*.{ts,tsx}'],
    ignores: ['client/src/**/api/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [SWR_OUTSIDE_API, DATA_ROUTER_API, ROUTER_LINK], patterns: [PROXY_CLIENT] },
      ],
    },
  },
  {
    // Tests drive the app's routes under a memory data router (testing/render-app.tsx).
    files: ['client/src/**/*.test.{ts,tsx}', 'client/src/testing/**'],
    rules: { 'no-restricted-imports': ['error', { paths: [SWR_OUTSIDE_API], patterns: [PROXY_CLIENT] }] },
  },
  {
    // The network is reached through the proxy client only (lib/api/client.ts).
    files: ['client/src/**/*.{ts,tsx}'],
    ignores: ['client/src/lib/api/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.name='fetch'], CallExpression[callee.property.name='fetch']",
          message: 'Call the proxy through lib/api/client.ts (an operation file), not fetch.',
        },
      ],
    },
  },
  {
    // Tests read JSON bodies whose shape each assertion states; an untyped body keeps them short.
    files: [
      '**/*.test.ts',
      '**/*.test.tsx',
      '**/test-helpers.ts',
      'server/src/testing/shop-browser.ts',
      'tests/**/*.ts',
    ],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
