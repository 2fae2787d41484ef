/** Environment configuration, validated at boot with messages that name the variable. */
import { isIP } from 'node:net';
import path from 'node:path';
import { AUTH_LIMITS } from '@plasterwick/shop-rules/accounts';
import { generateSecret, secretProblem, SECRET_VARIABLES } from '@plasterwick/shop-rules/secrets';
import { siteHostsEnv } from '@plasterwick/shop-rules/hosts';
import { consoleUrlEnv } from '@plasterwick/shop-rules/staff';
import { trustProxyEnv, type TrustProxy } from '@plasterwick/shop-rules/trust-proxy';
import { z } from 'zod';
import { isLoopbackHost, type ContentHook } from './lib/content-hook.ts';

/** Largest `SEED_SCALE`: 200 copies of the demo range fit the five-digit item numbers of its GTINs. */
export const MAX_SEED_SCALE = 200;
const seedScaleMessage = `must be a whole number from 1 to ${MAX_SEED_SCALE}`;

const portSchema = z.coerce.number().int().min(1).max(65535);
const blankIsUnset = (value: unknown) => (value === '' ? undefined : value);
const httpOrigin = z
  .url({ protocol: /^https?$/, error: 'must be an http(s) origin such as https://www.plasterwick.co.uk' })
  .transform((value) => new URL(value).origin);

