/**
 * The launcher's secrets: every secret variable (packages/shop-rules/src/secrets.ts) the user left unset is taken
 * from `DATA_DIR/secrets.json`, generated there on first start (mode 0600), so a shop never runs on a value known
 * in advance and keeps its secrets across restarts. A value the user set must be a real secret.
 */
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { generateSecret, secretProblem, SECRET_VARIABLES } from '@plasterwick/shop-rules/secrets';

export const SECRETS_FILE = 'secrets.json';

export interface ResolvedSecrets {
  values: Record<string, string>;
  /** The file the unset secrets came from, when any did. */
  file: string | undefined;
  /** Names generated on this start (the file was new or lacked them). */
  generated: string[];
}

function readSecretsFile(file: string): Record<string, unknown> {
  if (!existsSync(file)) return {};
  try {
    const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
      return parsed as Record<string, unknown>;
  } catch {
    // Reported below: a secrets file that is not a JSON object is never silently replaced.
  }
  throw new Error(`${file} is not a JSON object of secrets: fix or remove it`);
}

/** Throws an Error naming every variable that is set to something that is not a real secret. */
export function resolveSecrets(env: NodeJS.ProcessEnv, dataDir: string): ResolvedSecrets {
  const problems: string[] = [];
  const values: Record<string, string> = {};
  const unset: string[] = [];
  for (const name of SECRET_VARIABLES) {
    const value = env[name];
    if (value === undefined || value === '') unset.push(name);
    else {
      const problem = secretProblem(value);
      if (problem) problems.push(`  ${name}: ${problem}`);
      else values[name] = value;
    }
  }
  if (problems.length > 0) throw new Error(`Invalid secrets:\n${problems.join('\n')}`);
  if (unset.length === 0) return { values, file: undefined, generated: [] };

  const file = path.join(dataDir, SECRETS_FILE);
  const stored = readSecretsFile(file);
  const generated: string[] = [];
  for (const name of unset) {
    const value = stored[name];
    if (typeof value === 'string' && !secretProblem(value)) values[name] = value;
    else if (value === undefined) {
      values[name] = generateSecret();
      generated.push(name);
    } else problems.push(`  ${name} in ${file}: ${secretProblem(String(value)) ?? 'must be a string'}`);
  }
  if (problems.length > 0) throw new Error(`Invalid secrets:\n${problems.join('\n')}`);

  if (generated.length > 0) {
    mkdirSync(dataDir, { recursive: true });
    const next = { ...stored, ...Object.fromEntries(generated.map((name) => [name, values[name]])) };
    // Written beside and renamed over, so a crash never leaves half a file; 0600 from the first byte.
    const temporary = `${file}.${process.pid}.tmp`;
    writeFileSync(temporary, `${JSON.stringify(next, null, 2)}\n`, { mode: 0o600 });
    chmodSync(temporary, 0o600);
    renameSync(temporary, file);
  }
  return { values, file, generated };
}

/**
 * The staff API key of a shop `npm start` runs on `dataDir`: BACKOFFICE_API_KEY when set, else the one kept in its
 * secrets file (undefined when neither has one). For tools that act as staff on a running shop (the benchmark).
 */
export function staffApiKey(env: NodeJS.ProcessEnv, dataDir: string): string | undefined {
  if (env.BACKOFFICE_API_KEY) return env.BACKOFFICE_API_KEY;
  const stored = readSecretsFile(path.join(dataDir, SECRETS_FILE)).BACKOFFICE_API_KEY;
  return typeof stored === 'string' ? stored : undefined;
}
