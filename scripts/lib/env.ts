/** Environment of the storefront scripts (build, server, start), validated with messages naming the variable. */
import { isIP } from 'node:net';
import path from 'node:path';
import { trustProxyEnv } from '@plasterwick/shop-rules/trust-proxy';
import { z } from 'zod';

export const repoRoot = path.resolve(import.meta.dirname, '../..');

const origin = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((value) => value.trim().replace(/\/+$/, ''))
    .pipe(z.url({ protocol: /^https?$/, error: 'must be an http(s) origin such as http://127.0.0.1:4000' }));

const envSchema = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(4321),
  HOST: z.string().min(1).default('0.0.0.0'),
  BACKOFFICE_URL: origin('http://127.0.0.1:4000'),
  SITE_URL: origin('http://localhost:4321'),
  CANONICAL_HOST: z
    .string()
    .default('')
    .transform((value) => value.trim().toLowerCase())
    .refine(
      (value) => value === '' || /^[a-z0-9.-]+(:\d+)?$/.test(value),
      'must be a host name such as www.plasterwick.co.uk',
    ),
  ALLOWED_IPS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((ip) => ip.trim())
        .filter(Boolean),
    )
    .refine((ips) => ips.every((ip) => isIP(ip) !== 0), 'must be a comma-separated list of IP addresses'),
  // Who may name the client in X-Forwarded-For: see packages/shop-rules/src/trust-proxy.ts.
  TRUST_PROXY: trustProxyEnv,
  BUILDS_DIR: z
    .string()
    .default('dist/builds')
    .transform((value) => path.resolve(repoRoot, value)),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type StorefrontEnv = z.infer<typeof envSchema>;

/** Parses the environment; throws one error listing every invalid variable. */
export function loadEnv(env: NodeJS.ProcessEnv = process.env): StorefrontEnv {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid storefront configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}
