/** Environment validation: defaults, secrets, proxy trust, and messages that name each bad variable. */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { expect, test } from 'vitest';
import { loadConfig } from '../src/config.ts';

const KEY = 'k'.repeat(32);
const TOKEN = 't'.repeat(40);
const ALTCHA = 'a'.repeat(43);
const WEBHOOK = 'w'.repeat(43);

test('defaults when the environment is empty; missing secrets get random values outside production', () => {
  const config = loadConfig({});
  expect(config).toMatchObject({
    port: 4000,
    host: '127.0.0.1',
    databaseUrl: undefined,
    siteHosts: [],
    trustProxy: false,
    generatedSecrets: ['BACKOFFICE_API_KEY', 'PREVIEW_TOKEN', 'ALTCHA_HMAC_KEY', 'PAYMENT_WEBHOOK_SECRET'],
  });
  expect(config.apiKey).toMatch(/^[\w-]{43}$/);
  expect(config.botCheck.altchaHmacKey).toMatch(/^[\w-]{43}$/);
  expect(config.payment).toEqual({
    provider: 'fake',
    webhookSecret: expect.stringMatching(/^[\w-]{43}$/),
    reconcileAfterSeconds: 300,
    reconcileEverySeconds: 60,
  });
  expect(loadConfig({}).apiKey).not.toBe(config.apiKey);
});

test('secrets that are set are used as they are', () => {
  const config = loadConfig({
    BACKOFFICE_API_KEY: KEY,
    PREVIEW_TOKEN: TOKEN,
    ALTCHA_HMAC_KEY: ALTCHA,
    PAYMENT_WEBHOOK_SECRET: WEBHOOK,
    NODE_ENV: 'production',
  });
  expect(config).toMatchObject({ apiKey: KEY, previewToken: TOKEN, generatedSecrets: [] });
  expect(config.botCheck.altchaHmacKey).toBe(ALTCHA);
  expect(config.payment.webhookSecret).toBe(WEBHOOK);
});

test('production refuses a missing ALTCHA key or webhook secret; any mode refuses a weak one', () => {
  const env = { NODE_ENV: 'production', BACKOFFICE_API_KEY: KEY, PREVIEW_TOKEN: TOKEN };
  expect(() => loadConfig(env)).toThrow('ALTCHA_HMAC_KEY: is not set');
  expect(() => loadConfig({ ...env, ALTCHA_HMAC_KEY: ALTCHA })).toThrow('PAYMENT_WEBHOOK_SECRET: is not set');
  expect(() => loadConfig({ PAYMENT_WEBHOOK_SECRET: 'short' })).toThrow(
    'PAYMENT_WEBHOOK_SECRET: must be at least 32 characters',
  );
  expect(() => loadConfig({ PAYMENT_PROVIDER: 'stripe' })).toThrow('PAYMENT_PROVIDER');
  expect(() => loadConfig({ ALTCHA_HMAC_KEY: 'short' })).toThrow(
    'ALTCHA_HMAC_KEY: must be at least 32 characters',
  );
});

test('the schedule job: its pace in whole seconds (30 by default), refused otherwise', () => {
  expect(loadConfig({}).scheduleCheckSeconds).toBe(30);
  expect(loadConfig({ SCHEDULE_CHECK_SECONDS: '2' }).scheduleCheckSeconds).toBe(2);
  for (const value of ['0', '1.5', 'often', '3601']) {
    expect(() => loadConfig({ SCHEDULE_CHECK_SECONDS: value }), value).toThrow(
      'SCHEDULE_CHECK_SECONDS: must be a whole number of seconds from 1 to 3600',
    );
  }
});

