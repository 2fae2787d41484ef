import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { consoleBuildReason, setupLinkIn } from './console.ts';

let root: string;
let consoleDir: string;
let lockFile: string;

/** Writes `file` with a modification time `secondsAgo` in the past. */
function write(file: string, secondsAgo: number) {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, 'x');
  const at = new Date(Date.now() - secondsAgo * 1000);
  utimesSync(file, at, at);
}

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'console-build-'));
  consoleDir = path.join(root, 'console');
  lockFile = path.join(root, 'package-lock.json');
  write(path.join(consoleDir, 'src', 'screens', 'LoginPage.tsx'), 100);
  write(path.join(consoleDir, 'index.html'), 100);
  write(path.join(consoleDir, 'vite.config.ts'), 100);
  write(path.join(consoleDir, 'package.json'), 100);
  write(lockFile, 100);
});

afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('consoleBuildReason', () => {
  it('asks for a build when there is none', () => {
    expect(consoleBuildReason(consoleDir, lockFile)).toBe('it is not built yet');
  });

  it('is satisfied by a build newer than every source', () => {
    write(path.join(consoleDir, 'dist', 'index.html'), 10);
    expect(consoleBuildReason(consoleDir, lockFile)).toBeUndefined();
  });

  it('names the source changed since the build, however deep', () => {
    write(path.join(consoleDir, 'dist', 'index.html'), 10);
    write(path.join(consoleDir, 'src', 'screens', 'LoginPage.tsx'), 1);
    expect(consoleBuildReason(consoleDir, lockFile)).toMatch(/LoginPage\.tsx is newer than its build$/);
  });

  it('rebuilds after a dependency change (the lockfile)', () => {
    write(path.join(consoleDir, 'dist', 'index.html'), 10);
    write(lockFile, 1);
    expect(consoleBuildReason(consoleDir, lockFile)).toMatch(/package-lock\.json is newer than its build$/);
  });
});

describe('setupLinkIn', () => {
  it("finds the link in the back-office's JSON log line", () => {
    const line =
      '{"level":40,"time":1,"msg":"no staff account yet: create the first owner at ' +
      'http://127.0.0.1:4000/admin/setup?token=Ab_9-xY (single use, 24 hours)"}';
    expect(setupLinkIn(line)).toBe('http://127.0.0.1:4000/admin/setup?token=Ab_9-xY');
  });

  it('finds nothing in other lines', () => {
    expect(setupLinkIn('{"level":30,"msg":"back-office ready"}')).toBeUndefined();
    expect(setupLinkIn('see http://127.0.0.1:4000/admin/login')).toBeUndefined();
  });
});
