/**
 * The site lookup of spec §7 against the real back-office, in-process on a fresh seed and listening on an ephemeral
 * port: the build resolves SITE_URL's host once and names that site in its calls; a host that resolves to no site
 * stops `npm run build` with a message saying what to change; on-demand pages resolve allowed hosts only.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../backoffice/tests/helpers.ts';
import { ApiClient } from '../../src/lib/api/client.ts';
import { getContentVersion, lookupSite } from '../../src/lib/api/site.ts';
import { allowedHosts, createSiteResolver } from '../../src/lib/site-resolution.ts';
import { BuildSiteError, buildSiteIntegration, resolveBuildSite } from './build-site.ts';
import { loadEnv, repoRoot } from '../../src/lib/env.ts';

let backoffice: TestApp;
let origin: string;
const calls: URL[] = [];

/** The ApiClient's fetch: the real one, after noting the URL asked for. */
const recordingFetch: typeof fetch = (input, init) => {
  calls.push(new URL(input instanceof Request ? input.url : String(input)));
  return fetch(input, init);
};

beforeAll(async () => {
  // As under `npm start`: the back-office's SITE_HOSTS names an extra host of the UK shop.
  backoffice = await createTestApp({ siteHosts: ['shop.example.test'] });
  await backoffice.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(backoffice.app.server.address() as AddressInfo).port}`;
}, 120_000);

afterAll(() => backoffice?.close());

describe('the build resolves its site once', () => {
  it("looks SITE_URL's host up and names that site and its plans in the build's calls", async () => {
    calls.length = 0;
    const lookupApi = new ApiClient({ origin, planId: () => undefined, fetch: recordingFetch });
    const site = await resolveBuildSite(lookupApi, 'http://localhost:4321');
    expect(site.id).toBe(3);
    expect(site.plans.map((plan) => [plan.audience, plan.id])).toEqual([
      ['pro', 1],
      ['part', 2],
    ]);
    // scripts/build.ts's client for every later call.
    const api = new ApiClient({
      origin,
      siteId: () => site.id,
      planId: () => undefined,
      fetch: recordingFetch,
    });
    await getContentVersion(api);

    const [lookup, contentVersion] = calls;
    expect(lookup?.pathname).toBe('/api/v1/site');
    expect(lookup?.searchParams.get('url')).toBe('localhost');
    expect(lookup?.searchParams.has('site_id')).toBe(false);
    expect(contentVersion?.pathname).toBe('/api/v1/content-version');
    expect(contentVersion?.searchParams.get('site_id')).toBe('3');
  });

  it("resolves an extra host of the back-office's SITE_HOSTS", async () => {
    const api = new ApiClient({ origin, planId: () => undefined });
    expect((await resolveBuildSite(api, 'https://shop.example.test')).id).toBe(3);
  });

  it('refuses a host that resolves to no site, naming SITE_URL, the host and the fix', async () => {
    const api = new ApiClient({ origin, planId: () => undefined });
    const failure = resolveBuildSite(api, 'https://nowhere.example.test:8443');
    await expect(failure).rejects.toBeInstanceOf(BuildSiteError);
    await expect(failure).rejects.toThrow(
      'SITE_URL https://nowhere.example.test:8443: the host nowhere.example.test resolves to no site',
    );
  });

  it('inlines the site for `astro build`: handed on by scripts/build.ts, else looked up; null for `astro sync`', async () => {
    const defined = async (command: 'build' | 'sync', extra: NodeJS.ProcessEnv = {}) => {
      const updateConfig = vi.fn();
      const hook = buildSiteIntegration(
        loadEnv({ BACKOFFICE_URL: origin, SITE_URL: 'http://127.0.0.1:4411', ...extra }),
      ).hooks['astro:config:setup'];
      const logger = { info: vi.fn() };
      // Only the parts of Astro's hook options the integration reads.
      await hook?.({ command, updateConfig, logger } as never);
      return JSON.parse(updateConfig.mock.calls[0]?.[0].vite.define.__BUILD_SITE__) as { id: number } | null;
    };
    expect((await defined('build'))?.id).toBe(3);
    expect(await defined('sync')).toBeNull();
    const handedOn = {
      ...(await lookupSite(new ApiClient({ origin, planId: () => undefined }), 'localhost')),
    };
    handedOn.id = 42;
    expect((await defined('build', { BUILD_SITE: JSON.stringify(handedOn) }))?.id).toBe(42);
  });

  it('`npm run build` stops before building when the host resolves to no site', async () => {
    const buildsDir = mkdtempSync(path.join(os.tmpdir(), 'site-lookup-build-'));
    try {
      const run = promisify(execFile)(process.execPath, [path.join(repoRoot, 'scripts/build.ts')], {
        cwd: repoRoot,
        env: {
          PATH: process.env.PATH ?? '',
          BACKOFFICE_URL: origin,
          SITE_URL: 'https://nowhere.example.test',
          BUILDS_DIR: buildsDir,
        },
      });
      const failed = await run.then(
        () => undefined,
        (error: { code: number; stderr: string }) => error,
      );
      expect(failed?.code).toBe(1);
      expect(failed?.stderr).toContain(
        'SITE_URL https://nowhere.example.test: the host nowhere.example.test resolves to no site',
      );
      expect(failed?.stderr).toContain("add the host to the back-office's SITE_HOSTS");
    } finally {
      rmSync(buildsDir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('on-demand pages resolve allowed hosts only', () => {
  it('looks up SITE_URL and SITE_HOSTS hosts, renders any other host with the build site', async () => {
    const api = new ApiClient({ origin, planId: () => undefined, fetch: recordingFetch });
    const buildSite = { ...(await lookupSite(api, 'localhost')), label: 'the build' };
    const env = loadEnv({
      SITE_URL: 'https://www.plasterwick.co.uk',
      SITE_HOSTS: 'shop.example.test,other.test',
    });
    const resolver = createSiteResolver({
      buildSite,
      allowed: allowedHosts(env.SITE_URL, env.SITE_HOSTS),
      lookup: (host) => lookupSite(api, host),
    });
    calls.length = 0;
    expect((await resolver.siteFor('www.plasterwick.co.uk')).label).not.toBe('the build');
    expect((await resolver.siteFor('shop.example.test:443')).id).toBe(3);
    // Allowed here but unknown to the back-office: the build's site, not an error.
    expect(await resolver.siteFor('other.test')).toBe(buildSite);
    expect(await resolver.siteFor('evil.example')).toBe(buildSite);
    expect(calls.map((call) => call.searchParams.get('url'))).toEqual([
      'www.plasterwick.co.uk',
      'shop.example.test',
      'other.test',
    ]);
    expect(resolver.cachedHosts()).toEqual(['www.plasterwick.co.uk', 'shop.example.test']);
  });
});