test('payment reconciliation: its age and pace in whole seconds, refused otherwise', () => {
  expect(
    loadConfig({ PAYMENT_RECONCILE_AFTER_SECONDS: '5', PAYMENT_RECONCILE_EVERY_SECONDS: '1' }).payment,
  ).toMatchObject({ reconcileAfterSeconds: 5, reconcileEverySeconds: 1 });
  for (const value of ['0', '-5', '1.5', 'soon', '86401']) {
    expect(() => loadConfig({ PAYMENT_RECONCILE_AFTER_SECONDS: value }), value).toThrow(
      'PAYMENT_RECONCILE_AFTER_SECONDS: must be a whole number of seconds from 1 to 86400',
    );
  }
  expect(() => loadConfig({ PAYMENT_RECONCILE_EVERY_SECONDS: '3601' })).toThrow(
    'PAYMENT_RECONCILE_EVERY_SECONDS: must be a whole number of seconds from 1 to 3600',
  );
});

test("the company on accounting documents: the demo's by default, UK VAT and company number formats checked", () => {
  expect(loadConfig({}).company).toEqual({
    name: 'Plasterwick Ltd',
    address: ['Ribbleside Works', 'Preston', 'Lancashire', 'United Kingdom'],
    number: '00000000',
    vatNumber: 'GB123456789',
  });
  expect(
    loadConfig({
      COMPANY_NAME: 'Wallfix Ltd',
      COMPANY_ADDRESS: ' 1 Mill Lane ,, Leeds, LS1 1AA ',
      COMPANY_NUMBER: 'sc 123456',
      COMPANY_VAT_NUMBER: 'gb 123 4567 89 012',
    }).company,
  ).toEqual({
    name: 'Wallfix Ltd',
    address: ['1 Mill Lane', 'Leeds', 'LS1 1AA'],
    number: 'SC123456',
    vatNumber: 'GB123456789012',
  });
  for (const value of ['123456789', 'GB12345678', 'GB1234567890', 'FR12345678901', 'GB12345678A']) {
    expect(() => loadConfig({ COMPANY_VAT_NUMBER: value }), value).toThrow(
      'COMPANY_VAT_NUMBER: must be a UK VAT number',
    );
  }
  expect(() => loadConfig({ COMPANY_NUMBER: '1234567' })).toThrow(
    'COMPANY_NUMBER: must be a Companies House',
  );
  expect(() => loadConfig({ COMPANY_ADDRESS: 'Preston' })).toThrow('COMPANY_ADDRESS: must be at least two');
});

test('the bot check: ALTCHA by default, reCAPTCHA v3 once its site key or secret is set', () => {
  expect(loadConfig({}).botCheck.recaptcha).toBeUndefined();
  expect(loadConfig({ RECAPTCHA_SITE_KEY: '', RECAPTCHA_SECRET: '' }).botCheck.recaptcha).toBeUndefined();
  expect(loadConfig({ RECAPTCHA_SECRET: 'secret' }).botCheck.recaptcha).toEqual({
    siteKey: undefined,
    secret: 'secret',
    version: '3',
    scriptUrl: 'https://www.google.com/recaptcha/api.js',
    verifyUrl: 'https://www.google.com/recaptcha/api/siteverify',
    minScore: 0.5,
  });
  expect(
    loadConfig({
      RECAPTCHA_SITE_KEY: 'site',
      RECAPTCHA_VERSION: '2',
      RECAPTCHA_SCRIPT_URL: 'http://127.0.0.1:9/api.js',
      RECAPTCHA_MIN_SCORE: '0.7',
    }).botCheck.recaptcha,
  ).toMatchObject({ siteKey: 'site', secret: undefined, version: '2', minScore: 0.7 });
  expect(() => loadConfig({ RECAPTCHA_MIN_SCORE: '2' })).toThrow('RECAPTCHA_MIN_SCORE');
  expect(() => loadConfig({ RECAPTCHA_VERIFY_URL: 'ftp://x' })).toThrow('RECAPTCHA_VERIFY_URL');
});

test.each([
  ['the old default', 'dev-backoffice-api-key', 'is a published default value'],
  ['short', 'x'.repeat(31), 'must be at least 32 characters'],
])('production refuses a %s API key, naming the variable', (_case, value, reason) => {
  expect(() =>
    loadConfig({ NODE_ENV: 'production', PREVIEW_TOKEN: TOKEN, BACKOFFICE_API_KEY: value }),
  ).toThrow(`BACKOFFICE_API_KEY: ${reason}`);
});

