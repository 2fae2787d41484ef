/** Environment validation: defaults, secrets, proxy trust, and messages that name each bad variable. */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { expect, test } from 'vitest';
import { loadConfig } from '../src/config.ts';

const KEY = 'k'.repeat(32);
const TOKEN = 't'.repeat(40);

test('defaults when the environment is empty; missing secrets get random values outside production', () => {
  const config = loadConfig({});
  expect(config).toMatchObject({
    port: 4000,
    host: '127.0.0.1',
    databaseUrl: undefined,
    siteHosts: [],
    trustProxy: false,
    generatedSecrets: ['BACKOFFICE_API_KEY', 'PREVIEW_TOKEN'],
  });
  expect(config.apiKey).toMatch(/^[\w-]{43}$/);
  expect(loadConfig({}).apiKey).not.toBe(config.apiKey);
});

test('secrets that are set are used as they are', () => {
  const config = loadConfig({ BACKOFFICE_API_KEY: KEY, PREVIEW_TOKEN: TOKEN, NODE_ENV: 'production' });
  expect(config).toMatchObject({ apiKey: KEY, previewToken: TOKEN, generatedSecrets: [] });
});

test.each([
  ['missing', undefined, 'is not set'],
  ['empty', '', 'is not set'],
  ['the old default', 'dev-backoffice-api-key', 'is a published default value'],
  ['short', 'x'.repeat(31), 'must be at least 32 characters'],
])('production refuses a %s API key, naming the variable', (_case, value, reason) => {
  expect(() =>
    loadConfig({ NODE_ENV: 'production', PREVIEW_TOKEN: TOKEN, BACKOFFICE_API_KEY: value }),
  ).toThrow(`BACKOFFICE_API_KEY: ${reason}`);
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

test('a production back-office started on its own exits non-zero, naming the bad secret', () => {
  const server = path.resolve(import.meta.dirname, '../src/server.ts');
  const start = (env: Record<string, string>) =>
    spawnSync(process.execPath, [server], {
      env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', BACKOFFICE_PORT: '1', ...env },
      encoding: 'utf8',
      timeout: 20_000,
    });
  const missing = start({ PREVIEW_TOKEN: TOKEN });
  expect(missing.status).toBe(1);
  expect(missing.stderr).toContain('BACKOFFICE_API_KEY: is not set');
  const oldDefault = start({ BACKOFFICE_API_KEY: KEY, PREVIEW_TOKEN: 'dev-preview-token' });
  expect(oldDefault.status).toBe(1);
  expect(oldDefault.stderr).toContain('PREVIEW_TOKEN: is a published default value');
});
