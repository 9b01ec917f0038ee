import { globSync, readFileSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { catalogueParts } from './client/catalogue-parts.ts';

// Seven projects: `domain` (the pure rules of domain/), `unit` (tests beside the code, Node), `client`
// (React app tests beside the code, jsdom) with `client-mocks` (those of them that replace a module),
// `contract` (tests/contract, reading openapi/), `resilience` (tests/faults, tests/fuzz and
// tests/attacks, issue 17) and `scale` (tests/scale: Redis, two proxy instances and nginx, issue 16).
// `make check` runs domain, unit and the client projects with lint and typecheck (issue 32); `make
// test` runs them all.
//
// Test files share their worker's modules (`isolate: false`): importing the proxy, the sandbox and
// React again for each of ~250 files was over half of the suite's time (issue 32). So a test leaves no
// module state behind: what a proxy instance caches lives with its upstream clients
// (server/src/services/ttl-cache.ts cachePerUpstreams). A file that replaces a module (vi.mock) needs a
// registry of its own, found here by its text, and runs isolated in client-mocks.
const MOCKING = /\bvi\.(?:do)?mock\(/;
const mocking = globSync('client/**/*.test.{ts,tsx}').filter((file) => MOCKING.test(readFileSync(file, 'utf8')));
const unmockedNode = ['{scripts,spectral-functions,server,mocks}/**/*.test.{ts,tsx}'];
const nodeMocking = globSync(unmockedNode).filter((file) => MOCKING.test(readFileSync(file, 'utf8')));
if (nodeMocking.length)
  throw new Error(`vi.mock in a Node test shares its worker's modules: ${nodeMocking.join(', ')}`);

export default defineConfig({
  test: {
    // Both cores, though Vitest keeps one free by default: most files wait on their sandbox and servers.
    maxWorkers: 2,
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
          include: unmockedNode,
          environment: 'node',
          isolate: false,
          // A test's first server render or spawned process can take seconds on CI's two busy cores.
          testTimeout: 15_000,
        },
      },
      {
        plugins: [react(), catalogueParts()],
        test: {
          name: 'client',
          include: ['client/**/*.test.{ts,tsx}'],
          exclude: mocking,
          environment: 'jsdom',
          isolate: false,
          testTimeout: 15_000,
          setupFiles: ['client/src/testing/setup.ts'],
        },
      },
      {
        plugins: [react(), catalogueParts()],
        test: {
          name: 'client-mocks',
          include: mocking,
          environment: 'jsdom',
          isolate: true,
          testTimeout: 15_000,
          setupFiles: ['client/src/testing/setup.ts'],
        },
      },
      {
        test: {
          name: 'contract',
          include: ['tests/{contract,sandbox}/**/*.test.ts'],
          environment: 'node',
          isolate: false,
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
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'scale',
          include: ['tests/scale/**/*.test.ts'],
          environment: 'node',
          isolate: false,
          // One journey takes a few seconds; the cluster's start-up may install packages (its own timeout).
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
