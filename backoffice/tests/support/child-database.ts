/**
 * An empty database for a child process (the server, a CLI) of one test file: a new database on the server of
 * DATABASE_URL when it is set (as in CI), else a fresh embedded one in a temporary DATA_DIR.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { dataMigrationList } from '../../src/data-migrations/index.ts';
import { openDatabase, type DatabaseHandle } from '../../src/db/client.ts';
import { freshServerDatabase } from '../helpers.ts';

export interface ChildDatabase {
  /** DATABASE_URL or DATA_DIR for the child's environment. */
  env: Record<string, string>;
  /** Opens it in the test (an embedded one only once the child has stopped: PGlite serves one process). */
  open(): Promise<DatabaseHandle>;
  remove(): Promise<void>;
}

export async function childDatabase(): Promise<ChildDatabase> {
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const server = await freshServerDatabase(serverUrl);
    return {
      env: { DATABASE_URL: server.url },
      open: () => openDatabase({ databaseUrl: server.url, dataMigrations: dataMigrationList }),
      remove: server.drop,
    };
  }
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'child-database-'));
  const dataDir = path.join(workDir, 'data');
  return {
    env: { DATA_DIR: dataDir },
    open: () => openDatabase({ dataDir, dataMigrations: dataMigrationList }),
    remove: async () => rmSync(workDir, { recursive: true, force: true }),
  };
}

/** The environment of a child process: PATH and `env` only, so nothing of the test run's own settings leaks in. */
export function childEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH, ...env };
}
