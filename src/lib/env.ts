/**
 * Environment of the storefront (the server, the build and `astro build` through astro.config.mjs, the launcher,
 * and the server-side code of `src/` through `storefrontEnv()`), validated with messages naming the variable.
 * Every variable here is in the README's configuration table. It lives in `src/lib` because the storefront's
 * source never imports its tooling; `scripts/` imports it from here.
 */
import { isIP } from 'node:net';
import path from 'node:path';
import { siteHostsEnv } from '@plasterwick/shop-rules/hosts';
import { consoleUrlEnv } from '@plasterwick/shop-rules/staff';
import { trustProxyEnv } from '@plasterwick/shop-rules/trust-proxy';
import { z } from 'zod';
import { resolvedSiteSchema } from './api/site.ts';

export const repoRoot = path.resolve(import.meta.dirname, '../..');

const DEFAULT_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
const DEFAULT_TILE_ATTRIBUTION =
  '© <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';

const DEFAULT_RECAPTCHA_SCRIPT_URL = 'https://www.google.com/recaptcha/api.js';

const origin = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((value) => value.trim().replace(/\/+$/, ''))
    .pipe(z.url({ protocol: /^https?$/, error: 'must be an http(s) origin such as http://127.0.0.1:4000' }));

/** An empty value counts as unset, so `VAR=` in a shell or a .env file means "the default". */
const blankIsUnset = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

/** A TCP port (also for the benchmark's and the e2e harness's ports). */
export const port = z.coerce
  .number({ error: 'must be a port number (1–65535)' })
  .int('must be a port number (1–65535)')
  .min(1, 'must be a port number (1–65535)')
  .max(65535, 'must be a port number (1–65535)');

/** A directory, relative to the repository unless absolute. */
const directory = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((value) => path.resolve(repoRoot, value.trim() || fallback));

function isTileTemplate(value: string): boolean {
  if (!['{z}', '{x}', '{y}'].every((placeholder) => value.includes(placeholder))) return false;
  try {
    return /^https?:$/.test(new URL(value.replace('{s}.', 'x.')).protocol);
  } catch {
    return false;
  }
}

/** The site scripts/build.ts resolved, as JSON: it hands it to `astro build` so the lookup is made once. */
const buildSite = z
  .string()
  .optional()
  .transform((value, context) => {
    if (value === undefined || value.trim() === '') return undefined;
    try {
      const parsed = resolvedSiteSchema.safeParse(JSON.parse(value));
      if (parsed.success) return parsed.data;
    } catch {
      // reported below
    }
    context.addIssue({
      code: 'custom',
      message: 'must be the JSON of a site as scripts/build.ts hands it to astro build (leave it unset)',
    });
    return z.NEVER;
  });

const envSchema = z.object({
  PORT: port.default(4321),
  HOST: z.string().min(1, 'must be an interface address such as 0.0.0.0').default('0.0.0.0'),
  BACKOFFICE_URL: origin('http://127.0.0.1:4000'),
  SITE_URL: origin('http://localhost:4321'),
  // Extra host names the shop answers for: their site is looked up on demand (spec §7); the back-office reads the
  // same variable to answer that lookup.
  SITE_HOSTS: siteHostsEnv,
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
  BUILDS_DIR: directory('dist/builds'),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      error: 'must be one of fatal, error, warn, info, debug, trace, silent',
    })
    .default('info'),

  // The build (scripts/build.ts, astro.config.mjs).
  BUILD_ALLOW_SHRINK: z
    .enum(['', '0', '1'], { error: 'must be 1 (accept a catalogue that shrank by half or more) or 0' })
    .default('')
    .transform((value) => value === '1'),
  BUILD_SITE: buildSite,
  ASTRO_OUT_DIR: directory('dist'),
  ASTRO_CACHE_DIR: directory('node_modules/.astro'),
  PUBLIC_MAP_TILE_URL: z.preprocess(
    blankIsUnset,
    z
      .string()
      .default(DEFAULT_TILE_URL)
      .refine(
        isTileTemplate,
        'must be an http(s) tile URL template with {z}, {x} and {y}, such as https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      ),
  ),
  PUBLIC_MAP_TILE_ATTRIBUTION: z.preprocess(blankIsUnset, z.string().default(DEFAULT_TILE_ATTRIBUTION)),
  // The forms' bot check: reCAPTCHA v3 replaces ALTCHA when its site key or secret is set (the back-office reads the
  // same variables), and then its script's origin joins the CSP (src/lib/csp.ts botCheckCspSources).
  RECAPTCHA_SITE_KEY: z.preprocess(blankIsUnset, z.string().optional()),
  // Only whether it is set: the storefront never uses the secret itself.
  RECAPTCHA_SECRET: z
    .preprocess(blankIsUnset, z.string().optional())
    .transform((value) => value !== undefined),
  RECAPTCHA_SCRIPT_URL: z.preprocess(
    blankIsUnset,
    z
      .url({
        protocol: /^https?$/,
        error: 'must be an http(s) URL such as https://www.google.com/recaptcha/api.js',
      })
      .default(DEFAULT_RECAPTCHA_SCRIPT_URL),
  ),

  // The launcher (`npm start`, scripts/start.ts).
  CONTENT_CHECK_SECONDS: z.preprocess(
    blankIsUnset,
    z.coerce
      .number({ error: 'must be a number of seconds, at least 5' })
      .int('must be a whole number of seconds, at least 5')
      .min(5, 'must be a number of seconds, at least 5')
      .default(60),
  ),
  DATA_DIR: directory('data'),
  BACKOFFICE_PORT: z.preprocess(blankIsUnset, port.optional()),
  // The loopback port of the content hook the back-office calls after a change (scripts/lib/content-hook.ts);
  // unset: a free port, handed to the back-office with the run's secret.
  CONTENT_HOOK_PORT: z.preprocess(blankIsUnset, port.optional()),
  // Where staff open the console; the back-office reads the same variable (links in its e-mails and log). Unset:
  // the back-office's own port, /admin. The launcher prints it beside the shop's address.
  CONSOLE_URL: z.preprocess(blankIsUnset, consoleUrlEnv),
  // The credential the launcher reports builds with (a machine token of scope `builds:write`), for a production
  // that leaves BACKOFFICE_API_KEY unset; unset: the API key.
  BUILD_REPORT_TOKEN: z.preprocess(blankIsUnset, z.string().min(1).optional()),
});

export type StorefrontEnv = z.infer<typeof envSchema>;

/** The variables this schema reads (each is a row of the README's configuration table; a test checks it). */
export const STOREFRONT_VARIABLES = Object.keys(envSchema.shape);

/**
 * Parses an environment with `schema`; throws one error listing every invalid variable, each with its message
 * (`Invalid <what> configuration:`). Also used by the benchmark's and the e2e harness's own variables.
 */
export function parseEnvironment<T extends z.ZodType>(
  schema: T,
  env: NodeJS.ProcessEnv,
  what: string,
): z.output<T> {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid ${what} configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

/** Parses the environment; throws one error listing every invalid variable. */
export function loadEnv(env: NodeJS.ProcessEnv = process.env): StorefrontEnv {
  return parseEnvironment(envSchema, env, 'storefront');
}

let processEnv: StorefrontEnv | undefined;

/** This process's environment, parsed once: for the server-side code of `src/` (SSR pages, the build's pages). */
export function storefrontEnv(): StorefrontEnv {
  processEnv ??= loadEnv();
  return processEnv;
}
