/**
 * Where the e2e run lives: ports, temp dirs and helpers to start extra server instances from a spec
 * (e.g. with CANONICAL_HOST or ALLOWED_IPS set). Imported by playwright.config.ts, global setup and specs.
 */
import { generateSecret, secretProblem } from '@plasterwick/shop-rules/secrets';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { parseEnvironment, port as portSchema } from '../../../src/lib/env.ts';
import { spawnNode, stopChild, waitForHttp, type NodeChild } from '../../../scripts/lib/process.ts';

export { freePort } from '@plasterwick/shop-rules/network';

/** `1` switches it on; empty or `0` leaves it off. */
const flag = z
  .enum(['', '0', '1'], { error: 'must be 1 (on) or 0 (off)' })
  .default('')
  .transform((value) => value === '1');
const secret = z
  .string()
  .optional()
  .refine((value) => value === undefined || !secretProblem(value), 'must be a secret of 32+ characters');

/** The e2e run's own variables (README: "Used by: tests"). */
const testEnvSchema = z.object({
  E2E_BACKOFFICE_PORT: portSchema.default(4410),
  E2E_PORT: portSchema.default(4411),
  CHROMIUM_PATH: z.string().min(1, 'must be the path of a Chromium binary').default('/usr/bin/chromium'),
  E2E_REUSE_BUILD: flag,
  E2E_VERBOSE: flag,
  E2E_BACKOFFICE_API_KEY: secret,
  E2E_PREVIEW_TOKEN: secret,
  // Set by CI services (any non-empty value): one worker, no `.only`, an HTML report.
  CI: z
    .string()
    .optional()
    .transform((value) => Boolean(value)),
});

// The run's secrets, random unless given: global setup hands them to the back-office, and specs importing the
// harness (a separate process) read the same values back from the environment they are exported to here.
process.env.E2E_BACKOFFICE_API_KEY ||= generateSecret();
process.env.E2E_PREVIEW_TOKEN ||= generateSecret();
const env = parseEnvironment(testEnvSchema, process.env, 'e2e');

const root = path.resolve(import.meta.dirname, '../../..');
const backofficePort = env.E2E_BACKOFFICE_PORT;
const port = env.E2E_PORT;
const workDir = path.join(os.tmpdir(), `plasterwick-e2e-${port}`);

export const e2e = {
  root,
  backofficePort,
  port,
  workDir,
  dataDir: path.join(workDir, 'data'),
  /** The e-mails the back-office sent during the run, one JSON file each (global setup, support/mail.ts). */
  mailDir: path.join(workDir, 'mail'),
  buildsDir: path.join(workDir, 'builds'),
  baseURL: `http://127.0.0.1:${port}`,
  backofficeURL: `http://127.0.0.1:${backofficePort}`,
  chromiumPath: env.CHROMIUM_PATH,
  reuseBuild: env.E2E_REUSE_BUILD,
  /** The run's secrets (see above). */
  secrets: {
    BACKOFFICE_API_KEY: env.E2E_BACKOFFICE_API_KEY ?? generateSecret(),
    PREVIEW_TOKEN: env.E2E_PREVIEW_TOKEN ?? generateSecret(),
  },
  verbose: env.E2E_VERBOSE,
  /** Running on a CI service (`CI` set). */
  ci: env.CI,
};

if (!existsSync(e2e.chromiumPath)) {
  throw new Error(
    `Chromium not found at ${e2e.chromiumPath}: install Debian's chromium or set CHROMIUM_PATH`,
  );
}

/** The environment every storefront process of the run shares. */
export function siteEnv(overrides: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    BACKOFFICE_URL: e2e.backofficeURL,
    BUILDS_DIR: e2e.buildsDir,
    SITE_URL: e2e.baseURL,
    PORT: String(e2e.port),
    ALLOWED_IPS: '',
    CANONICAL_HOST: '',
    LOG_LEVEL: e2e.verbose ? 'info' : 'warn',
    ...overrides,
  };
}

export interface RunningServer {
  url: string;
  stop: () => Promise<void>;
}

/**
 * Starts another instance of the production server on `port` over the same build, with extra env
 * (e.g. `{ CANONICAL_HOST: 'www.example.test' }`). Stop it in `afterAll`.
 */
export async function startExtraServer(port: number, env: NodeJS.ProcessEnv = {}): Promise<RunningServer> {
  const run: NodeChild = spawnNode(path.join(root, 'scripts/server.ts'), [], {
    label: `server:${port}`,
    cwd: root,
    env: siteEnv({ ...env, PORT: String(port) }),
    echo: e2e.verbose,
  });
  const url = `http://127.0.0.1:${port}`;
  // robots.txt is exempt from redirects and the allow-list answers 401 (< 500), so any answer means "up".
  await waitForHttp(`${url}/robots.txt`, { child: run, timeoutMs: 30_000 });
  return { url, stop: () => stopChild(run) };
}
