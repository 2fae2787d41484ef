/**
 * `npm start`: the whole shop on one machine. Starts the back-office (seeding its database on first run), builds
 * the storefront when there is no build or the back-office content changed since the current one, serves it on
 * PORT, and checks the content version every CONTENT_CHECK_SECONDS (60) to rebuild and swap in the background.
 * Env: everything scripts/server.ts takes, BACKOFFICE_PORT (the port of BACKOFFICE_URL, else 4000), DATA_DIR.
 */
import path from 'node:path';
import { ApiClient } from '../src/lib/api/client.ts';
import { getContentVersion } from '../src/lib/api/site.ts';
import { currentBuild } from './lib/builds.ts';
import { loadEnv, repoRoot, type StorefrontEnv } from './lib/env.ts';
import { runNode, spawnNode, stopChild, waitForHttp, type NodeChild } from './lib/process.ts';

function log(message: string) {
  console.log(`[start] ${message}`);
}

let env: StorefrontEnv;
try {
  env = loadEnv();
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
const checkSeconds = Number(process.env.CONTENT_CHECK_SECONDS || 60);
if (!Number.isFinite(checkSeconds) || checkSeconds < 5) {
  console.error('CONTENT_CHECK_SECONDS must be a number of seconds, at least 5');
  process.exit(1);
}
const backofficePort = process.env.BACKOFFICE_PORT || new URL(env.BACKOFFICE_URL).port || '4000';
const backofficeUrl = `http://127.0.0.1:${backofficePort}`;
const childEnv = { ...process.env, BACKOFFICE_PORT: backofficePort, BACKOFFICE_URL: backofficeUrl };

/** Filled in as things start, so a signal at any moment stops what is running. */
const running: { backoffice?: NodeChild; server?: NodeChild; timer?: NodeJS.Timeout } = {};
let building = false;
let stopping = false;

async function stopAll(code: number) {
  if (stopping) return;
  stopping = true;
  if (running.timer) clearInterval(running.timer);
  await stopChild(running.server);
  await stopChild(running.backoffice);
  process.exit(code);
}
process.on('SIGINT', () => void stopAll(0));
process.on('SIGTERM', () => void stopAll(0));

/** Builds (and swaps) when the back-office content differs from the current build's; false when the build failed. */
async function rebuildIfChanged(): Promise<boolean> {
  building = true;
  try {
    await runNode(path.join(repoRoot, 'scripts/build.ts'), ['--if-changed'], {
      label: 'build',
      cwd: repoRoot,
      env: childEnv,
    });
    return true;
  } catch (error) {
    console.error(`[start] build failed: ${(error as Error).message.split('\n')[0]}`);
    return false;
  } finally {
    building = false;
  }
}

function exitWithChild(name: string, run: NodeChild) {
  void run.exited.then((code) => {
    if (stopping) return;
    console.error(`[start] the ${name} exited (code ${code}); stopping`);
    void stopAll(1);
  });
}

const backoffice = spawnNode(path.join(repoRoot, 'backoffice/src/server.ts'), [], {
  label: 'backoffice',
  cwd: repoRoot,
  env: childEnv,
});
running.backoffice = backoffice;
exitWithChild('back-office', backoffice);
log(`waiting for the back-office on ${backofficeUrl} (the first start seeds the demo catalogue)`);
await waitForHttp(`${backofficeUrl}/api/v1/health`, { ok200: true, timeoutMs: 300_000, child: backoffice });

if (!(await rebuildIfChanged()) && !currentBuild(env.BUILDS_DIR)) {
  console.error('[start] no build to serve');
  await stopAll(1);
}

const server = spawnNode(path.join(repoRoot, 'scripts/server.ts'), [], {
  label: 'server',
  cwd: repoRoot,
  env: childEnv,
});
running.server = server;
exitWithChild('server', server);
await waitForHttp(`http://127.0.0.1:${env.PORT}/robots.txt`, { child: server, timeoutMs: 30_000 });
log(`the shop is at http://localhost:${env.PORT} (back-office docs: ${backofficeUrl}/api/v1/docs)`);

const api = new ApiClient({ origin: backofficeUrl, planId: () => undefined });
running.timer = setInterval(() => {
  if (building || stopping) return;
  void getContentVersion(api).then(
    (version) => {
      const served = currentBuild(env.BUILDS_DIR)?.manifest.contentVersion;
      if (version === served) return;
      log(`content version ${version} differs from the served build's (${served}): rebuilding`);
      return rebuildIfChanged();
    },
    (error: Error) => console.error(`[start] content check failed: ${error.message}`),
  );
}, checkSeconds * 1000);
