/**
 * Global setup of the e2e run: a seeded back-office on a temp DATA_DIR, the production build into a temp builds
 * dir, then the production server. Returns the teardown. See playwright.config.ts for how to run specs.
 */
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { FullConfig } from '@playwright/test';
import type { SmtpCapture } from '../../../backoffice/tests/smtp-capture.ts';
import { runNode, spawnNode, stopChild, waitForHttp, type NodeChild } from '../../../scripts/lib/process.ts';
import { isConsoleProject } from '../../console/support/stack.ts';
import { e2e, siteEnv } from './harness.ts';
import { captureMailInto } from './mail.ts';

async function assertPortFree(url: string) {
  const answered = await fetch(url, { signal: AbortSignal.timeout(2_000) }).then(
    () => true,
    () => false,
  );
  if (answered)
    throw new Error(
      `${url} already answers: another run is using the port (set E2E_PORT / E2E_BACKOFFICE_PORT)`,
    );
}

export default async function globalSetup(config: FullConfig): Promise<(() => Promise<void>) | undefined> {
  // Only the console's projects chosen (`--project console`): they have a stack of their own.
  if (config.filteredProjects.every((project) => isConsoleProject(project.name))) return undefined;
  await assertPortFree(e2e.backofficeURL);
  await assertPortFree(e2e.baseURL);
  // Without reuse, every run starts from a fresh seed and a fresh build.
  if (!e2e.reuseBuild) rmSync(e2e.workDir, { recursive: true, force: true });
  mkdirSync(e2e.dataDir, { recursive: true });

  let backoffice: NodeChild | undefined;
  let server: NodeChild | undefined;
  let smtp: SmtpCapture | undefined;
  const teardown = async () => {
    await stopChild(server);
    await stopChild(backoffice);
    await smtp?.close();
  };

  try {
    const started = Date.now();
    // The back-office's e-mails go to an SMTP server of this run; each message becomes a JSON file the specs read
    // (support/mail.ts), since they run in other processes.
    smtp = await captureMailInto(e2e.mailDir);
    backoffice = spawnNode(path.join(e2e.root, 'backoffice/src/server.ts'), [], {
      label: 'backoffice',
      cwd: e2e.root,
      env: {
        ...process.env,
        BACKOFFICE_PORT: String(e2e.backofficePort),
        DATA_DIR: e2e.dataDir,
        ...e2e.secrets,
        // As under `npm start`: the storefront on this machine is the only proxy whose X-Forwarded-For counts.
        TRUST_PROXY: '127.0.0.1',
        // Every browser of the run is one visitor address, and the account specs log in far more than 20 times in
        // 15 minutes; the limit itself is proven by the API tests (auth.test.ts).
        LOGIN_LIMIT_PER_VISITOR: '10000',
        // A payment whose answer was lost (tok_timeout) is settled within seconds, so the checkout spec sees its
        // page wait and then go on; a 3-D Secure page is still given 10 s to be approved.
        PAYMENT_RECONCILE_AFTER_SECONDS: '10',
        PAYMENT_RECONCILE_EVERY_SECONDS: '1',
        SMTP_URL: smtp.url,
        SITE_URL: e2e.baseURL,
        LOG_LEVEL: e2e.verbose ? 'info' : 'warn',
      },
      echo: e2e.verbose,
    });
    // The first start seeds the catalogue (images, PDFs), which takes a while.
    await waitForHttp(`${e2e.backofficeURL}/api/v1/health`, {
      ok200: true,
      timeoutMs: 300_000,
      child: backoffice,
    });
    console.log(`[e2e] back-office ready on ${e2e.backofficeURL} (${Date.now() - started} ms)`);

    await runNode(path.join(e2e.root, 'scripts/build.ts'), e2e.reuseBuild ? ['--if-changed'] : [], {
      label: 'build',
      cwd: e2e.root,
      env: siteEnv(),
    });

    server = spawnNode(path.join(e2e.root, 'scripts/server.ts'), [], {
      label: 'server',
      cwd: e2e.root,
      env: siteEnv(),
      echo: true,
    });
    await waitForHttp(`${e2e.baseURL}/robots.txt`, { timeoutMs: 30_000, child: server });
    console.log(`[e2e] storefront ready on ${e2e.baseURL} (${Date.now() - started} ms since start)`);
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}
