/**
 * The build's first step against a back-office whose database was only set up (`npm run setup`, issue 20: a
 * production shop with no demo data): SITE_URL's host resolves to the site, and `npm run build` stops at its
 * pre-check on the catalogue that is still empty, before any page is built; once staff create one category and one
 * product through the API, the same build completes (a real shop's first build needs no demo content).
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_KEY,
  createTestApp,
  PART_PLAN,
  PRO_PLAN,
  q,
  type TestApp,
} from '../../backoffice/tests/helpers.ts';
import { setUpReferenceData } from '../../backoffice/src/setup/index.ts';
import { ApiClient } from '../../src/lib/api/client.ts';
import { repoRoot } from '../../src/lib/env.ts';
import { resolveBuildSite } from './build-site.ts';
import { currentBuild } from './builds.ts';

const SITE_URL = 'https://www.example.co.uk';
let backoffice: TestApp;
let origin: string;
const buildsDir = mkdtempSync(path.join(os.tmpdir(), 'setup-build-'));

beforeAll(async () => {
  backoffice = await createTestApp({}, { seed: false });
  await setUpReferenceData(backoffice.database.db, { url: SITE_URL, hosts: ['www.example.co.uk'] });
  await backoffice.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(backoffice.app.server.address() as AddressInfo).port}`;
}, 60_000);

afterAll(async () => {
  await backoffice?.close();
  rmSync(buildsDir, { recursive: true, force: true });
});

describe('the build on a set-up database', () => {
  it("resolves SITE_URL's host to site 3 and its two plans", async () => {
    const site = await resolveBuildSite(new ApiClient({ origin, planId: () => undefined }), SITE_URL);
    expect(site.id).toBe(3);
    expect(site.plans.map((plan) => [plan.audience, plan.id])).toEqual([
      ['pro', 1],
      ['part', 2],
    ]);
  });

  it('`npm run build` finds the site, then refuses the empty catalogue', async () => {
    await expect(build()).rejects.toMatchObject({
      stdout: expect.stringContaining(`${SITE_URL}: site 3 (uk), plans pro 1, part 2`),
      stderr: expect.stringContaining('lists no product: empty catalogue'),
    });
  }, 30_000);

  it('completes once one product is created through the API', async () => {
    const category = await staffPost('/category', { slug: 'fillers', name: 'Fillers' });
    await staffPost('/product', {
      reference: 'PW-0001',
      name: 'Ready-mixed filler',
      category_ids: [category.id],
      plans: [{ plan_id: PRO_PLAN }, { plan_id: PART_PLAN }],
      variants: [
        {
          reference: 'PW-0001-01',
          label: '1 kg tub',
          gtin: '5000000000012',
          quantity: 1,
          unit: 'kg',
          prices: [
            { plan_id: PRO_PLAN, ex_vat: 450 },
            { plan_id: PART_PLAN, inc_vat: 599 },
          ],
        },
      ],
    });
    const { stdout } = await build();
    expect(stdout).toContain(`${SITE_URL}: site 3 (uk), plans pro 1, part 2`);
    const built = currentBuild(buildsDir);
    expect(built, 'the build is the current one').toBeDefined();
    for (const page of [
      'professional-filler/product/ready-mixed-filler',
      'diy-filler/product/ready-mixed-filler',
    ]) {
      expect(existsSync(path.join(built!.dir, 'client', page, 'index.html')), page).toBe(true);
    }
  }, 240_000);
});

/** `npm run build` against the set-up back-office, into the test's own builds folder. */
function build() {
  return promisify(execFile)(process.execPath, [path.join(repoRoot, 'scripts/build.ts')], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH, SITE_URL, BACKOFFICE_URL: origin, BUILDS_DIR: buildsDir },
    maxBuffer: 64 * 1024 * 1024,
  });
}

/** A staff create with the API key; answers the created id. */
async function staffPost(apiPath: string, body: object): Promise<{ id: number }> {
  const response = await fetch(`${origin}/api/v1${apiPath}?${q()}`, {
    method: 'POST',
    headers: { 'x-api-key': API_KEY, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as { data: { id: number } };
  expect(response.status, JSON.stringify(answer)).toBe(201);
  return answer.data;
}
