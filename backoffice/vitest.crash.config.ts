import { defineConfig } from 'vitest/config';

/**
 * The crash test (`npm run test:crash`): a real back-office process killed mid-checkout. Its own run, on its own
 * database, apart from the API suite (`.ci/run` runs it once more on PostgreSQL).
 */
export default defineConfig({
  test: {
    include: ['tests/crash/**/*.test.ts'],
    // The first start seeds the demo; then two reconciliation periods of 5 s are waited for.
    testTimeout: 170_000,
    hookTimeout: 60_000,
  },
});
