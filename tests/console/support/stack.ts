/**
 * Where the console's end-to-end stack lives (the Playwright `console` project): its own `npm start`
 * (scripts/start.ts) on three loopback ports from E2E_CONSOLE_PORT (back-office, storefront, content hook), its
 * own DATA_DIR, builds folder and SMTP capture, so console specs change content and staff without touching the
 * shop's run. Imported by playwright.config.ts, the console's global setup and its specs.
 */
import { existsSync, readFileSync } from 'node:fs';
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
  /** Written with the exit code if the stack stops before the run ends. */
  exitFile: path.join(workDir, 'stack.exit'),
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

/**
 * Waits until the stack serves the storefront (start.ts starts it last, once the back-office is up and the console
 * and the shop are built) and the console; fails at once, with the end of its log, if the stack stopped.
 */
export async function consoleStackReady(timeoutMs = 300_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  const answers = async (url: string) =>
    fetch(url, { signal: AbortSignal.timeout(5_000) }).then(
      async (response) => {
        await response.body?.cancel();
        return response.status === 200;
      },
      () => false,
    );
  for (;;) {
    if (existsSync(consoleStack.exitFile)) {
      const tail = stackLog().split('\n').slice(-40).join('\n');
      throw new Error(
        `the console stack stopped (exit ${readFileSync(consoleStack.exitFile, 'utf8')}):\n${tail}`,
      );
    }
    const shopUp = await answers(`${consoleStack.shopURL}/robots.txt`);
    if (shopUp && (await answers(`${consoleStack.consoleURL}/`))) return;
    if (Date.now() > deadline) throw new Error(`the console stack was not ready within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** The storage state (the `pw_staff` cookie) of the person signed in with `role`, for `test.use({ storageState })`. */
export function signedInAs(role: string): string {
  return path.join(consoleStack.stateDir, `${role}.json`);
}
