/**
 * One process per PGlite DATA_DIR (issue 27): a real server (`node src/server.ts`) on a folder another live
 * process holds refuses to start, saying which folder, which process holds it and what to do; once the holder is
 * gone (even killed, leaving its lock file behind) the folder is taken over.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { DATA_DIR_LOCK_FILE, DataDirInUseError, lockDataDir } from '../src/db/data-dir-lock.ts';
import { childEnv } from './support/child-database.ts';
import { freePort } from '@plasterwick/shop-rules/network';

const server = path.resolve(import.meta.dirname, '../src/server.ts');
const workDir = mkdtempSync(path.join(os.tmpdir(), 'data-dir-lock-'));
const children: ChildProcess[] = [];

afterAll(async () => {
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = once(child, 'exit');
      child.kill('SIGKILL');
      await exited;
    }
  }
  rmSync(workDir, { recursive: true, force: true });
});

/** Starts a server on `dataDir` (never DATABASE_URL: the embedded database); resolves when it is ready or exits. */
async function start(
  dataDir: string,
): Promise<{ child: ChildProcess; output: string; exitCode: number | null }> {
  const child = spawn(process.execPath, [server], {
    env: childEnv({ DATA_DIR: dataDir, BACKOFFICE_PORT: String(await freePort()), SEED_DEMO: '0' }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  const exited = once(child, 'exit');
  const exitCode = await new Promise<number | null>((resolve) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('back-office ready')) resolve(null);
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    void exited.then(([code]) => resolve(code as number | null));
  });
  return { child, output, exitCode };
}

test('a server on a DATA_DIR another live process holds refuses to start, naming the folder and the pid', async () => {
  // The holder is this test's process (a full first server would take the file past its time budget): what the
  // real server meets is the same, a lock file naming a live process.
  const dataDir = path.join(workDir, 'shop');
  const held = lockDataDir(dataDir);
  try {
    const second = await start(dataDir);
    expect(second.exitCode, second.output).toBe(1);
    expect(second.output).toContain(
      `DATA_DIR ${dataDir} is in use by another back-office (process ${process.pid})`,
    );
    expect(second.output).toContain('Stop that process, or start this one with another DATA_DIR');
    // A clear message, not a crash's stack trace.
    expect(second.output).not.toMatch(/\n\s+at /);
    // The refused one left the holder's lock alone.
    expect(readFileSync(path.join(dataDir, DATA_DIR_LOCK_FILE), 'utf8')).toBe(String(process.pid));
  } finally {
    held.release();
  }
  expect(existsSync(path.join(dataDir, DATA_DIR_LOCK_FILE))).toBe(false);
});

test('taken, refused while held, given back; a lock of a process that is gone, of this pid or of none is taken over', async () => {
  const dataDir = mkdtempSync(path.join(workDir, 'unit-'));
  const file = path.join(dataDir, DATA_DIR_LOCK_FILE);
  const lock = lockDataDir(dataDir);
  expect(() => lockDataDir(dataDir)).toThrow(DataDirInUseError);
  lock.release();
  lock.release();

  // A process killed while it held the folder leaves its pid behind.
  const gone = spawn(process.execPath, ['-e', '']);
  await once(gone, 'exit');
  writeFileSync(file, String(gone.pid));
  const takenOver = lockDataDir(dataDir);
  expect(readFileSync(file, 'utf8')).toBe(String(process.pid));
  takenOver.release();

  // This process's own pid is a previous process's that had it (a container restarted runs as the same pid).
  writeFileSync(file, String(process.pid));
  lockDataDir(dataDir).release();

  writeFileSync(file, 'garbage');
  lockDataDir(dataDir).release();
  expect(existsSync(file)).toBe(false);
});
