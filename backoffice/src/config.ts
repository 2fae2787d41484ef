/** Environment configuration, validated at boot with messages that name the variable. */
import path from 'node:path';
import { generateSecret, secretProblem, SECRET_VARIABLES } from '@plasterwick/shop-rules/secrets';
import { siteHostsEnv } from '@plasterwick/shop-rules/hosts';
import { trustProxyEnv, type TrustProxy } from '@plasterwick/shop-rules/trust-proxy';
import { z } from 'zod';

const portSchema = z.coerce.number().int().min(1).max(65535);

const envSchema = z.object({
  BACKOFFICE_PORT: portSchema.default(4000),
  BACKOFFICE_HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// connection URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  BACKOFFICE_API_KEY: z.string().optional(),
  PREVIEW_TOKEN: z.string().optional(),
  SITE_HOSTS: siteHostsEnv,
  TRUST_PROXY: trustProxyEnv,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  apiKey: string;
  previewToken: string;
  siteHosts: string[];
  trustProxy: TrustProxy;
  logLevel: string;
  /** Secrets that were not set (outside production only): random for this process, so admin calls fail. */
  generatedSecrets: string[];
}

/**
 * Parses the environment; throws one error listing every invalid variable. A secret that is set must be a real
 * one (32+ characters, not a published default). A missing secret stops a production start; elsewhere it gets a
 * random value nobody knows, so the calls it guards stay closed.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  const lines = parsed.success
    ? []
    : parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
  const production = env.NODE_ENV === 'production';
  const secrets: Record<string, string> = {};
  const generatedSecrets: string[] = [];
  for (const name of SECRET_VARIABLES) {
    const value = env[name];
    const problem = secretProblem(value);
    if (!problem) secrets[name] = value as string;
    else if (value === undefined && !production) {
      secrets[name] = generateSecret();
      generatedSecrets.push(name);
    } else lines.push(`  ${name}: ${problem}`);
  }
  if (!parsed.success || lines.length > 0) {
    throw new Error(`Invalid back-office configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    port: e.BACKOFFICE_PORT,
    host: e.BACKOFFICE_HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    apiKey: secrets.BACKOFFICE_API_KEY as string,
    previewToken: secrets.PREVIEW_TOKEN as string,
    siteHosts: e.SITE_HOSTS,
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    generatedSecrets,
  };
}

/** Configuration for tests: defaults, no environment (so random secrets unless the test sets them). */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return { ...loadConfig({}), logLevel: 'silent', ...overrides };
}