/** A comma-separated list of addresses and CIDRs (`10.0.0.0/8, 192.168.1.20`); empty: none. */
const addressList = z.preprocess(
  blankIsUnset,
  z
    .string()
    .optional()
    .transform((value, context) => {
      const entries = (value ?? '')
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean);
      for (const entry of entries) {
        const [address = '', prefix, ...rest] = entry.split('/');
        const family = isIP(address);
        const prefixOk =
          prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
        if (family === 0 || rest.length > 0 || !prefixOk) {
          context.addIssue({ code: 'custom', message: `${entry} is not an IP address or CIDR` });
        }
      }
      return entries;
    }),
);

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
  /**
   * Login requests one visitor address may make in 15 minutes (api-contract.md "Accounts": 20). Raise it where
   * many people share one address (an office behind one NAT, the end-to-end run's single browser address).
   */
  LOGIN_LIMIT_PER_VISITOR: z.preprocess(
    blankIsUnset,
    z.coerce.number().int().min(1).max(1_000_000).default(AUTH_LIMITS.loginRequestsPerVisitor.max),
  ),
  SITE_URL: z.preprocess(blankIsUnset, httpOrigin.default('http://localhost:4321')),
  /** Where staff open the console (issue 22): links in e-mails and the log start with it; its origin is the only
   * one staff cookie writes accept. Default: the back-office's own port, `/admin`. */
  CONSOLE_URL: z.preprocess(blankIsUnset, consoleUrlEnv),
  /** Addresses (besides loopback) that may use the console and its cookie-authenticated calls, and machine tokens. */
  CONSOLE_ALLOWED_IPS: addressList,
  /** Staff sign-in attempts one address may make in 15 minutes (20); raised for test runs behind one address. */
  STAFF_LOGIN_LIMIT_PER_ADDRESS: z.preprocess(
    blankIsUnset,
    z.coerce.number().int().min(1).max(1_000_000).default(20),
  ),
  SMTP_URL: z.preprocess(
    blankIsUnset,
    z
      .string()
      .regex(/^smtps?:\/\/[^\s]+$/, 'must be an smtp:// or smtps:// URL such as smtp://user:pass@host:587')
      .optional(),
  ),
  MAIL_FROM: z.preprocess(
    blankIsUnset,
    z.string().min(3).default('Plasterwick <no-reply@plasterwick.co.uk>'),
  ),
  MAIL_STAFF_TO: z.preprocess(blankIsUnset, z.string().min(3).default('customer.service@plasterwick.co.uk')),
  MAIL_STAFF_TO_CONTACT: z.preprocess(blankIsUnset, z.string().min(3).optional()),
  MAIL_STAFF_TO_CONSTRUCTION_STARTS: z.preprocess(blankIsUnset, z.string().min(3).optional()),
  MAIL_STAFF_TO_APPLICATION: z.preprocess(blankIsUnset, z.string().min(3).optional()),
  MAIL_STAFF_TO_TRAINING_REGISTRATION: z.preprocess(blankIsUnset, z.string().min(3).optional()),
  MAIL_STAFF_TO_ORDERS: z.preprocess(blankIsUnset, z.string().min(3).optional()),
  MAIL_STAFF_TO_TRADE: z.preprocess(blankIsUnset, z.string().min(3).optional()),
  RECAPTCHA_SITE_KEY: z.preprocess(blankIsUnset, z.string().optional()),
  RECAPTCHA_SECRET: z.preprocess(blankIsUnset, z.string().optional()),
  RECAPTCHA_VERSION: z.preprocess(blankIsUnset, z.string().default('3')),
  RECAPTCHA_SCRIPT_URL: z.preprocess(
    blankIsUnset,
    z.url({ protocol: /^https?$/ }).default('https://www.google.com/recaptcha/api.js'),
  ),
  RECAPTCHA_VERIFY_URL: z.preprocess(
    blankIsUnset,
    z.url({ protocol: /^https?$/ }).default('https://www.google.com/recaptcha/api/siteverify'),
  ),
  RECAPTCHA_MIN_SCORE: z.preprocess(blankIsUnset, z.coerce.number().min(0).max(1).default(0.5)),
  // Set by `npm start` (a fresh secret each run): see lib/content-hook.ts.
  CONTENT_HOOK_URL: z.preprocess(
    blankIsUnset,
    z
      .url({
        protocol: /^http$/,
        error: 'must be an http:// URL on this machine such as http://127.0.0.1:4100/content-changed',
      })
      .refine(
        (value) => isLoopbackHost(new URL(value).hostname),
        'must be a loopback address (127.0.0.1, [::1] or localhost): the hook carries a secret',
      )
      .optional(),
  ),
  CONTENT_HOOK_SECRET: z.preprocess(blankIsUnset, z.string().optional()),
  /** A first seed makes the catalogue this many times the demo's, to measure at size (issue 14). */
  SEED_SCALE: z.preprocess(
    blankIsUnset,
    z.coerce
      .number({ error: seedScaleMessage })
      .int(seedScaleMessage)
      .min(1, seedScaleMessage)
      .max(MAX_SEED_SCALE, seedScaleMessage)
      .default(1),
  ),
  /** `0`: an empty database is not seeded with the demo at start (production never seeds it; issue 20). */
  SEED_DEMO: z.preprocess(blankIsUnset, z.enum(['0', '1'], { error: 'must be 0 or 1' }).optional()),
  PAYMENT_PROVIDER: z.preprocess(
    blankIsUnset,
    z.enum(['fake'], { error: 'must be fake (the only provider of this build)' }).default('fake'),
  ),
  /** How long a card attempt may stay open before the next attempt or the reconciliation job settles it. */
  PAYMENT_RECONCILE_AFTER_SECONDS: z.preprocess(
    blankIsUnset,
    z.coerce
      .number({ error: 'must be a whole number of seconds from 1 to 86400' })
      .int('must be a whole number of seconds from 1 to 86400')
      .min(1, 'must be a whole number of seconds from 1 to 86400')
      .max(86_400, 'must be a whole number of seconds from 1 to 86400')
      .default(300),
  ),
  /** How often the reconciliation job looks for such attempts. */
  PAYMENT_RECONCILE_EVERY_SECONDS: z.preprocess(
    blankIsUnset,
    z.coerce
      .number({ error: 'must be a whole number of seconds from 1 to 3600' })
      .int('must be a whole number of seconds from 1 to 3600')
      .min(1, 'must be a whole number of seconds from 1 to 3600')
      .max(3600, 'must be a whole number of seconds from 1 to 3600')
      .default(60),
  ),
  /** How often the `content-schedule` job fires the scheduled publications and unpublications (issue 26). */
  SCHEDULE_CHECK_SECONDS: z.preprocess(
    blankIsUnset,
    z.coerce
      .number({ error: 'must be a whole number of seconds from 1 to 3600' })
      .int('must be a whole number of seconds from 1 to 3600')
      .min(1, 'must be a whole number of seconds from 1 to 3600')
      .max(3600, 'must be a whole number of seconds from 1 to 3600')
      .default(30),
  ),
  /** The supplier on VAT invoices, credit notes and packing slips (docs/decisions.md "Company details"). */
  COMPANY_NAME: z.preprocess(blankIsUnset, z.string().trim().min(2).max(120).default('Plasterwick Ltd')),
  /** Lines of the registered address, separated by commas. */
  COMPANY_ADDRESS: z.preprocess(
    blankIsUnset,
    z
      .string()
      .default('Ribbleside Works, Preston, Lancashire, United Kingdom')
      .transform((value) =>
        value
          .split(',')
          .map((line) => line.trim())
          .filter(Boolean),
      )
      .refine((lines) => lines.length >= 2 && lines.every((line) => line.length <= 120), {
        error:
          'must be at least two address lines separated by commas, such as "1 Mill Lane, Preston, PR1 1AA"',
      }),
  ),
  /** Companies House: 8 digits, or 2 letters and 6 digits (SC, NI, OC…); spaces are ignored. */
  COMPANY_NUMBER: z.preprocess(
    blankIsUnset,
    z
      .string()
      .default('00000000')
      .transform((value) => value.replace(/\s+/g, '').toUpperCase())
      .pipe(
        z.string().regex(/^([0-9]{8}|[A-Z]{2}[0-9]{6})$/, {
          error: 'must be a Companies House number: 8 digits, or 2 letters and 6 digits (SC123456)',
        }),
      ),
  ),
  /** UK VAT registration: `GB` and 9 digits (12 for a branch); spaces are ignored. */
  COMPANY_VAT_NUMBER: z.preprocess(
    blankIsUnset,
    z
      .string()
      .default('GB123456789')
      .transform((value) => value.replace(/\s+/g, '').toUpperCase())
      .pipe(
        z.string().regex(/^GB([0-9]{9}|[0-9]{12})$/, {
          error: 'must be a UK VAT number: GB and 9 digits (12 for a branch), such as GB 123 4567 89',
        }),
      ),
  ),
});

