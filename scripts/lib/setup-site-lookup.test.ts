/**
 * The build's first step against a back-office whose database was only set up (`npm run setup`, issue 20: a
 * production shop with no demo data): SITE_URL's host resolves to the site, and `npm run build` stops at its
 * pre-check on the catalogue that is still empty, before any page is built.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../backoffice/tests/helpers.ts';
import { setUpReferenceData } from '../../backoffice/src/setup/index.ts';
import { ApiClient } from '../../src/lib/api/client.ts';
import { repoRoot } from '../../src/lib/env.ts';
import { resolveBuildSite } from './build-site.ts';

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
    const build = promisify(execFile)(process.execPath, [path.join(repoRoot, 'scripts/build.ts')], {
      cwd: repoRoot,
      env: { PATH: process.env.PATH, SITE_URL, BACKOFFICE_URL: origin, BUILDS_DIR: buildsDir },
    });
    await expect(build).rejects.toMatchObject({
      stdout: expect.stringContaining(`${SITE_URL}: site 3 (uk), plans pro 1, part 2`),
      stderr: expect.stringContaining('lists no product: empty catalogue'),
    });
  }, 30_000);
});
