/**
 * District precision of the stockist search after importing the tests' own outcode file (outcodes-fixture.ts)
 * with the command the README documents (`npm run import:postcodes -- FILE.csv` from the repository root). Done at API level rather than in the
 * e2e run: the e2e back-office holds its embedded database open for the whole run, and PGlite allows one process.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { testConfig } from '../src/config.ts';
import { dataMigrationList } from '../src/data-migrations/index.ts';
import { openDatabase, type DatabaseHandle } from '../src/db/client.ts';
import { seedDemo } from '../src/seed/index.ts';
import { q } from './helpers.ts';
import { FIXTURE_DISTRICT_COUNT, FIXTURE_DISTRICTS, OUTCODES_CSV } from './outcodes-fixture.ts';
const repositoryRoot = path.resolve(import.meta.dirname, '../..');
const run = promisify(execFile);

interface Answer {
  data: {
    items: { name: string; distance_km: number }[];
    origin: { latitude: number; longitude: number; label: string; precision: string };
  };
}

const workDir = mkdtempSync(path.join(os.tmpdir(), 'store-locator-districts-'));
const dataDir = path.join(workDir, 'data');
const outcodesFile = path.join(workDir, 'outcodes.csv');
mkdirSync(dataDir);
writeFileSync(outcodesFile, OUTCODES_CSV);
let database: DatabaseHandle | undefined;
let app: FastifyInstance | undefined;

async function open() {
  database = await openDatabase({ dataDir, dataMigrations: dataMigrationList });
  app = await buildApp({ db: database.db, config: testConfig({ dataDir }), logger: false });
  await app.ready();
}

async function close() {
  await app?.close();
  await database?.close();
  app = undefined;
  database = undefined;
}

async function search(postcode: string): Promise<Answer['data']> {
  const response = await app!.inject(`/api/v1/store-locator?${q({ saleplan_id: 1, postcode, radius: 100 })}`);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as Answer).data;
}

describe('stockist search with imported postcode districts', () => {
  let before: Answer['data'];

  beforeAll(async () => {
    database = await openDatabase({ dataDir, dataMigrations: dataMigrationList });
    await seedDemo(database.db, { log: () => {} });
    await database.close();
    await open();
    before = await search('M1 1AE');
    await close();

    const { stdout } = await run('npm', ['run', '--silent', 'import:postcodes', '--', outcodesFile], {
      cwd: repositoryRoot,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    });
    expect(stdout).toContain(
      `imported ${FIXTURE_DISTRICT_COUNT} postcodes (${FIXTURE_DISTRICT_COUNT} districts, 0 full postcodes), rejected 0 rows`,
    );
    await open();
  }, 300_000);

  afterAll(async () => {
    await close();
    rmSync(workDir, { recursive: true, force: true });
  });

  it('falls back to the seeded area centroid before the import', () => {
    expect(before.origin).toMatchObject({ label: 'M', precision: 'area' });
  });

  it('geocodes a full postcode to its district centroid after the import', async () => {
    const after = await search('M1 1AE');
    expect(after.origin).toEqual({ ...FIXTURE_DISTRICTS.M1, label: 'M1', precision: 'district' });
    const distances = after.items.map((item) => item.distance_km);
    expect(distances.length).toBeGreaterThan(0);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
  });

  it('answers a district search with the district, and other districts of the same area differ', async () => {
    const m1 = await search('m1');
    const m20 = await search('M20');
    expect(m1.origin).toMatchObject({ label: 'M1', precision: 'district' });
    expect(m20.origin).toMatchObject({ ...FIXTURE_DISTRICTS.M20, label: 'M20', precision: 'district' });
    expect(m20.origin.latitude).not.toBe(m1.origin.latitude);
  });
});
