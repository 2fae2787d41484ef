/** Environment configuration, validated at boot with messages that name the variable. */
import path from 'node:path';
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
  BACKOFFICE_API_KEY: z.string().min(16, 'must be at least 16 characters').default('dev-backoffice-api-key'),
  PREVIEW_TOKEN: z.string().min(8, 'must be at least 8 characters').default('dev-preview-token'),
  SITE_HOSTS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((host) => host.trim().toLowerCase())
        .filter(Boolean),
    ),
  TRUST_PROXY: z
    .enum(['true', 'false', '1', '0', ''])
    .default('false')
    .transform((value) => value === 'true' || value === '1'),
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
  trustProxy: boolean;
  logLevel: string;
}

/** Parses the environment; throws one error listing every invalid variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid back-office configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    port: e.BACKOFFICE_PORT,
    host: e.BACKOFFICE_HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    apiKey: e.BACKOFFICE_API_KEY,
    previewToken: e.PREVIEW_TOKEN,
    siteHosts: e.SITE_HOSTS,
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
  };
}

/** Configuration for tests: defaults, no environment. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return { ...loadConfig({}), logLevel: 'silent', ...overrides };
}
