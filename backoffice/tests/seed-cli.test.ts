/** `npm run seed -w backoffice` (src/seed/cli.ts): seeds an empty database once, says what it did, needs no secrets. */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { dataMigrationList } from '../src/data-migrations/index.ts';
import { openDatabase } from '../src/db/client.ts';
import { sites } from '../src/db/schema.ts';

const cli = path.resolve(import.meta.dirname, '../src/seed/cli.ts');
const run = promisify(execFile);
const workDir = mkdtempSync(path.join(os.tmpdir(), 'seed-cli-'));
const dataDir = path.join(workDir, 'data');

/** The CLI as production would run it: no API secrets in the environment, an embedded database in DATA_DIR. */
function seed() {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
  };
  delete env.BACKOFFICE_API_KEY;
  delete env.PREVIEW_TOKEN;
  return run(process.execPath, [cli], { env });
}

afterAll(() => rmSync(workDir, { recursive: true, force: true }));

describe('seed CLI', () => {
  it('seeds an empty database, then leaves a seeded one alone', async () => {
    const first = await seed();
    expect(first.stdout).toContain(`database: ${dataDir} (pglite), migrations applied`);
    expect(first.stdout).toMatch(/seeded catalogue in \d+ ms/);
    expect(first.stdout).toMatch(/seeded content in \d+ ms/);
    expect(first.stdout).toContain('seeded the demo catalogue');

    const second = await seed();
    expect(second.stdout).toContain('already has data: nothing seeded');
    expect(second.stdout).not.toMatch(/seeded catalogue/);

    const database = await openDatabase({ dataDir, dataMigrations: dataMigrationList });
    try {
      const [row] = await database.db.select({ count: sql<number>`count(*)::int` }).from(sites);
      expect(row?.count).toBeGreaterThan(0);
    } finally {
      await database.close();
    }
  }, 180_000);
});
