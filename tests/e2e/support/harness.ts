/**
 * Where the e2e run lives: ports, temp dirs and helpers to start extra server instances from a spec
 * (e.g. with CANONICAL_HOST or ALLOWED_IPS set). Imported by playwright.config.ts, global setup and specs.
 */
import { generateSecret } from '@plasterwick/shop-rules/secrets';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnNode, stopChild, waitForHttp, type NodeChild } from '../../../scripts/lib/process.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const backofficePort = Number(process.env.E2E_BACKOFFICE_PORT || 4410);
const port = Number(process.env.E2E_PORT || 4411);
const workDir = path.join(os.tmpdir(), `plasterwick-e2e-${port}`);

export const e2e = {
  root,
  backofficePort,
  port,
  workDir,
  dataDir: path.join(workDir, 'data'),
  buildsDir: path.join(workDir, 'builds'),
  baseURL: `http://127.0.0.1:${port}`,
  backofficeURL: `http://127.0.0.1:${backofficePort}`,
  chromiumPath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  reuseBuild: process.env.E2E_REUSE_BUILD === '1',
  /**
   * The run's secrets, random unless given: global setup hands them to the back-office, and specs importing the
   * harness (a separate process) read the same values back from the environment it exports them to.
   */
  secrets: {
    BACKOFFICE_API_KEY: (process.env.E2E_BACKOFFICE_API_KEY ||= generateSecret()),
    PREVIEW_TOKEN: (process.env.E2E_PREVIEW_TOKEN ||= generateSecret()),
  },
  verbose: process.env.E2E_VERBOSE === '1',
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
