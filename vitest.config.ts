import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { catalogueParts } from './client/catalogue-parts.ts';

// Six projects: `domain` (the pure rules of domain/), `unit` (tests beside the code, Node), `client`
// (React app tests beside the code, jsdom), `contract` (tests/contract, reading openapi/), `resilience`
// (tests/faults, tests/fuzz and tests/attacks, issue 17) and `scale` (tests/scale: Redis, two proxy
// instances and nginx, issue 16). `make check` runs domain, unit and client with lint and typecheck
// (issue 32); `make test` runs them all.
export default defineConfig({
  test: {
    projects: [
      {
        // The pure rules of domain/: table tests, no server, no I/O.
        test: {
          name: 'domain',
          include: ['domain/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'unit',
          include: ['{scripts,spectral-functions,server,mocks}/**/*.test.{ts,tsx}'],
          environment: 'node',
          // A test's first server render or spawned process can take seconds on CI's two busy cores.
          testTimeout: 15_000,
        },
      },
      {
        plugins: [react(), catalogueParts()],
        test: {
          name: 'client',
          include: ['client/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          testTimeout: 15_000,
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
      {
        test: {
          // Issue 17: the fault table, the contract-driven fuzz sweep and the attacks, each through the
          // proxy against the sandbox.
          name: 'resilience',
          include: ['tests/{faults,fuzz,attacks}/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'scale',
          include: ['tests/scale/**/*.test.ts'],
          environment: 'node',
          // One journey takes a few seconds; the cluster's start-up may install packages (its own timeout).
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
