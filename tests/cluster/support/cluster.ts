/**
 * A small cluster on loopback for `npm run test:cluster` (issue 27): a private PostgreSQL 15 server
 * (backoffice/tests/support/postgres-instance.ts), two back-offices on it (the real `backoffice/src/server.ts`, the
 * same secrets, one data folder, one SMTP capture), one storefront build, and two storefront servers
 * (`scripts/server.ts`), storefront A in front of back-office A and storefront B in front of back-office B, as a
 * load balancer pinning each storefront server to its neighbour would.
 *
 * The first back-office seeds the empty database with the demo; the second starts once it is ready. The build is
 * made from back-office A. Each process's output is kept (the last lines) for the failure messages; set
 * CLUSTER_VERBOSE=1 to print it as it comes.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generateSecret, SECRET_VARIABLES } from '@plasterwick/shop-rules/secrets';
import {
  createPostgresInstance,
  type PostgresInstance,
} from '../../../backoffice/tests/support/postgres-instance.ts';
import { startSmtpCapture, type SmtpCapture } from '../../../backoffice/tests/smtp-capture.ts';
import { runNode, spawnNode, stopChild, waitForHttp, type NodeChild } from '../../../scripts/lib/process.ts';
import { freePort } from '@plasterwick/shop-rules/network';

const root = path.resolve(import.meta.dirname, '../../..');
const verbose = process.env.CLUSTER_VERBOSE === '1';

export interface Server {
  name: string;
  url: string;
  run: NodeChild;
  /** Whether the process has exited (it must not, whatever the database does). */
  exited(): boolean;
}

export interface Cluster {
  postgres: PostgresInstance;
  backoffices: [Server, Server];
  storefronts: [Server, Server];
  /** The secrets every back-office shares (the API key of the tooling among them). */
  secrets: Record<(typeof SECRET_VARIABLES)[number], string>;
  smtp: SmtpCapture;
  /** The back-offices' shared data folder (media, generated documents). */
  dataDir: string;
  stop(): Promise<void>;
}

function server(name: string, url: string, run: NodeChild): Server {
  let exitCode: number | undefined;
  void run.exited.then((code) => (exitCode = code));
  return { name, url, run, exited: () => exitCode !== undefined };
}

/** One line per phase of the start, with its time: the start is most of the run, so CI's log says where it went. */
function phase(what: string, since: number): void {
  console.log(`[cluster] ${what} (${((performance.now() - since) / 1000).toFixed(1)} s)`);
}

