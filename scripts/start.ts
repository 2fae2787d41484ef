/**
 * `npm start`: the whole shop on one machine. Resolves the secrets (DATA_DIR/secrets.json for the ones not set),
 * starts the back-office (seeding its database on first run), builds the storefront when there is no build or the
 * back-office content changed since the current one, and serves it on PORT. A content change rebuilds and swaps in
 * the background: the back-office calls the launcher's loopback content hook after each committed change (a
 * secret made per run; scripts/lib/content-hook.ts), and the content version is also polled every
 * CONTENT_CHECK_SECONDS (60) in case a call was lost. Requests are debounced and builds never overlap
 * (scripts/lib/rebuild-coordinator.ts). Both servers are supervised: a crashed one is restarted with backoff while
 * the other keeps serving (static pages stay up while the back-office restarts).
 * The staff console (backoffice/console) is built while the back-office starts when it is missing or older than its
 * sources, and the back-office serves it at CONSOLE_URL; while the back-office has no staff, the setup link it logs
 * is repeated beside the shop's address.
 * Env: everything scripts/server.ts takes, BACKOFFICE_PORT (the port of BACKOFFICE_URL, else 4000), DATA_DIR,
 * CONTENT_HOOK_PORT, CONSOLE_URL, the secrets of packages/shop-rules/src/secrets.ts.
 */
import path from 'node:path';
import { generateSecret } from '@plasterwick/shop-rules/secrets';
import { ApiClient } from '../src/lib/api/client.ts';
import { getContentVersion } from '../src/lib/api/site.ts';
import { currentBuild, pruneBuildsInBackground } from './lib/builds.ts';
import { buildConsole, consoleBuildReason, setupLinkIn } from './lib/console.ts';
import { startContentHook, type ContentHookServer } from './lib/content-hook.ts';
import { loadEnv, repoRoot, type StorefrontEnv } from '../src/lib/env.ts';
import { runNode, waitForHttp } from './lib/process.ts';
import { RebuildCoordinator, REBUILD_MAX_DELAY_MS, REBUILD_QUIET_MS } from './lib/rebuild-coordinator.ts';
import { resolveSecrets, type ResolvedSecrets } from './lib/secrets-file.ts';
import { Supervisor } from './lib/supervisor.ts';

function log(message: string) {
  console.log(`[start] ${message}`);
}

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

let env: StorefrontEnv;
let secrets: ResolvedSecrets;
try {
  env = loadEnv();
  secrets = resolveSecrets(process.env, env.DATA_DIR);
} catch (error) {
  fail((error as Error).message);
}
const dataDir = env.DATA_DIR;
const checkSeconds = env.CONTENT_CHECK_SECONDS;
if (secrets.file) {
  const made = secrets.generated.length > 0 ? ` (generated now: ${secrets.generated.join(', ')})` : '';
  log(`secrets not set in the environment are read from ${secrets.file}${made}`);
}

const backofficePort = String(env.BACKOFFICE_PORT ?? (new URL(env.BACKOFFICE_URL).port || 4000));
const backofficeUrl = `http://127.0.0.1:${backofficePort}`;
// The back-office's own default (backoffice/src/config.ts) when the variable is unset.
const consoleUrl = env.CONSOLE_URL ?? `${backofficeUrl}/admin`;
const childEnv = {
  ...process.env,
  ...secrets.values,
  DATA_DIR: dataDir,
  BACKOFFICE_PORT: backofficePort,
  BACKOFFICE_URL: backofficeUrl,
};

/**
 * Builds (and swaps) when the back-office content differs from the current build's. Old builds are deleted in the
 * background afterwards, so a follow-up build starts at once.
 */
async function rebuildIfChanged(): Promise<void> {
  await runNode(path.join(repoRoot, 'scripts/build.ts'), ['--if-changed', '--keep-old'], {
    label: 'build',
    cwd: repoRoot,
    env: childEnv,
  });
  const pruneStarted = performance.now();
  void pruneBuildsInBackground(env.BUILDS_DIR).then(
    (pruned) => {
      if (pruned.length === 0) return;
      const seconds = ((performance.now() - pruneStarted) / 1000).toFixed(1);
      log(`deleted ${pruned.length} old build(s) in ${seconds} s`);
    },
    (error: Error) => console.error(`[start] deleting old builds failed: ${error.message}`),
  );
}
const rebuilds = new RebuildCoordinator({
  rebuild: rebuildIfChanged,
  quietMs: REBUILD_QUIET_MS,
  maxDelayMs: REBUILD_MAX_DELAY_MS,
  onError: (error) => console.error(`[start] build failed: ${(error as Error).message.split('\n')[0]}`),
});

// The secret is new on every run and known only to this process and the back-office it starts.
const hookSecret = generateSecret();
let contentHook: ContentHookServer;
try {
  contentHook = await startContentHook({
    secret: hookSecret,
    port: env.CONTENT_HOOK_PORT,
    onChange: () => {
      log('the back-office announced a content change: rebuilding');
      rebuilds.request();
    },
  });
} catch (error) {
  fail(`[start] the content hook could not listen: ${(error as Error).message}`);
}
log(`content hook on ${contentHook.url} (loopback only, secret made for this run)`);

