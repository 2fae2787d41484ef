/**
 * Production build: `node scripts/build.ts [--if-changed]` (npm run build).
 *
 * 1. Pre-checks the back-office (BACKOFFICE_URL): reachable, the site of SITE_URL's host (spec §7 site lookup,
 *    once per build: every call of the build names it), content version, a non-empty catalogue that did not
 *    shrink sharply since the last good build. Any failure exits non-zero naming the endpoint, or the variable.
 * 2. `astro build` into a NEW directory BUILDS_DIR/<id> (the pages pull their data from the back-office), handed
 *    the site in BUILD_SITE.
 * 3. pagefind index of the client dir, the CSP header (inline script hashes), `_redirects`, manifest.json.
 * 4. Only then swaps BUILDS_DIR/current to it atomically and prunes old builds (keeping the previous good one).
 *    A failure at any step of 2–4 deletes the new directory, so BUILDS_DIR only ever holds complete builds.
 * With --if-changed it stops early when the current build already has the back-office's content version (and the
 * same site). With --keep-old it leaves the pruning of old builds to its caller (`npm start` prunes in the
 * background, so its next build need not wait for the deletion). With --no-activate it neither swaps nor prunes:
 * `npm start` reports the build to the back-office and swaps to the build its current-build pointer names (issue
 * 26). BUILD_ID (from the launcher, which reports the build under it) names the new build's directory.
 */
import {
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  symlinkSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createIndex, close as closePagefind } from 'pagefind';
import { fixedRedirects } from '../redirects.mjs';
import { listUrls } from '../src/lib/api/catalogue.ts';
import { ApiClient, BackofficeError } from '../src/lib/api/client.ts';
import { listRedirects } from '../src/lib/api/redirects.ts';
import { getContentVersion } from '../src/lib/api/site.ts';
import { botCheckCspSources, CSP_SOURCES, withSources } from '../src/lib/csp.ts';
import {
  activateBuild,
  acquireBuildLock,
  currentBuild,
  isBuildId,
  newBuildId,
  pruneBuilds,
  withBuildDir,
  type BuildManifest,
} from './lib/builds.ts';
import { BuildSiteError, describeSite, resolveBuildSite } from './lib/build-site.ts';
import { buildPolicy, inlineScripts, scriptHash } from './lib/csp.ts';
import { loadEnv, repoRoot } from '../src/lib/env.ts';
import { PAGE_KINDS, pageKind, type PageKind } from './lib/paths.ts';
import { runNode } from './lib/process.ts';
import { formatRedirects, mergeRedirects, planSwitchRedirects } from './lib/redirects.ts';

/** A catalogue below this share of the last good build's product count is treated as a broken back-office. */
const MIN_CATALOGUE_SHARE = 0.5;

const started = performance.now();
const onlyIfChanged = process.argv.includes('--if-changed');
const keepOld = process.argv.includes('--keep-old');
const activate = !process.argv.includes('--no-activate');

function log(message: string) {
  console.log(`[build] ${message}`);
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

/** The innermost error: `fetch failed` hides the useful `connect ECONNREFUSED …` in its cause. */
function rootCause(error: unknown): Error {
  let current = error instanceof Error ? error : new Error(String(error));
  while (current.cause instanceof Error) current = current.cause;
  return current;
}

/** Runs one back-office call; any failure becomes an error naming the endpoint and the reason. */
async function fromBackoffice<T>(origin: string, endpoint: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof BuildSiteError) throw error;
    const reason =
      error instanceof BackofficeError
        ? `answered ${error.statusCode}${error.body ? ` (${error.body.message})` : ''}: ${error.message}`
        : `unreachable (${rootCause(error).message})`;
    throw new Error(`back-office ${origin}/api/v1${endpoint} ${reason}`, { cause: error });
  }
}

function htmlFiles(dir: string, base = dir): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'pagefind' ? [] : htmlFiles(full, base);
    return entry.name.endsWith('.html') ? [path.relative(base, full)] : [];
  });
}

/**
 * Astro's server output imports packages by name, which Node resolves from the enclosing folders' node_modules.
 * A builds dir outside the repository (e.g. the e2e run's /tmp dir) gets a link to the repository's. A link left
 * by another checkout (another clone, a removed worktree: broken or not) points elsewhere and is replaced.
 */