/** The forms whose staff notifications can go to their own address (`MAIL_STAFF_TO_<FORM>`). */
export const MAIL_FORMS = ['contact', 'construction-starts', 'application', 'training-registration'] as const;
export type MailForm = (typeof MAIL_FORMS)[number];

export interface MailConfig {
  /** Unset: messages are written as .eml files under `DATA_DIR/mail/`. */
  smtpUrl: string | undefined;
  from: string;
  /** Staff address of each form (its own variable, else `MAIL_STAFF_TO`). */
  staffTo: Record<MailForm, string>;
  /** `MAIL_STAFF_TO_ORDERS` (else `MAIL_STAFF_TO`): where the staff's e-mail of each new order goes. */
  ordersTo: string;
  /** `MAIL_STAFF_TO_TRADE` (else `MAIL_STAFF_TO`): where the staff's e-mail of each trade account application goes. */
  tradeTo: string;
  /** `CONSOLE_URL`, for the links of staff e-mails to the console's pages. */
  consoleUrl: string;
  /** Public origin of the storefront, for links in e-mails. */
  siteUrl: string;
}

export interface BotCheckConfig {
  /** HMAC key of the ALTCHA challenges (a secret: generated into secrets.json by `npm start`). */
  altchaHmacKey: string;
  /** Set when `RECAPTCHA_SITE_KEY` or `RECAPTCHA_SECRET` is: reCAPTCHA v3 replaces ALTCHA. */
  recaptcha:
    | {
        siteKey: string | undefined;
        secret: string | undefined;
        version: string;
        scriptUrl: string;
        verifyUrl: string;
        minScore: number;
      }
    | undefined;
}

