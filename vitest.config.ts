import { availableParallelism } from 'node:os';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { catalogueParts } from './client/catalogue-parts.ts';

// Six projects: `domain` (the pure rules of domain/), `unit` (tests beside the code, Node), `client`
// (React app tests beside the code, jsdom), `contract` (tests/contract, reading openapi/), `resilience`
// (tests/faults, tests/fuzz and tests/attacks, issue 17) and `scale` (tests/scale: Redis, two proxy
// instances and nginx, issue 16). `make check` runs domain, unit and client with lint and typecheck
// (issue 32); `make test` runs them all.
//
// Every test file has its own modules (Vitest's isolation), except the pure rules of domain/. Shared
// modules took the whole Vitest run from 877 s to 280 s (issue 32), but the sandbox is built as one per
// process: its stand-ins' state and their wiring (the order store, the placed-order listener) are
// module singletons, so a file's sandbox met the orders of an earlier file's in a shuffled order
// (vitest --sequence.shuffle.files --sequence.seed=3). Until the sandbox keeps that state per
// instance, files stay isolated and use both cores.

export default defineConfig({
  test: {
    // Every core, though Vitest keeps one free by default: most files wait on their sandbox and
    // servers (on CI's two cores: 535-563 s instead of 877 s, issue 32).
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      {
        // The pure rules of domain/: table tests, no server, no I/O.
        test: {
          name: 'domain',
          include: ['domain/**/*.test.ts'],
          environment: 'node',
          isolate: false,
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
