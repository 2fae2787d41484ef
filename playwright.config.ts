/**
 * End-to-end tests: Playwright driving Debian's Chromium against the production build served by the real server
 * (scripts/server.ts) in front of a freshly seeded back-office. tests/e2e/support/global-setup.ts starts them.
 *
 * Run everything:        npm run test:e2e
 * Run one spec:          npx playwright test tests/e2e/server.spec.ts
 * One spec, one project: npx playwright test tests/e2e/catalogue.spec.ts --project desktop
 * Fast loop:             E2E_REUSE_BUILD=1 npx playwright test tests/e2e/faq.spec.ts
 *   (keeps the seeded data and the build between runs; rebuilds only when the back-office content version
 *   differs from the build's. Drop the variable after changing pages or the seed.)
 * Ports: E2E_BACKOFFICE_PORT (4410) and E2E_PORT (4411); Chromium: CHROMIUM_PATH (/usr/bin/chromium).
 * Tests tagged @http exercise the server over plain HTTP, so they run once (desktop project) only.
 *
 * The staff console (tests/console) has a stack of its own, started like `npm start` by its global setup
 * (tests/console/support/global-setup.ts) on E2E_CONSOLE_PORT and the two ports after it. Its `console-setup`
 * project creates the first owner from the setup link in Chromium and signs one person per role in; the `console`
 * specs then run one at a time with those sessions:
 *   npx playwright test --project console        (the shop's stack is not started)
 * Each stack starts only when one of its projects is chosen: a shop spec run without `--project desktop` (or
 * `mobile`) also starts the console's stack in the background, which costs time but changes nothing.
 */
import { defineConfig } from '@playwright/test';
import { e2e } from './tests/e2e/support/harness.ts';
import { CONSOLE_PROJECTS, consoleStack } from './tests/console/support/stack.ts';

const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export default defineConfig({
  testDir: './tests/e2e',
  testMatch: '**/*.spec.ts',
  // The console's stack starts first and builds while the shop's global setup builds the shop.
  globalSetup: ['./tests/console/support/global-setup.ts', './tests/e2e/support/global-setup.ts'],
  timeout: 30_000,
  expect: { timeout: 5_000 },
  // The build in global setup is the slow part; the tests themselves share one server.
  globalTimeout: 30 * 60_000,
  fullyParallel: true,
  // Two workers on CI too: one per core, and the suite stays well inside the CI time budget.
  workers: 2,
  forbidOnly: e2e.ci,
  retries: 0,
  reporter: e2e.ci ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    baseURL: e2e.baseURL,
    browserName: 'chromium',
    launchOptions: { executablePath: e2e.chromiumPath, args: chromiumArgs },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    // First: the console's setup spends most of its time waiting for the authenticator's next 30-second step,
    // so it takes one worker while the other runs the shop's specs. Its specs come last (they need it).
    {
      name: CONSOLE_PROJECTS.setup,
      testDir: './tests/console',
      testMatch: '**/*.setup.ts',
      // The setup waits for the authenticator's 30-second steps between sign-ins of one person.
      timeout: 180_000,
      use: { baseURL: consoleStack.backofficeURL, viewport: { width: 1366, height: 900 } },
    },
    { name: 'desktop', use: { viewport: { width: 1280, height: 800 } } },
    {
      name: 'mobile',
      grepInvert: /@http/,
      use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 3 },
    },
    {
      name: CONSOLE_PROJECTS.specs,
      testDir: './tests/console',
      testMatch: '**/*.spec.ts',
      dependencies: [CONSOLE_PROJECTS.setup],
      // One at a time: content-version and build assertions see only their own changes.
      workers: 1,
      fullyParallel: false,
      timeout: 60_000,
      use: { baseURL: consoleStack.backofficeURL, viewport: { width: 1366, height: 900 } },
    },
  ],
});
