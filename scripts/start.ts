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
 * Builds are reported to the back-office (issue 26, scripts/lib/build-reports.ts): each build's start and outcome
 * (its message and the end of its log), when the storefront serves it, when it is deleted. The launcher serves the
 * build the back-office's current-build pointer names (read every 2 s and after each build: a rollback is served
 * within seconds), rebuilds when the content version is ahead of the newest build record, and keeps the last
 * KEEP_BUILDS good builds for a rollback. It reports with BUILD_REPORT_TOKEN (a machine token of scope
 * `builds:write`) or else the API key; without either it builds and swaps on its own, as before.
 * Env: everything scripts/server.ts takes, BACKOFFICE_PORT (the port of BACKOFFICE_URL, else 4000), DATA_DIR,
 * CONTENT_HOOK_PORT, CONSOLE_URL, BUILD_REPORT_TOKEN, the secrets of packages/shop-rules/src/secrets.ts.
 */
import path from 'node:path';
import { generateSecret } from '@plasterwick/shop-rules/secrets';
import { ApiClient } from '../src/lib/api/client.ts';
import { getContentVersion } from '../src/lib/api/site.ts';
import {
  BuildReporter,
  type BuildStatus,
  contentsOf,
  failureMessage,
  KEEP_BUILDS,
  nextStep,
  POINTER_CHECK_MS,
  reportHeaders,
  servedBuildIn,
  successMessage,
} from './lib/build-reports.ts';
import {
  activateBuild,
  currentBuild,
  currentTarget,
  newBuildId,
  pruneBuildsInBackground,
  readManifest,
} from './lib/builds.ts';
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

/** Deletes old builds in the background (never the one `protect` names), so a follow-up build starts at once. */
function pruneInBackground(keep: number, protect: string[], onPruned?: (ids: string[]) => Promise<void>) {
  const pruneStarted = performance.now();
  void pruneBuildsInBackground(env.BUILDS_DIR, keep, protect).then(
    async (pruned) => {
      if (pruned.length === 0) return;
      const seconds = ((performance.now() - pruneStarted) / 1000).toFixed(1);
      log(`deleted ${pruned.length} old build(s) in ${seconds} s`);
      await onPruned?.(pruned);
    },
    (error: Error) => console.error(`[start] deleting old builds failed: ${(error as Error).message}`),
  );
}

const reportWith = reportHeaders({
  BUILD_REPORT_TOKEN: env.BUILD_REPORT_TOKEN,
  BACKOFFICE_API_KEY: secrets.values.BACKOFFICE_API_KEY ?? process.env.BACKOFFICE_API_KEY,
});
/** The back-office's build records; undefined without a credential (the launcher then swaps on its own). */
const reporter = reportWith ? new BuildReporter(backofficeUrl, reportWith) : undefined;

/** Without build records: builds (and swaps) when the back-office content differs from the current build's. */
async function rebuildOnItsOwn(): Promise<void> {
  await runNode(path.join(repoRoot, 'scripts/build.ts'), ['--if-changed', '--keep-old'], {
    label: 'build',
    cwd: repoRoot,
    env: childEnv,
  });
  pruneInBackground(1, []);
}

/**
 * With build records: builds when the content version is ahead of the newest build record (or nothing is served),
 * reporting its start and outcome; the pointer then moves to it and the launcher serves it. A new database beside
 * an old builds folder adopts the served build when it has the content.
 */
async function rebuildReported(builds: BuildReporter, status: BuildStatus): Promise<void> {
  const served = currentBuild(env.BUILDS_DIR);
  const step = nextStep(status, served?.manifest);
  if (step === 'none') return;
  const id = step === 'adopt' && served ? served.id : newBuildId();
  await builds.start(id, status.content_version);
  if (step === 'adopt' && served) {
    log(`build ${id} has the content already: reported as the current build`);
    await builds.report(id, {
      outcome: 'succeeded',
      message: `Found on disk at start: ${successMessage(served.manifest)}`,
      contents: contentsOf(served.manifest),
      content_version: served.manifest.contentVersion,
    });
    return followPointer();
  }
  let output: string;
  try {
    output = await runNode(path.join(repoRoot, 'scripts/build.ts'), ['--keep-old', '--no-activate'], {
      label: 'build',
      cwd: repoRoot,
      env: { ...childEnv, BUILD_ID: id },
    });
  } catch (error) {
    const text = (error as Error).message;
    await builds
      .report(id, { outcome: 'failed', message: failureMessage(text), log_tail: text })
      .catch((reportError: Error) =>
        console.error(`[start] reporting build ${id} failed: ${reportError.message}`),
      );
    throw error;
  }
  const manifest = readManifest(path.join(env.BUILDS_DIR, id));
  if (!manifest) throw new Error(`build ${id} left no manifest`);
  await builds.report(id, {
    outcome: 'succeeded',
    message: successMessage(manifest),
    log_tail: output,
    contents: contentsOf(manifest),
    content_version: manifest.contentVersion,
  });
  await followPointer();
  pruneInBackground(KEEP_BUILDS, [id], async (pruned) => {
    for (const old of pruned) await builds.report(old, { pruned: true }).catch(() => undefined);
  });
}