export async function startCluster(): Promise<Cluster> {
  const startedAt = performance.now();
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'plasterwick-cluster-'));
  const dataDir = path.join(workDir, 'data');
  const buildsDir = path.join(workDir, 'builds');
  const started: NodeChild[] = [];
  const postgres = await createPostgresInstance();
  phase(`PostgreSQL 15 on port ${postgres.port}`, startedAt);
  const smtp = await startSmtpCapture();
  const secrets = Object.fromEntries(
    SECRET_VARIABLES.map((name) => [name, generateSecret()]),
  ) as Cluster['secrets'];
  const [backofficePorts, storefrontPorts] = [
    [await freePort(), await freePort()],
    [await freePort(), await freePort()],
  ];
  const siteUrl = `http://127.0.0.1:${storefrontPorts[0]}`;

  const stop = async () => {
    await Promise.all(started.map((run) => stopChild(run)));
    await smtp.close();
    await postgres.remove();
    rmSync(workDir, { recursive: true, force: true });
  };

  try {
    const startBackoffice = async (index: 0 | 1) => {
      const port = backofficePorts[index]!;
      const name = `backoffice-${'AB'[index]}`;
      const run = spawnNode(path.join(root, 'backoffice/src/server.ts'), [], {
        label: name,
        cwd: root,
        echo: verbose,
        env: {
          PATH: process.env.PATH,
          DATABASE_URL: postgres.url,
          DATA_DIR: dataDir,
          BACKOFFICE_PORT: String(port),
          ...secrets,
          // The storefronts on this machine are the proxies whose X-Forwarded-For counts: each test visitor is
          // an address of its own, as behind a real load balancer.
          TRUST_PROXY: '127.0.0.1',
          SMTP_URL: smtp.url,
          SITE_URL: siteUrl,
          LOG_LEVEL: verbose ? 'info' : 'warn',
        },
      });
      started.push(run);
      const url = `http://127.0.0.1:${port}`;
      // The first start seeds the demo catalogue (pictures, PDFs) into the empty database.
      await waitForHttp(`${url}/health/ready`, { ok200: true, timeoutMs: 300_000, child: run });
      return server(name, url, run);
    };
    const backofficeA = await startBackoffice(0);
    phase('back-office A ready, the demo seeded', startedAt);
    const backofficeB = await startBackoffice(1);
    phase('back-office B ready', startedAt);

    const storefrontEnv = (index: 0 | 1, backoffice: Server): NodeJS.ProcessEnv => ({
      PATH: process.env.PATH,
      BACKOFFICE_URL: backoffice.url,
      BUILDS_DIR: buildsDir,
      SITE_URL: siteUrl,
      PORT: String(storefrontPorts[index]),
      ALLOWED_IPS: '',
      CANONICAL_HOST: '',
      // The test is the client in front of the storefronts (a load balancer): its X-Forwarded-For names the visitor.
      TRUST_PROXY: '127.0.0.1',
      LOG_LEVEL: verbose ? 'info' : 'warn',
    });
    await runNode(path.join(root, 'scripts/build.ts'), [], {
      label: 'build',
      cwd: root,
      echo: verbose,
      env: storefrontEnv(0, backofficeA),
    });
    phase('storefront built', startedAt);
    const startStorefront = async (index: 0 | 1, backoffice: Server) => {
      const name = `storefront-${'AB'[index]}`;
      const run = spawnNode(path.join(root, 'scripts/server.ts'), [], {
        label: name,
        cwd: root,
        echo: verbose,
        env: storefrontEnv(index, backoffice),
      });
      started.push(run);
      const url = `http://127.0.0.1:${storefrontPorts[index]}`;
      await waitForHttp(`${url}/health/ready`, { ok200: true, timeoutMs: 30_000, child: run });
      return server(name, url, run);
    };
    const storefronts: [Server, Server] = [
      await startStorefront(0, backofficeA),
      await startStorefront(1, backofficeB),
    ];
    phase('storefronts A and B ready', startedAt);
    return {
      postgres,
      backoffices: [backofficeA, backofficeB],
      storefronts,
      secrets,
      smtp,
      dataDir,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

export interface Answer {
  status: number;
  headers: Headers;
  /** The parsed JSON body, or the text when it is not JSON: read by its keys, as the tests name them. */
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- any JSON document of the API
  text: string;
}

/** The common query of the demo's UK site (spec §7), in the DIY plan unless `plan` says otherwise. */
export const SITE_ID = 3;
export const PLANS = { pro: 1, part: 2 } as const;
export const common = (plan: keyof typeof PLANS = 'part') => `site_id=${SITE_ID}&saleplan_id=${PLANS[plan]}`;

/**
 * One HTTP call to `base` (a storefront or a back-office): JSON in and out, `visitor` sent as X-Forwarded-For (the
 * servers trust the loopback proxy), never a redirect followed.
 */
export async function call(
  base: string,
  method: string,
  route: string,
  options: { body?: unknown; headers?: Record<string, string>; visitor?: string; timeoutMs?: number } = {},
): Promise<Answer> {
  const response = await fetch(`${base}${route}`, {
    method,
    redirect: 'manual',
    signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
    headers: {
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.visitor ? { 'x-forwarded-for': options.visitor } : {}),
      ...options.headers,
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // A page or a file: the text is the body.
  }
  return { status: response.status, headers: response.headers, body, text };
}

/** A visitor address of its own for each test, so the per-visitor limits of one test never touch another. */
let visitors = 0;
export const newVisitor = () => {
  visitors += 1;
  return `198.51.100.${visitors}`;
};

/** Polls `read` every 50 ms until `done` holds; the milliseconds it took, or an error past `withinMs`. */
export async function within<T>(
  withinMs: number,
  read: () => Promise<T>,
  done: (value: T) => boolean,
): Promise<number> {
  const startedAt = performance.now();
  let last: T | undefined;
  while (performance.now() - startedAt <= withinMs) {
    last = await read();
    if (done(last)) return performance.now() - startedAt;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`not within ${withinMs} ms; last: ${JSON.stringify(last)?.slice(0, 500)}`);
}
