/**
 * Global setup of the console's projects: starts the console's own stack like `npm start` (scripts/start.ts,
 * which builds the console when it is stale, seeds the demo, builds and serves the storefront and rebuilds it on
 * content changes through its content hook) on its own ports, DATA_DIR, builds folder and SMTP capture. It runs
 * first and does not wait: the stack seeds and builds while the shop's global setup builds the shop (each build
 * keeps about one core busy), and the console's setup spec waits for it (`consoleStackReady`). Everything the
 * stack prints goes to `consoleStack.logFile`, where the setup spec finds the setup link. Skipped when no console
 * project runs. Returns the teardown.
 */
import { appendFileSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FullConfig } from '@playwright/test';
import type { SmtpCapture } from '../../../backoffice/tests/smtp-capture.ts';
import { spawnNode, stopChild, type NodeChild } from '../../../scripts/lib/process.ts';
import { e2e } from '../../e2e/support/harness.ts';
import { captureMailInto } from '../../e2e/support/mail.ts';
import { consoleStack, isConsoleProject } from './stack.ts';

async function assertPortFree(url: string) {
  const answered = await fetch(url, { signal: AbortSignal.timeout(2_000) }).then(
    () => true,
    () => false,
  );
  if (answered)
    throw new Error(`${url} already answers: another run is using the port (set E2E_CONSOLE_PORT)`);
}

/** The shop run's ports: its back-office, storefront and the two extra servers its specs start (harness.ts). */
const shopPorts = () => [e2e.backofficePort, e2e.port, e2e.port + 2, e2e.port + 3];

export default async function consoleGlobalSetup(
  config: FullConfig,
): Promise<(() => Promise<void>) | undefined> {
  if (!config.filteredProjects.some((project) => isConsoleProject(project.name))) return undefined;
  const ours = [consoleStack.backofficePort, consoleStack.shopPort, consoleStack.contentHookPort];
  const shared = ours.filter((port) => shopPorts().includes(port));
  if (shared.length > 0) {
    throw new Error(
      `E2E_CONSOLE_PORT ${consoleStack.backofficePort} makes the console's stack use port(s) ${shared.join(', ')} ` +
        "of the shop's run (E2E_BACKOFFICE_PORT, E2E_PORT, E2E_PORT + 2 and + 3): choose another",
    );
  }
  await assertPortFree(consoleStack.backofficeURL);
  await assertPortFree(consoleStack.shopURL);

  // A new database every run: the setup link exists only while there is no staff. The builds folder stays: its
  // image cache (keyed by the back-office's address, the same from run to run) makes a local rerun's build quick.
  const runFiles = [
    consoleStack.dataDir,
    consoleStack.mailDir,
    consoleStack.stateDir,
    consoleStack.logFile,
    consoleStack.exitFile,
  ];
  for (const file of runFiles) rmSync(file, { recursive: true, force: true });
  mkdirSync(consoleStack.dataDir, { recursive: true });
  mkdirSync(consoleStack.stateDir, { recursive: true });

  let stack: NodeChild | undefined;
  let smtp: SmtpCapture | undefined;
  const teardown = async () => {
    // start.ts stops its storefront server and back-office on SIGTERM.
    await stopChild(stack, 20_000);
    await smtp?.close();
  };
  try {
    smtp = await captureMailInto(consoleStack.mailDir);
    stack = spawnNode(path.join(consoleStack.root, 'scripts/start.ts'), [], {
      label: 'console-stack',
      cwd: consoleStack.root,
      env: {
        ...process.env,
        DATA_DIR: consoleStack.dataDir,
        BUILDS_DIR: consoleStack.buildsDir,
        PORT: String(consoleStack.shopPort),
        HOST: '127.0.0.1',
        BACKOFFICE_PORT: String(consoleStack.backofficePort),
        BACKOFFICE_URL: consoleStack.backofficeURL,
        CONTENT_HOOK_PORT: String(consoleStack.contentHookPort),
        SITE_URL: consoleStack.shopURL,
        CONSOLE_URL: consoleStack.consoleURL,
        BACKOFFICE_API_KEY: consoleStack.apiKey,
        SMTP_URL: smtp.url,
        // Every browser and API call of the run comes from one address; the limits are the API tests' business.
        LOGIN_LIMIT_PER_VISITOR: '10000',
        STAFF_LOGIN_LIMIT_PER_ADDRESS: '10000',
        ALLOWED_IPS: '',
        CANONICAL_HOST: '',
        // Info: the back-office logs the setup link at start.
        LOG_LEVEL: 'info',
        // Scheduled publications fire within 2 s of their time (issue 26's specs wait for one).
        SCHEDULE_CHECK_SECONDS: '2',
      },
      echo: e2e.verbose,
      onLine: (line) => appendFileSync(consoleStack.logFile, `${line}\n`),
      // A storefront build still running at teardown (a short run) stops with the stack.
      group: true,
    });
    // The specs' processes cannot watch this child: a stack that stops says so in a file they read.
    const running = stack;
    void running.exited.then((code) => {
      if (running.child.signalCode === null) writeFileSync(consoleStack.exitFile, String(code));
    });
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}