test('the login limit per visitor: 20 by default, raised for places where many share one address', () => {
  expect(loadConfig({}).loginLimitPerVisitor).toBe(20);
  expect(loadConfig({ LOGIN_LIMIT_PER_VISITOR: '500' }).loginLimitPerVisitor).toBe(500);
  expect(() => loadConfig({ LOGIN_LIMIT_PER_VISITOR: '0' })).toThrow('LOGIN_LIMIT_PER_VISITOR');
  expect(() => loadConfig({ LOGIN_LIMIT_PER_VISITOR: 'lots' })).toThrow('LOGIN_LIMIT_PER_VISITOR');
});

test('production refuses a missing preview token; any mode refuses weak values that are set', () => {
  expect(() => loadConfig({ NODE_ENV: 'production', BACKOFFICE_API_KEY: KEY })).toThrow(
    'PREVIEW_TOKEN: is not set',
  );
  expect(() => loadConfig({ PREVIEW_TOKEN: 'dev-preview-token' })).toThrow(
    'PREVIEW_TOKEN: is a published default value',
  );
});

test('parses hosts, proxy trust and an empty DATABASE_URL', () => {
  const config = loadConfig({
    SITE_HOSTS: ' Shop.Example , ,www.shop.example',
    TRUST_PROXY: '127.0.0.1, 10.0.0.0/8',
    DATABASE_URL: '',
  });
  expect(config.siteHosts).toEqual(['shop.example', 'www.shop.example']);
  expect(config.trustProxy).toEqual(['127.0.0.1', '10.0.0.0/8']);
  expect(config.databaseUrl).toBeUndefined();
  expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
  expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
});

test('one error lists every invalid variable with its reason', () => {
  let message = '';
  try {
    loadConfig({
      BACKOFFICE_PORT: '70000',
      DATABASE_URL: 'mysql://nope',
      BACKOFFICE_API_KEY: 'short',
      PREVIEW_TOKEN: 'tiny',
      TRUST_PROXY: 'localhost',
      LOG_LEVEL: 'loud',
    });
  } catch (error) {
    message = (error as Error).message;
  }
  expect(message).toMatch(/^Invalid back-office configuration:/);
  expect(message).toContain('BACKOFFICE_PORT');
  expect(message).toContain('DATABASE_URL: must be a postgres:// connection URL');
  expect(message).toContain('BACKOFFICE_API_KEY: must be at least 32 characters');
  expect(message).toContain('PREVIEW_TOKEN: must be at least 32 characters');
  expect(message).toContain('TRUST_PROXY: must be false, true, a number of proxy hops');
  expect(message).toContain('LOG_LEVEL');
});

test(
  'a production back-office started on its own exits non-zero, naming the bad secret',
  { timeout: 130_000 },
  () => {
    const server = path.resolve(import.meta.dirname, '../src/server.ts');
    const start = (env: Record<string, string>) =>
      spawnSync(process.execPath, [server], {
        env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', BACKOFFICE_PORT: '1', ...env },
        encoding: 'utf8',
        // Generous: on a loaded machine even a start that stops at the configuration takes seconds.
        timeout: 60_000,
      });
    const missing = start({
      BACKOFFICE_API_KEY: KEY,
      ALTCHA_HMAC_KEY: ALTCHA,
      PAYMENT_WEBHOOK_SECRET: WEBHOOK,
    });
    expect(missing.status).toBe(1);
    expect(missing.stderr).toContain('PREVIEW_TOKEN: is not set');
    const oldDefault = start({
      BACKOFFICE_API_KEY: KEY,
      PREVIEW_TOKEN: 'dev-preview-token',
      ALTCHA_HMAC_KEY: ALTCHA,
      PAYMENT_WEBHOOK_SECRET: WEBHOOK,
    });
    expect(oldDefault.status).toBe(1);
    expect(oldDefault.stderr).toContain('PREVIEW_TOKEN: is a published default value');
  },
);

