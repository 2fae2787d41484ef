import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          // Property tests run hundreds of cases; the machine is shared with builds, so allow more than 5 s.
          testTimeout: 20_000,
          include: [
            'src/**/*.test.ts',
            'scripts/**/*.test.ts',
            'packages/*/src/**/*.test.ts',
            // The staff console's logic (its screens are proven end to end: tests/console).
            'backoffice/console/src/**/*.test.ts',
            'tests/e2e/fixtures/**/*.test.ts',
            // The storefront/back-office contract: boots the back-office in-process (docs/api-contract.md).
            'tests/contract/**/*.test.ts',
          ],
        },
      },
      {
        test: {
          // `npm run test:cluster` (issue 27): two back-offices and two storefront servers on a PostgreSQL server of
          // their own. Not part of `npm run test:unit`: it needs PostgreSQL's binaries and a build, and takes minutes.
          name: 'cluster',
          environment: 'node',
          include: ['tests/cluster/**/*.test.ts'],
          // One cluster for the whole file: it starts once (seed and build), and its cases run in order.
          hookTimeout: 420_000,
          testTimeout: 120_000,
        },
      },
    ],
  },
});