async function rebuildIfChanged(): Promise<void> {
  if (!reporter) return rebuildOnItsOwn();
  let status: BuildStatus;
  try {
    status = await reporter.status();
  } catch (error) {
    // The build records cannot be read (a token refused, the back-office restarting): build and swap on its own
    // rather than not at all; the pointer is followed again once it can be read.
    console.error(`[start] build records unavailable (${(error as Error).message}): building on its own`);
    return rebuildOnItsOwn();
  }
  await rebuildReported(reporter, status);
}

/** The build the storefront server says it serves (its output), once it is up. */
const storefront: { serving?: string } = {};

/** Whether the storefront server serves build `id`: asks it a page (it re-reads `current` once a second). */
async function servedWithin(id: string, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && !stopping) {
    if (storefront.serving === id) return true;
    await fetch(`http://127.0.0.1:${env.PORT}/robots.txt`, { signal: AbortSignal.timeout(2_000) }).then(
      (response) => response.body?.cancel(),
      () => undefined,
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  return storefront.serving === id;
}

let following = false;
const pointerProblem: { last?: string } = {};
/**
 * Serves the build the pointer names: swaps `current` to it when it is on disk, and reports it served once the
 * storefront server says so (the console says "live" only then).
 */
async function followPointer(): Promise<void> {
  if (!reporter || following || stopping) return;
  following = true;
  try {
    const status = await reporter.status();
    pointerProblem.last = undefined;
    const target = status.build_id;
    if (!target) return;
    if (currentTarget(env.BUILDS_DIR) !== target) {
      if (!readManifest(path.join(env.BUILDS_DIR, target))) return;
      activateBuild(env.BUILDS_DIR, target);
      log(`serving build ${target} (the current-build pointer names it)`);
    }
    if (status.live_since !== null || !server.child) return;
    if (await servedWithin(target, 10_000)) await reporter.report(target, { served: true });
  } catch (error) {
    // Said once, not every 2 s while it lasts.
    const message = `[start] following the current-build pointer failed: ${(error as Error).message}`;
    if (message !== pointerProblem.last) console.error(message);
    pointerProblem.last = message;
  } finally {
    following = false;
  }
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
  onLine: (line) => {
    // A server (re)started serves what `current` names; later it says when it swaps.
    if (line.includes('[server] storefront on')) storefront.serving = currentTarget(env.BUILDS_DIR);
    storefront.serving = servedBuildIn(line) ?? storefront.serving;
  },
});
/** Set once the shop is up, so a signal at any moment stops what is running. */
const contentCheck: { timer?: NodeJS.Timeout; pointer?: NodeJS.Timeout } = {};
let stopping = false;

async function stopAll(code: number) {
  if (stopping) return;
  stopping = true;
  clearInterval(contentCheck.timer);
  clearInterval(contentCheck.pointer);
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
/**
 * Is a build due? With build records: when the content version is ahead of the newest build record (a rollback
 * serves an older build and stays); without: when it differs from the served build's.
 */
async function buildDue(): Promise<string | undefined> {
  if (reporter) {
    const status = await reporter.status();
    const newest = status.newest?.content_version;
    return newest === undefined || status.content_version > newest
      ? `content version ${status.content_version} is ahead of the newest build's (${newest})`
      : undefined;
  }
  const version = await getContentVersion(api);
  const served = currentBuild(env.BUILDS_DIR)?.manifest.contentVersion;
  return version === served
    ? undefined
    : `content version ${version} differs from the served build's (${served})`;
}
// The fallback for a hook call that was lost (launcher busy restarting the back-office, a timeout); skipped while a
// build runs or is already asked for.
contentCheck.timer = setInterval(() => {
  if (rebuilds.busy || stopping || !backoffice.child) return;
  void buildDue().then(
    (why) => {
      if (!why) return;
      log(`${why}: rebuilding`);
      rebuilds.request();
    },
    (error: Error) => console.error(`[start] content check failed: ${error.message}`),
  );
}, checkSeconds * 1000);
// The current-build pointer: a rollback is served within seconds.
if (reporter) {
  void followPointer();
  contentCheck.pointer = setInterval(() => {
    if (!stopping && backoffice.child) void followPointer();
  }, POINTER_CHECK_MS);
}
