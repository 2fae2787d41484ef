import { defineConfig } from 'vitest/config';

/**
 * The crash tests (`npm run test:crash`): a real back-office process killed mid-checkout, and one whose PostgreSQL
 * restarts under traffic (on a private PostgreSQL 15 it starts itself). Their own run, on their own databases,
 * apart from the API suite (`.ci/run` runs it once more on PostgreSQL).
 */
export default defineConfig({
  test: {
    include: ['tests/crash/**/*.test.ts'],
    // The first start seeds the demo; then two reconciliation periods of 5 s are waited for.
    testTimeout: 170_000,
    hookTimeout: 60_000,
  },
});
