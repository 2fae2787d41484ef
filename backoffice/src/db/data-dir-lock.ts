/**
 * One process per PGlite data folder: PGlite is an embedded database, and two processes writing one folder
 * corrupt it (or the second hangs). The process that opens the folder writes its pid into a lock file there,
 * created exclusively; a second one finds it and refuses to start. A lock file whose process is gone (killed,
 * crashed) is stale and taken over.
 */
import { mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const DATA_DIR_LOCK_FILE = 'backoffice.pid';

/** Thrown when another live process holds the folder; its message says what to do. */
export class DataDirInUseError extends Error {
  readonly dataDir: string;
  readonly pid: number;

  constructor(dataDir: string, pid: number) {
    super(
      `DATA_DIR ${dataDir} is in use by another back-office (process ${pid}): the embedded database serves one ` +
        'process only. Stop that process, or start this one with another DATA_DIR (several back-offices share ' +
        `a PostgreSQL server through DATABASE_URL). If no such process runs, delete ${path.join(dataDir, DATA_DIR_LOCK_FILE)}.`,
    );
    this.name = 'DataDirInUseError';
    this.dataDir = dataDir;
    this.pid = pid;
  }
}

/** The lock files this process holds (a second open in one process is refused too). */
const heldHere = new Set<string>();

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The pid in the lock file, or undefined when there is none (or it holds no pid). */
function holder(file: string): number | undefined {
  try {
    const pid = Number(readFileSync(file, 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * Takes the folder (created if missing) for this process, or throws `DataDirInUseError`. `release()` (idempotent)
 * gives it back; the lock is also removed when the process exits normally.
 */
export function lockDataDir(dataDir: string): { release(): void } {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, DATA_DIR_LOCK_FILE);
  if (heldHere.has(file)) throw new DataDirInUseError(dataDir, process.pid);
  const me = String(process.pid);
  for (let attempt = 0; ; attempt += 1) {
    try {
      writeFileSync(file, me, { flag: 'wx' });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt >= 2) throw error;
    }
    const pid = holder(file);
    // Our own pid there is a previous process's that had it (a container restarted runs as the same pid): stale.
    if (pid !== undefined && pid !== process.pid && isRunning(pid)) throw new DataDirInUseError(dataDir, pid);
    // Stale: its process is gone. Removed, then created exclusively again (another starter may win that).
    try {
      unlinkSync(file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  heldHere.add(file);
  let held = true;
  const release = () => {
    if (!held) return;
    held = false;
    heldHere.delete(file);
    process.off('exit', release);
    if (holder(file) === process.pid) unlinkSync(file);
  };
  process.on('exit', release);
  return { release };
}
