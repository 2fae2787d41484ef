/**
 * The staff console under `npm start`. Its build: made when backoffice/console/dist is missing or older than any of
 * its sources (its code, index.html, Vite's configuration, its package.json, the lockfile that pins react-admin), so
 * a fresh checkout or a changed screen is served without a separate step; the back-office serves whatever dist
 * holds. And the setup link the back-office logs while it has no staff, which the launcher repeats beside the
 * shop's address.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../../src/lib/env.ts';
import { runNode } from './process.ts';

export const CONSOLE_DIR = path.join(repoRoot, 'backoffice/console');

/** Every file whose change calls for a new build, with its modification time. */
function sources(consoleDir: string, lockFile: string): { file: string; mtimeMs: number }[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else files.push(full);
    }
  };
  walk(path.join(consoleDir, 'src'));
  for (const name of ['index.html', 'vite.config.ts', 'package.json'])
    files.push(path.join(consoleDir, name));
  files.push(lockFile);
  return files.filter((file) => existsSync(file)).map((file) => ({ file, mtimeMs: statSync(file).mtimeMs }));
}

/** Why the console needs building (a sentence for the log), or undefined when its build is up to date. */
export function consoleBuildReason(
  consoleDir: string = CONSOLE_DIR,
  lockFile: string = path.join(repoRoot, 'package-lock.json'),
): string | undefined {
  const index = path.join(consoleDir, 'dist', 'index.html');
  if (!existsSync(index)) return 'it is not built yet';
  const builtAt = statSync(index).mtimeMs;
  const newer = sources(consoleDir, lockFile).filter(({ mtimeMs }) => mtimeMs > builtAt);
  if (newer.length === 0) return undefined;
  const [first] = newer.sort((a, b) => b.mtimeMs - a.mtimeMs);
  return `${path.relative(repoRoot, first!.file)} is newer than its build`;
}

/** `vite build` of the console (the same as `npm run build -w console`). */
export async function buildConsole(consoleDir: string = CONSOLE_DIR, env: NodeJS.ProcessEnv = process.env) {
  await runNode(path.join(repoRoot, 'node_modules/vite/bin/vite.js'), ['build'], {
    label: 'console',
    cwd: consoleDir,
    env,
    echo: false,
  });
}

/** The setup link in a line of the back-office's log (`{CONSOLE_URL}/setup?token=…`, inside its JSON), if any. */
export function setupLinkIn(line: string): string | undefined {
  return /https?:\/\/[^\s"'<>]+\/setup\?token=[\w-]+/.exec(line)?.[0];
}