// The storefront reaches the back-office from this machine's loopback address: that is the one proxy whose
// X-Forwarded-For the back-office believes, so its limits see each visitor. TRUST_PROXY itself is the storefront's.
// Links in its e-mails point at the storefront's public origin.
const backofficeEnv = {
  ...childEnv,
  TRUST_PROXY: '127.0.0.1',
  SITE_URL: env.SITE_URL,
  CONTENT_HOOK_URL: contentHook.url,
  CONTENT_HOOK_SECRET: hookSecret,
};

/**
 * The setup link the back-office logs while it has no staff (a new one at each start): repeated beside the shop's
 * address once the shop is up, or as soon as it appears after that.
 */
const setup: { link?: string; shopUp: boolean } = { shopUp: false };
function announceSetupLink() {
  if (setup.link)
    log(`no staff account yet: create the first owner at ${setup.link} (works once, for 24 hours)`);
}

const backoffice = new Supervisor({
  name: 'back-office',
  label: 'backoffice',
  script: path.join(repoRoot, 'backoffice/src/server.ts'),
  cwd: repoRoot,
  env: backofficeEnv,
  log,
  onLine: (line) => {
    const link = setupLinkIn(line);
    if (!link) return;
    setup.link = link;
    if (setup.shopUp) announceSetupLink();
  },
});
const server = new Supervisor({
  name: 'storefront server',
  label: 'server',
  script: path.join(repoRoot, 'scripts/server.ts'),
  cwd: repoRoot,
  env: childEnv,
  log,
});
/** Set once the shop is up, so a signal at any moment stops what is running. */
const contentCheck: { timer?: NodeJS.Timeout } = {};
let stopping = false;

async function stopAll(code: number) {
  if (stopping) return;
  stopping = true;
  clearInterval(contentCheck.timer);
  // A build already running is left to finish; nothing new starts.
  void rebuilds.stop();
  await contentHook.close();
  await server.stop();
  await backoffice.stop();
  process.exit(code);
}
process.on('SIGINT', () => void stopAll(0));
process.on('SIGTERM', () => void stopAll(0));

// The console is served by the back-office from its build: made (when missing or stale) while the back-office
// starts, since it serves a build that appears later without a restart.
const consoleStale = consoleBuildReason();
if (consoleStale) log(`building the staff console (${consoleStale})`);
const consoleBuilt = consoleStale ? buildConsole(undefined, childEnv) : Promise.resolve();
consoleBuilt.catch(() => undefined);

// A child that never came up (bad configuration, port in use) is not restarted: the launcher stops with its output.
try {
  log(`waiting for the back-office on ${backofficeUrl} (the first start seeds the demo catalogue)`);
  await waitForHttp(`${backofficeUrl}/api/v1/health`, {
    ok200: true,
    timeoutMs: 300_000,
    child: backoffice.start(),
  });
} catch (error) {
  console.error(`[start] the back-office did not start: ${(error as Error).message}`);
  await stopAll(1);
}

try {
  await consoleBuilt;
} catch (error) {
  console.error(`[start] the staff console did not build: ${(error as Error).message}`);
  await stopAll(1);
}

await rebuilds.runNow();
if (!currentBuild(env.BUILDS_DIR)) {
  console.error('[start] no build to serve');
  await stopAll(1);
}

try {
  await waitForHttp(`http://127.0.0.1:${env.PORT}/robots.txt`, { child: server.start(), timeoutMs: 30_000 });
} catch (error) {
  console.error(`[start] the storefront server did not start: ${(error as Error).message}`);
  await stopAll(1);
}
log(`the shop is at http://localhost:${env.PORT} (back-office docs: ${backofficeUrl}/api/v1/docs)`);
log(`the staff console is at ${consoleUrl}`);
setup.shopUp = true;
announceSetupLink();

// The content version is asked for the site the served build was made for (spec §7 site lookup).
const api = new ApiClient({
  origin: backofficeUrl,
  siteId: () => currentBuild(env.BUILDS_DIR)?.manifest.siteId,
  planId: () => undefined,
});
// The fallback for a hook call that was lost (launcher busy restarting the back-office, a timeout); skipped while a
// build runs or is already asked for.
contentCheck.timer = setInterval(() => {
  if (rebuilds.busy || stopping || !backoffice.child) return;
  void getContentVersion(api).then(
    (version) => {
      const served = currentBuild(env.BUILDS_DIR)?.manifest.contentVersion;
      if (version === served) return;
      log(`content version ${version} differs from the served build's (${served}): rebuilding`);
      rebuilds.request();
    },
    (error: Error) => console.error(`[start] content check failed: ${error.message}`),
  );
}, checkSeconds * 1000);
