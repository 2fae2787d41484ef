/**
 * The builds directory: one folder per build (`<id>/client`, `<id>/server`, `<id>/manifest.json`, `<id>/csp.txt`,
 * `<id>/client/_redirects`) and a `current` symlink swapped atomically (rename) after a build succeeds. The server
 * follows the symlink, so a failed build never replaces the one being served.
 */
import {
  existsSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  renameSync,
  rmSync,
  symlinkSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';

export const CURRENT_LINK = 'current';
const LOCK_FILE = '.lock';
const BUILD_ID_RE = /^\d{8}T\d{6}-[0-9a-f]{6}$/;

export const manifestSchema = z.object({
  id: z.string().regex(BUILD_ID_RE),
  createdAt: z.string(),
  contentVersion: z.number().int(),
  backofficeUrl: z.string(),
  siteUrl: z.string(),
  /** The site SITE_URL's host resolved to (absent in builds made before the lookup). */
  siteId: z.number().int().positive().optional(),
  productCount: z.number().int().nonnegative(),
  categoryCount: z.number().int().nonnegative(),
  pageCount: z.number().int().nonnegative(),
  pages: z.record(z.string(), z.number().int().nonnegative()),
  redirectCount: z.number().int().nonnegative(),
  inlineScriptHashes: z.number().int().nonnegative(),
  astroMs: z.number().nonnegative(),
  durationMs: z.number().nonnegative(),
});
export type BuildManifest = z.infer<typeof manifestSchema>;

export interface Build {
  id: string;
  dir: string;
  manifest: BuildManifest;
}

/** A sortable, unique build id: UTC timestamp plus random suffix. */
export function newBuildId(now = new Date()): string {
  return `${buildStamp(now)}-${Math.floor(Math.random() * 0xffffff)
    .toString(16)
    .padStart(6, '0')}`;
}

/** Whether `id` is a build id (`newBuildId`'s form). */
export const isBuildId = (id: string) => BUILD_ID_RE.test(id);

function buildStamp(now: Date): string {
  const stamp = now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, '');
  return stamp;
}

export function readManifest(dir: string): BuildManifest | undefined {
  try {
    const parsed = manifestSchema.safeParse(
      JSON.parse(readFileSync(path.join(dir, 'manifest.json'), 'utf8')),
    );
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** The id `current` points at, complete or not. */
export function currentTarget(buildsDir: string): string | undefined {
  try {
    return readlinkSync(path.join(buildsDir, CURRENT_LINK));
  } catch {
    return undefined;
  }
}

/** The build `current` points at, if any and complete. */
export function currentBuild(buildsDir: string): Build | undefined {
  const id = currentTarget(buildsDir);
  if (id === undefined) return undefined;
  const dir = path.join(buildsDir, id);
  const manifest = readManifest(dir);
  return manifest ? { id, dir, manifest } : undefined;
}

/** Points `current` at build `id` atomically: a new symlink renamed over the old one. */
export function activateBuild(buildsDir: string, id: string): void {
  const temporary = path.join(buildsDir, `${CURRENT_LINK}.${process.pid}.tmp`);
  rmSync(temporary, { force: true });
  symlinkSync(id, temporary);
  renameSync(temporary, path.join(buildsDir, CURRENT_LINK));
}

/** The build directories (named by id), newest first. */
function buildIds(buildsDir: string): string[] {
  return readdirSync(buildsDir)
    .filter((name) => BUILD_ID_RE.test(name))
    .sort()
    .reverse();
}

/**
 * The old builds to delete. Only complete builds (a valid manifest.json) count as builds: the one `current` points
 * at and the newest `keep` other complete ones (the previous good build, which a server may still be finishing
 * requests on) stay, older complete ones go. Incomplete directories (failed or interrupted builds) go too, unless
 * another process holds the build lock right now: one of them may be the build it is writing. The directory
 * `current` points at is never listed, nor those of `protect` (the launcher's: the build the back-office's
 * current-build pointer names).
 */
export function buildsToPrune(buildsDir: string, keep: number, protect: readonly string[] = []): string[] {
  const current = currentTarget(buildsDir);
  const buildInProgress = buildLockHolder(buildsDir) !== undefined;
  let kept = 0;
  const doomed: string[] = [];
  for (const id of buildIds(buildsDir)) {
    if (id === current || protect.includes(id)) continue;
    const complete = readManifest(path.join(buildsDir, id)) !== undefined;
    if (complete && kept < keep) {
      kept += 1;
      continue;
    }
    if (!complete && buildInProgress) continue;
    doomed.push(id);
  }
  return doomed;
}

/** Deletes old builds (see `buildsToPrune`). Returns the deleted ids. */
export function pruneBuilds(buildsDir: string, keep = 1): string[] {
  const doomed = buildsToPrune(buildsDir, keep);
  for (const id of doomed) rmSync(path.join(buildsDir, id), { recursive: true, force: true });
  return doomed;
}

/**
 * `pruneBuilds` without blocking the event loop: the launcher prunes after each build this way, so a follow-up build
 * does not wait while a busy disk deletes an old build (hundreds of MB at scale, 20 s and more seen). A build that
 * starts meanwhile is safe: its directory is incomplete and it holds the lock when the list is made, or it is newer
 * than every listed one.
 */
export async function pruneBuildsInBackground(
  buildsDir: string,
  keep = 1,
  protect: readonly string[] = [],
): Promise<string[]> {
  const doomed = buildsToPrune(buildsDir, keep, protect);
  await Promise.all(doomed.map((id) => rm(path.join(buildsDir, id), { recursive: true, force: true })));
  return doomed;
}

/**
 * Runs the steps that fill build directory `dir`; when any of them throws, deletes the directory (whatever it
 * holds by then) and rethrows, so a failed build leaves nothing behind.
 */
export async function withBuildDir<T>(dir: string, steps: () => Promise<T>): Promise<T> {
  try {
    return await steps();
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The pid of another live process holding the build lock of `buildsDir`, if any. */
export function buildLockHolder(buildsDir: string): number | undefined {
  let holder: number;
  try {
    holder = Number(readFileSync(path.join(buildsDir, LOCK_FILE), 'utf8'));
  } catch {
    return undefined;
  }
  return Number.isInteger(holder) && holder > 0 && holder !== process.pid && processAlive(holder)
    ? holder
    : undefined;
}

/** One build at a time per builds dir; a lock left by a dead process is taken over. Returns the release. */
export function acquireBuildLock(buildsDir: string): () => void {
  const lock = path.join(buildsDir, LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(lock, String(process.pid), { flag: 'wx' });
      return () => {
        if (existsSync(lock)) unlinkSync(lock);
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(readFileSync(lock, 'utf8'));
      if (Number.isInteger(holder) && holder > 0 && processAlive(holder)) {
        throw new Error(`another build (pid ${holder}) is running in ${buildsDir}`, { cause: error });
      }
      unlinkSync(lock);
    }
  }
  throw new Error(`could not lock ${buildsDir}`);
}