test('SEED_SCALE: 1 by default, a whole number from 1 to 200 else refused by name', () => {
  expect(loadConfig({}).seedScale).toBe(1);
  expect(loadConfig({ SEED_SCALE: '' }).seedScale).toBe(1);
  expect(loadConfig({ SEED_SCALE: '50' }).seedScale).toBe(50);
  for (const bad of ['0', '201', '2.5', 'fifty', '-3']) {
    expect(() => loadConfig({ SEED_SCALE: bad })).toThrow('SEED_SCALE: must be a whole number from 1 to 200');
  }
});

test('SEED_DEMO: the demo seeds an empty database outside production unless 0; production never, and refuses 1', () => {
  const production = {
    NODE_ENV: 'production',
    BACKOFFICE_API_KEY: KEY,
    PREVIEW_TOKEN: TOKEN,
    ALTCHA_HMAC_KEY: ALTCHA,
    PAYMENT_WEBHOOK_SECRET: WEBHOOK,
  };
  expect(loadConfig({}).seedDemo).toBe(true);
  expect(loadConfig({ SEED_DEMO: '' }).seedDemo).toBe(true);
  expect(loadConfig({ SEED_DEMO: '1' }).seedDemo).toBe(true);
  expect(loadConfig({ SEED_DEMO: '0' }).seedDemo).toBe(false);
  expect(loadConfig(production)).toMatchObject({ production: true, seedDemo: false });
  expect(() => loadConfig({ ...production, SEED_DEMO: '1' })).toThrow(
    'SEED_DEMO: must not be 1 with NODE_ENV=production',
  );
  expect(() => loadConfig({ SEED_DEMO: 'yes' })).toThrow('SEED_DEMO: must be 0 or 1');
});

test('production may run without BACKOFFICE_API_KEY: then there is no key, and baskets use the preview token', () => {
  const env = {
    NODE_ENV: 'production',
    PREVIEW_TOKEN: TOKEN,
    ALTCHA_HMAC_KEY: ALTCHA,
    PAYMENT_WEBHOOK_SECRET: WEBHOOK,
  };
  const config = loadConfig(env);
  expect(loadConfig({ ...env, BACKOFFICE_API_KEY: '' }).apiKey).toBeUndefined();
  expect(config.apiKey).toBeUndefined();
  expect(config.basketSecret).toBe(TOKEN);
  expect(config.generatedSecrets).toEqual([]);
  expect(loadConfig({ BACKOFFICE_API_KEY: KEY }).basketSecret).toBe(KEY);
  expect(() => loadConfig({ NODE_ENV: 'production', BACKOFFICE_API_KEY: 'short' })).toThrow(
    'BACKOFFICE_API_KEY: must be at least 32 characters',
  );
});

test('the console: CONSOLE_URL (default the back-office port, /admin), its origin, allowed addresses, the limit', () => {
  expect(loadConfig({ BACKOFFICE_PORT: '4440' })).toMatchObject({
    consoleUrl: 'http://127.0.0.1:4440/admin',
    consoleOrigin: 'http://127.0.0.1:4440',
    consoleAllowedIps: [],
    staffLoginLimitPerAddress: 20,
  });
  expect(
    loadConfig({
      CONSOLE_URL: 'https://console.example.co.uk:8443/admin/',
      CONSOLE_ALLOWED_IPS: '10.0.0.0/8, 192.168.1.20,::1',
      STAFF_LOGIN_LIMIT_PER_ADDRESS: '500',
    }),
  ).toMatchObject({
    consoleUrl: 'https://console.example.co.uk:8443/admin',
    consoleOrigin: 'https://console.example.co.uk:8443',
    consoleAllowedIps: ['10.0.0.0/8', '192.168.1.20', '::1'],
    staffLoginLimitPerAddress: 500,
  });
  expect(() => loadConfig({ CONSOLE_URL: 'ftp://console' })).toThrow('CONSOLE_URL');
  expect(() => loadConfig({ CONSOLE_ALLOWED_IPS: '10.0.0.0/33' })).toThrow(
    '10.0.0.0/33 is not an IP address',
  );
  expect(() => loadConfig({ CONSOLE_ALLOWED_IPS: 'office' })).toThrow('CONSOLE_ALLOWED_IPS');
});