export interface PaymentConfig {
  /** `fake`: the offline demonstration provider (magic card tokens, test authorisation page); a real shop needs a real one. */
  provider: 'fake';
  /** HMAC key of the provider's webhook signatures (a secret: generated into secrets.json by `npm start`). */
  webhookSecret: string;
  /**
   * `PAYMENT_RECONCILE_AFTER_SECONDS` (300): a card attempt open this long (its answer lost, its process gone, its
   * 3-D Secure never finished) is settled by the shopper's next attempt or the reconciliation job; until then a
   * second attempt on the basket waits for it.
   */
  reconcileAfterSeconds: number;
  /** `PAYMENT_RECONCILE_EVERY_SECONDS` (60): how often the reconciliation job runs. */
  reconcileEverySeconds: number;
}

/** The company as the accounting documents name it (`COMPANY_*`). */
export interface CompanyConfig {
  name: string;
  /** The registered address, one line each. */
  address: string[];
  /** Companies House number, without spaces. */
  number: string;
  /** `GB` and 9 or 12 digits, without spaces. */
  vatNumber: string;
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** `BACKOFFICE_API_KEY`: the tooling's credential. Unset in production: no call accepts a key. */
  apiKey: string | undefined;
  previewToken: string;
  /**
   * What customers' basket tokens are derived from (cart/customer-cart.ts): the API key, or the preview token when
   * production runs without a key.
   */
  basketSecret: string;
  /** `CONSOLE_URL` without a trailing slash, and its origin (the one `Origin` a cookie write may name). */
  consoleUrl: string;
  consoleOrigin: string;
  /** `CONSOLE_ALLOWED_IPS`: addresses and CIDRs allowed besides loopback. */
  consoleAllowedIps: string[];
  /** `STAFF_LOGIN_LIMIT_PER_ADDRESS`: staff sign-in attempts per address in 15 minutes. */
  staffLoginLimitPerAddress: number;
  siteHosts: string[];
  trustProxy: TrustProxy;
  logLevel: string;
  /** Login requests per visitor address in 15 minutes (`LOGIN_LIMIT_PER_VISITOR`). */
  loginLimitPerVisitor: number;
  /** `SEED_SCALE`: a first seed makes the catalogue this many times the demo's. */
  seedScale: number;
  /** `NODE_ENV=production`: every secret must be set, and the demo is never seeded. */
  production: boolean;
  /** Whether the server seeds the demo into an empty database at start: outside production, unless `SEED_DEMO=0`. */
  seedDemo: boolean;
  mail: MailConfig;
  botCheck: BotCheckConfig;
  payment: PaymentConfig;
  company: CompanyConfig;
  /** Where to announce a content change (`CONTENT_HOOK_URL` and `CONTENT_HOOK_SECRET`); unset: nowhere. */
  contentHook: ContentHook | undefined;
  /** `SCHEDULE_CHECK_SECONDS` (30): how often scheduled publications and unpublications are fired. */
  scheduleCheckSeconds: number;
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
    // The key is the tooling's only (issue 22): a production back-office may run without one, refusing every key.
    else if ((value === undefined || value === '') && production && name === 'BACKOFFICE_API_KEY') continue;
    else if (value === undefined && !production) {
      secrets[name] = generateSecret();
      generatedSecrets.push(name);
    } else lines.push(`  ${name}: ${problem}`);
  }
  // The hook's secret is checked like every secret, but only when a hook is configured: it has no default either.
  if (parsed.success && parsed.data.CONTENT_HOOK_URL !== undefined) {
    const problem = secretProblem(parsed.data.CONTENT_HOOK_SECRET);
    if (problem) lines.push(`  CONTENT_HOOK_SECRET: ${problem} (CONTENT_HOOK_URL is set)`);
  } else if (parsed.success && parsed.data.CONTENT_HOOK_SECRET !== undefined) {
    lines.push('  CONTENT_HOOK_URL: is not set (CONTENT_HOOK_SECRET is)');
  }
  if (production && parsed.success && parsed.data.SEED_DEMO === '1') {
    lines.push('  SEED_DEMO: must not be 1 with NODE_ENV=production, which never seeds the demo');
  }
  if (!parsed.success || lines.length > 0) {
    throw new Error(`Invalid back-office configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const consoleUrl = e.CONSOLE_URL ?? `http://127.0.0.1:${e.BACKOFFICE_PORT}/admin`;
  return {
    port: e.BACKOFFICE_PORT,
    host: e.BACKOFFICE_HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    apiKey: secrets.BACKOFFICE_API_KEY,
    previewToken: secrets.PREVIEW_TOKEN as string,
    basketSecret: (secrets.BACKOFFICE_API_KEY ?? secrets.PREVIEW_TOKEN) as string,
    consoleUrl,
    consoleOrigin: new URL(consoleUrl).origin,
    consoleAllowedIps: e.CONSOLE_ALLOWED_IPS,
    staffLoginLimitPerAddress: e.STAFF_LOGIN_LIMIT_PER_ADDRESS,
    siteHosts: e.SITE_HOSTS,
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    loginLimitPerVisitor: e.LOGIN_LIMIT_PER_VISITOR,
    seedScale: e.SEED_SCALE,
    production,
    seedDemo: !production && e.SEED_DEMO !== '0',
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM,
      staffTo: {
        contact: e.MAIL_STAFF_TO_CONTACT ?? e.MAIL_STAFF_TO,
        'construction-starts': e.MAIL_STAFF_TO_CONSTRUCTION_STARTS ?? e.MAIL_STAFF_TO,
        application: e.MAIL_STAFF_TO_APPLICATION ?? e.MAIL_STAFF_TO,
        'training-registration': e.MAIL_STAFF_TO_TRAINING_REGISTRATION ?? e.MAIL_STAFF_TO,
      },
      ordersTo: e.MAIL_STAFF_TO_ORDERS ?? e.MAIL_STAFF_TO,
      tradeTo: e.MAIL_STAFF_TO_TRADE ?? e.MAIL_STAFF_TO,
      consoleUrl,
      siteUrl: e.SITE_URL,
    },
    botCheck: {
      altchaHmacKey: secrets.ALTCHA_HMAC_KEY as string,
      recaptcha:
        e.RECAPTCHA_SITE_KEY !== undefined || e.RECAPTCHA_SECRET !== undefined
          ? {
              siteKey: e.RECAPTCHA_SITE_KEY,
              secret: e.RECAPTCHA_SECRET,
              version: e.RECAPTCHA_VERSION,
              scriptUrl: e.RECAPTCHA_SCRIPT_URL,
              verifyUrl: e.RECAPTCHA_VERIFY_URL,
              minScore: e.RECAPTCHA_MIN_SCORE,
            }
          : undefined,
    },
    payment: {
      provider: e.PAYMENT_PROVIDER,
      webhookSecret: secrets.PAYMENT_WEBHOOK_SECRET as string,
      reconcileAfterSeconds: e.PAYMENT_RECONCILE_AFTER_SECONDS,
      reconcileEverySeconds: e.PAYMENT_RECONCILE_EVERY_SECONDS,
    },
    company: {
      name: e.COMPANY_NAME,
      address: e.COMPANY_ADDRESS,
      number: e.COMPANY_NUMBER,
      vatNumber: e.COMPANY_VAT_NUMBER,
    },
    contentHook:
      e.CONTENT_HOOK_URL !== undefined && e.CONTENT_HOOK_SECRET !== undefined
        ? { url: e.CONTENT_HOOK_URL, secret: e.CONTENT_HOOK_SECRET }
        : undefined,
    scheduleCheckSeconds: e.SCHEDULE_CHECK_SECONDS,
    generatedSecrets,
  };
}

/** Configuration for tests: defaults, no environment (so random secrets unless the test sets them). */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return { ...loadConfig({}), logLevel: 'silent', ...overrides };
}
