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
// The test files of a project share their worker's modules, and the client's its jsdom (Vitest's
// isolate: false, issue 32): the whole run in 342 s instead of 535-563 s, the client's 60 files in
// about 21 s instead of 100, for jsdom was made 60 times. What a file must not inherit is put back
// for each file: a sandbox built after another starts from the seed (mocks/sandbox/src/sandbox.ts), and
// the client's set-up evaluates the app's modules afresh and clears the page, its storage, cookies and
// address (client/src/testing/setup.ts). Checked in shuffled file orders
// (vitest run --sequence.shuffle.files --sequence.seed=N: seeds 3 and 7 for the Node projects, 1-7
// for the client).

export default defineConfig({
  test: {
    // Two workers per core (Vitest keeps one core free by default): most files wait on their sandbox,
    // servers, timers and child processes more than they compute. On this machine's two cores the whole
    // run took 196 s with four workers (83% of both cores busy) against 342 s with two (issue 32).
    maxWorkers: 2 * Math.max(1, availableParallelism()),
    projects: [
      {
        // The pure rules of domain/ and the message catalogues (catalogues/): table tests, no I/O.
        test: {
          name: 'domain',
          isolate: false,
          include: ['{domain,catalogues}/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'unit',
          isolate: false,
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
          isolate: false,
          include: ['client/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          testTimeout: 15_000,
          setupFiles: ['client/src/testing/setup.ts'],
        },
      },
      {
        test: {
          name: 'contract',
          isolate: false,
          // One Prism mock per upstream contract for the whole project (issue 32).
          globalSetup: ['tests/contract/lib/prism-fleet.ts'],
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
          isolate: false,
          include: ['tests/{faults,fuzz,attacks}/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'scale',
          isolate: false,
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
