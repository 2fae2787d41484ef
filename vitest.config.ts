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
    ],
  },
});