function linkNodeModules(buildsDir: string): void {
  if (!path.relative(repoRoot, buildsDir).startsWith('..')) return;
  const link = path.join(buildsDir, 'node_modules');
  const target = path.join(repoRoot, 'node_modules');
  const existing = lstatSync(link, { throwIfNoEntry: false });
  // A real folder there was put by someone on purpose: it is theirs to keep.
  if (existing && !existing.isSymbolicLink()) return;
  if (existing && readlinkSync(link) === target) return;
  if (existing) unlinkSync(link);
  symlinkSync(target, link, 'dir');
}

async function main(): Promise<void> {
  const env = loadEnv();
  mkdirSync(env.BUILDS_DIR, { recursive: true });
  linkNodeModules(env.BUILDS_DIR);
  const release = acquireBuildLock(env.BUILDS_DIR);
  try {
    await build(env);
  } finally {
    release();
  }
}

async function build(env: ReturnType<typeof loadEnv>): Promise<void> {
  const origin = env.BACKOFFICE_URL;
  const previous = currentBuild(env.BUILDS_DIR);

  // 1. Pre-checks.
  log(`checking the back-office at ${origin}`);
  const lookupApi = new ApiClient({ origin, planId: () => undefined, timeoutMs: 30_000 });
  const site = await fromBackoffice(origin, '/site', () => resolveBuildSite(lookupApi, env.SITE_URL));
  // Every later call of the build names the site it resolved.
  const api = new ApiClient({ origin, siteId: () => site.id, planId: () => undefined, timeoutMs: 30_000 });
  log(`${env.SITE_URL}: ${describeSite(site)}`);
  const contentVersion = await fromBackoffice(origin, '/content-version', () => getContentVersion(api));
  if (
    onlyIfChanged &&
    previous?.manifest.contentVersion === contentVersion &&
    previous.manifest.siteId === site.id
  ) {
    log(`build ${previous.id} already has content version ${contentVersion}: nothing to do`);
    return;
  }
  const urls = await fromBackoffice(origin, '/url', () => listUrls(api));
  const productCount = urls.filter((entry) => entry.entityType === 'product').length;
  const categoryCount = urls.filter((entry) => entry.entityType === 'category').length;
  if (productCount === 0)
    throw new Error(`back-office ${origin}/api/v1/url lists no product: empty catalogue`);
  const lastCount = previous?.manifest.productCount ?? 0;
  if (productCount < lastCount * MIN_CATALOGUE_SHARE && !env.BUILD_ALLOW_SHRINK) {
    throw new Error(
      `back-office ${origin}/api/v1/url lists ${productCount} products, down from ${lastCount} in build ` +
        `${previous?.id}: refusing a catalogue that shrank below ${MIN_CATALOGUE_SHARE * 100} % ` +
        '(set BUILD_ALLOW_SHRINK=1 if that is intended)',
    );
  }
  const oldUrls = await fromBackoffice(origin, '/redirect', () => listRedirects(api));
  log(
    `content version ${contentVersion}: ${productCount} products, ${categoryCount} categories, ` +
      `${urls.length - productCount - categoryCount} pages and folders, ${oldUrls.length} old URLs`,
  );

  // 2. Astro into a new directory.
  const givenId = process.env.BUILD_ID;
  if (givenId !== undefined && !isBuildId(givenId)) throw new Error(`BUILD_ID ${givenId} is not a build id`);
  const id = givenId ?? newBuildId();
  const outDir = path.join(env.BUILDS_DIR, id);
  const manifest = await withBuildDir(outDir, async () => {
    const clientDir = path.join(outDir, 'client');
    log(`astro build into ${outDir}`);
    const astroStarted = performance.now();
    await runNode(path.join(repoRoot, 'node_modules/astro/bin/astro.mjs'), ['build'], {
      label: 'astro',
      cwd: repoRoot,
      env: {
        ...process.env,
        ASTRO_OUT_DIR: outDir,
        ASTRO_CACHE_DIR: path.join(env.BUILDS_DIR, '.cache'),
        BACKOFFICE_URL: origin,
        SITE_URL: env.SITE_URL,
        // The site resolved above: astro.config.mjs inlines it instead of looking it up again.
        BUILD_SITE: JSON.stringify(site),
      },
    });
    const astroMs = performance.now() - astroStarted;

    const files = htmlFiles(clientDir);
    const pages = Object.fromEntries(PAGE_KINDS.map((kind) => [kind, 0])) as Record<PageKind, number>;
    for (const file of files) pages[pageKind(file)] += 1;
    const perKind = PAGE_KINDS.filter((kind) => pages[kind] > 0)
      .map((kind) => `${kind} ${pages[kind]}`)
      .join(', ');
    log(`${files.length} pages in ${seconds(astroMs)} (${perKind})`);

    // 3. Search index, CSP, redirects, manifest.
    const indexStarted = performance.now();
    const { index, errors: indexErrors } = await createIndex({});
    if (!index) throw new Error(`pagefind could not start: ${indexErrors.join('; ')}`);
    const added = await index.addDirectory({ path: clientDir });
    if (added.errors.length) throw new Error(`pagefind indexing failed: ${added.errors.join('; ')}`);
    // The index is taken from pagefind and written here: its own writeFiles could answer before its backend had
    // finished writing, and closing the backend then left a truncated file (pagefind.js cut at 32 KB, seen at
    // 5,000 pages), which breaks the search box's fallback.
    const generated = await index.getFiles();
    if (generated.errors.length)
      throw new Error(`pagefind could not produce its index: ${generated.errors.join('; ')}`);
    for (const file of generated.files) {
      const target = path.join(clientDir, 'pagefind', file.path);
      mkdirSync(path.dirname(target), { recursive: true });
      writeFileSync(target, file.content);
    }
    await closePagefind();
    const pagefindMs = performance.now() - indexStarted;
    log(`pagefind indexed ${added.page_count} pages in ${seconds(pagefindMs)}`);

    const cspStarted = performance.now();
    const hashes = new Set<string>();
    for (const file of files) {
      for (const body of inlineScripts(readFileSync(path.join(clientDir, file), 'utf8')))
        hashes.add(scriptHash(body));
    }
    const sources = withSources(CSP_SOURCES, botCheckCspSources(env));
    writeFileSync(path.join(outDir, 'csp.txt'), `${buildPolicy(sources, hashes)}\n`);
    log(`CSP with ${hashes.size} inline script hashes in ${seconds(performance.now() - cspStarted)}`);

    const redirects = mergeRedirects(fixedRedirects, oldUrls, planSwitchRedirects(urls));
    writeFileSync(path.join(clientDir, '_redirects'), formatRedirects(redirects));
    log(`_redirects with ${redirects.length} rules`);

    const manifest: BuildManifest = {
      id,
      createdAt: new Date().toISOString(),
      contentVersion,
      backofficeUrl: origin,
      siteUrl: env.SITE_URL,
      siteId: site.id,
      productCount,
      categoryCount,
      pageCount: files.length,
      pages,
      redirectCount: redirects.length,
      inlineScriptHashes: hashes.size,
      astroMs: Math.round(astroMs),
      durationMs: Math.round(performance.now() - started),
    };
    writeFileSync(path.join(outDir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);

    // 4. Swap.
    if (activate) activateBuild(env.BUILDS_DIR, id);
    return manifest;
  });
  if (!activate) {
    log(
      `build ${id} is complete in ${seconds(performance.now() - started)} (not swapped in: the launcher does)`,
    );
    return;
  }
  // Logged before pruning: the build is served from here on, and deleting an old build (hundreds of MB at scale)
  // can take a while on a busy disk.
  log(
    `build ${id} is now current${previous ? ` (was ${previous.id})` : ''}; ` +
      `${(manifest.pageCount / (manifest.astroMs / 1000)).toFixed(1)} pages/s, total ${seconds(performance.now() - started)}`,
  );
  if (keepOld) return;
  const pruneStarted = performance.now();
  const pruned = pruneBuilds(env.BUILDS_DIR);
  if (pruned.length) log(`pruned ${pruned.length} old in ${seconds(performance.now() - pruneStarted)}`);
}

try {
  await main();
} catch (error) {
  console.error(`[build] FAILED after ${seconds(performance.now() - started)}: ${(error as Error).message}`);
  process.exitCode = 1;
}
