import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { catalogueParts } from './client/catalogue-parts.ts';

// Three projects: `unit` (tests beside the code, Node), `client` (React app tests beside the code,
// jsdom) and `contract` (tests/contract, reading openapi/).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['{scripts,spectral-functions,server,mocks,domain}/**/*.test.{ts,tsx}'],
          environment: 'node',
        },
      },
      {
        plugins: [react(), catalogueParts()],
        test: {
          name: 'client',
          include: ['client/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['client/src/testing/setup.ts'],
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
