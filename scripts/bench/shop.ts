/**
 * The shop `npm run bench` measures when no `--url` is given: `npm start` (scripts/start.ts) on loopback ports,
 * with its own DATA_DIR and BUILDS_DIR (a fresh temporary one unless BENCH_DATA_DIR names one, so SEED_SCALE seeds
 * a new catalogue), stopped when the bench ends.
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { staffApiKey } from '../lib/secrets-file.ts';
import { repoRoot } from '../../src/lib/env.ts';
import { spawnNode, stopChild, waitForHttp } from '../lib/process.ts';

export interface RunningShop {
  siteUrl: string;
  backofficeUrl: string;
  buildsDir: string;
  /** The staff API key (from DATA_DIR/secrets.json, where `npm start` keeps the generated secrets). */
  apiKey: string | undefined;
  stop(): Promise<void>;
}

/** Starts the shop and resolves once it serves pages; the first start of a DATA_DIR seeds and builds (minutes). */
export async function startShop(options: { port: number; dataDir?: string }): Promise<RunningShop> {
  const dataDir = options.dataDir ?? mkdtempSync(path.join(os.tmpdir(), 'bench-shop-'));
  const buildsDir = path.join(dataDir, 'builds');
  const siteUrl = `http://127.0.0.1:${options.port}`;
  const backofficeUrl = `http://127.0.0.1:${options.port + 1}`;
  const run = spawnNode(path.join(repoRoot, 'scripts/start.ts'), [], {
    label: 'shop',
    cwd: repoRoot,
    echo: false,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      BUILDS_DIR: buildsDir,
      PORT: String(options.port),
      HOST: '127.0.0.1',
      BACKOFFICE_URL: backofficeUrl,
      SITE_URL: `http://localhost:${options.port}`,
      LOG_LEVEL: 'warn',
    },
  });
  await waitForHttp(`${siteUrl}/robots.txt`, { ok200: true, child: run, timeoutMs: 30 * 60_000 });
  const apiKey = staffApiKey(process.env, dataDir);
  return { siteUrl, backofficeUrl, buildsDir, apiKey, stop: () => stopChild(run, 20_000) };
}
