import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'tests/**/*.test.ts'],
    // A real server killed mid-checkout: its own command, `npm run test:crash` (vitest.crash.config.ts).
    exclude: ['tests/crash/**', '**/node_modules/**'],
    // Each file boots its own database; two cores, so keep parallelism modest.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
