import { defineConfig } from 'vitest/config';

// Two projects: `unit` (tests beside the code) and `contract` (tests/contract, reading openapi/).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['{scripts,spectral-functions,server,client,mocks,domain}/**/*.test.{ts,tsx}'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'contract',
          include: ['tests/{contract,sandbox}/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
