/**
 * Where the console's end-to-end stack lives (the Playwright `console` project): its own `npm start`
 * (scripts/start.ts) on three loopback ports from E2E_CONSOLE_PORT (back-office, storefront, content hook), its
 * own DATA_DIR, builds folder and SMTP capture, so console specs change content and staff without touching the
 * shop's run. Imported by playwright.config.ts, the console's global setup and its specs.
 */
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generateSecret, secretProblem } from '@plasterwick/shop-rules/secrets';
import { z } from 'zod';
import { parseEnvironment, port as portSchema } from '../../../src/lib/env.ts';

/** The console run's own variables (README: "Used by: tests"). */
const consoleEnvSchema = z.object({
  E2E_CONSOLE_PORT: portSchema.max(65533).default(4420),
  E2E_CONSOLE_API_KEY: z
    .string()
    .optional()
    .refine((value) => value === undefined || !secretProblem(value), 'must be a secret of 32+ characters'),
});

// Random unless given, and exported so the spec processes (started later) read the same key back.
process.env.E2E_CONSOLE_API_KEY ||= generateSecret();
const env = parseEnvironment(consoleEnvSchema, process.env, 'console e2e');

const backofficePort = env.E2E_CONSOLE_PORT;
const root = path.resolve(import.meta.dirname, '../../..');
const workDir = path.join(os.tmpdir(), `plasterwick-console-${backofficePort}`);
const backofficeURL = `http://127.0.0.1:${backofficePort}`;

export const consoleStack = {
  root,
  backofficePort,
  shopPort: backofficePort + 1,
  contentHookPort: backofficePort + 2,
  workDir,
  dataDir: path.join(workDir, 'data'),
  buildsDir: path.join(workDir, 'builds'),
  /** The e-mails of the run, one JSON file each (tests/e2e/support/mail.ts reads them). */
  mailDir: path.join(workDir, 'mail'),
  /** Everything `npm start` printed, the back-office's log with it (the setup link is read from here). */
  logFile: path.join(workDir, 'stack.log'),
  /** The signed-in browser state of each role (global setup writes them, specs load them). */
  stateDir: path.join(workDir, 'state'),
  /** The back-office's origin, where the console and the staff API are served. */
  backofficeURL,
  consoleURL: `${backofficeURL}/admin`,
  shopURL: `http://127.0.0.1:${backofficePort + 1}`,
  apiKey: process.env.E2E_CONSOLE_API_KEY,
};

/** The Playwright projects of the console (playwright.config.ts): the setup that signs everyone in, then the specs. */
export const CONSOLE_PROJECTS = { setup: 'console-setup', specs: 'console' } as const;

export function isConsoleProject(name: string): boolean {
  return name === CONSOLE_PROJECTS.setup || name === CONSOLE_PROJECTS.specs;
}

/** What `npm start` has printed so far. */
export function stackLog(): string {
  return readFileSync(consoleStack.logFile, 'utf8');
}

/** The storage state (the `pw_staff` cookie) of the person signed in with `role`, for `test.use({ storageState })`. */
export function signedInAs(role: string): string {
  return path.join(consoleStack.stateDir, `${role}.json`);
}
