import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  activateBuild,
  buildLockHolder,
  currentBuild,
  pruneBuilds,
  pruneBuildsInBackground,
  withBuildDir,
  type BuildManifest,
} from './builds.ts';

// Ids sort by time: good1 < good2 < good3 < broken4 < broken5.
const good1 = '20260101T000000-000001';
const good2 = '20260102T000000-000002';
const good3 = '20260103T000000-000003';
const broken4 = '20260104T000000-000004';
const broken5 = '20260105T000000-000005';

let buildsDir: string;

/** A complete build: client files plus a valid manifest.json. */
function writeGood(id: string): void {
  const dir = path.join(buildsDir, id);
  mkdirSync(path.join(dir, 'client'), { recursive: true });
  writeFileSync(path.join(dir, 'client/index.html'), '<!doctype html><title>Home</title>');
  writeFileSync(path.join(dir, 'csp.txt'), "default-src 'self'\n");
  const manifest: BuildManifest = {
    id,
    createdAt: new Date().toISOString(),
    contentVersion: 1,
    backofficeUrl: 'http://127.0.0.1:4000',
    siteUrl: 'http://localhost:4321',
    productCount: 1,
    categoryCount: 1,
    pageCount: 1,
    pages: { home: 1 },
    redirectCount: 0,
    inlineScriptHashes: 0,
    astroMs: 1,
    durationMs: 1,
  };
  writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify(manifest));
}

/** What a failed or interrupted build leaves: some output, no manifest (or a torn one). */
function writeBroken(id: string, manifest?: string): void {
  const dir = path.join(buildsDir, id);
  mkdirSync(path.join(dir, 'client'), { recursive: true });
  writeFileSync(path.join(dir, 'client/index.html'), '<!doctype html>');
  if (manifest !== undefined) writeFileSync(path.join(dir, 'manifest.json'), manifest);
}

function remaining(): string[] {
  return readdirSync(buildsDir)
    .filter((name) => /^\d{8}T/.test(name))
    .sort();
}

/** A pid no process has: a child that already exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], {
    encoding: 'utf8',
  });
  return Number(child.stdout);
}

beforeEach(() => {
  buildsDir = mkdtempSync(path.join(os.tmpdir(), 'builds-test-'));
});

afterEach(() => {
  rmSync(buildsDir, { recursive: true, force: true });
});

describe('pruneBuilds', () => {
  beforeEach(() => {
    writeGood(good1);
    writeGood(good2);
    writeGood(good3);
    writeBroken(broken4);
    writeBroken(broken5, '{"id":"20260105T000000-000005"'); // torn write: invalid JSON
    activateBuild(buildsDir, good3);
  });

  it('keeps the current build and the previous good one; deletes broken builds and older good ones', () => {
    const removed = pruneBuilds(buildsDir);
    expect(remaining()).toEqual([good2, good3]);
    expect(removed.sort()).toEqual([good1, broken4, broken5]);
    expect(currentBuild(buildsDir)?.id).toBe(good3);
  });

  it('in the background, deletes the same builds', async () => {
    const removed = await pruneBuildsInBackground(buildsDir);
    expect(remaining()).toEqual([good2, good3]);
    expect(removed.sort()).toEqual([good1, broken4, broken5]);
    expect(currentBuild(buildsDir)?.id).toBe(good3);
  });

  it('never counts a broken build as the previous good one, however new it is', () => {
    rmSync(path.join(buildsDir, good1), { recursive: true });
    pruneBuilds(buildsDir);
    expect(remaining()).toEqual([good2, good3]);
  });

  it('keeps the previous good build when current was rolled back to an older one', () => {
    activateBuild(buildsDir, good1);
    pruneBuilds(buildsDir);
    expect(remaining()).toEqual([good1, good3]);
  });

  it('keeps the builds it is told to protect (the one the current-build pointer names)', async () => {
    expect(await pruneBuildsInBackground(buildsDir, 1, [good1])).not.toContain(good1);
    expect(remaining()).toEqual([good1, good2, good3]);
  });

  it('keeps incomplete directories while another live process holds the build lock', () => {
    writeFileSync(path.join(buildsDir, '.lock'), String(process.ppid));
    expect(buildLockHolder(buildsDir)).toBe(process.ppid);
    pruneBuilds(buildsDir);
    expect(remaining()).toEqual([good2, good3, broken4, broken5]);
  });

  it('deletes incomplete directories when the lock is stale or held by the pruning process itself', () => {
    writeFileSync(path.join(buildsDir, '.lock'), String(deadPid()));
    expect(buildLockHolder(buildsDir)).toBeUndefined();
    pruneBuilds(buildsDir);
    expect(remaining()).toEqual([good2, good3]);

    writeBroken(broken5);
    writeFileSync(path.join(buildsDir, '.lock'), String(process.pid));
    pruneBuilds(buildsDir);
    expect(remaining()).toEqual([good2, good3]);
  });

  it('never deletes the directory current points at, even an incomplete one', () => {
    activateBuild(buildsDir, broken5);
    pruneBuilds(buildsDir);
    expect(remaining()).toEqual([good3, broken5]);
  });

  it('leaves what is not a build alone (cache, node_modules link, lock)', () => {
    mkdirSync(path.join(buildsDir, '.cache'));
    mkdirSync(path.join(buildsDir, 'node_modules'));
    pruneBuilds(buildsDir);
    expect(existsSync(path.join(buildsDir, '.cache'))).toBe(true);
    expect(existsSync(path.join(buildsDir, 'node_modules'))).toBe(true);
    expect(existsSync(path.join(buildsDir, 'current'))).toBe(true);
  });

  it('with no current build keeps the newest good one', () => {
    rmSync(path.join(buildsDir, 'current'));
    pruneBuilds(buildsDir);
    expect(remaining()).toEqual([good3]);
  });
});

describe('withBuildDir', () => {
  it('deletes the build directory when a step throws, whatever it wrote', async () => {
    const dir = path.join(buildsDir, broken4);
    await expect(
      withBuildDir(dir, async () => {
        writeBroken(broken4);
        await new Promise((resolve) => setTimeout(resolve, 1));
        throw new Error('pagefind indexing failed');
      }),
    ).rejects.toThrow('pagefind indexing failed');
    expect(existsSync(dir)).toBe(false);
    expect(remaining()).toEqual([]);
  });

  it('deletes it when the step fails after writing the manifest (e.g. the swap)', async () => {
    writeGood(good1);
    activateBuild(buildsDir, good1);
    const dir = path.join(buildsDir, good2);
    await expect(
      withBuildDir(dir, () => {
        writeGood(good2);
        return Promise.reject(new Error('rename failed'));
      }),
    ).rejects.toThrow('rename failed');
    expect(remaining()).toEqual([good1]);
    expect(currentBuild(buildsDir)?.id).toBe(good1);
  });

  it('keeps the directory and returns the result when every step succeeds', async () => {
    const dir = path.join(buildsDir, good1);
    const result = await withBuildDir(dir, async () => {
      writeGood(good1);
      return 'done';
    });
    expect(result).toBe('done');
    expect(remaining()).toEqual([good1]);
  });
});
