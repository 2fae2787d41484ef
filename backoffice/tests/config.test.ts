/** Environment validation: defaults, and messages that name each bad variable. */
import { expect, test } from 'vitest';
import { loadConfig } from '../src/config.ts';

test('defaults when the environment is empty', () => {
  const config = loadConfig({});
  expect(config).toMatchObject({
    port: 4000,
    host: '127.0.0.1',
    databaseUrl: undefined,
    siteHosts: [],
    trustProxy: false,
  });
});

test('parses hosts, proxy flag and an empty DATABASE_URL', () => {
  const config = loadConfig({
    SITE_HOSTS: ' Shop.Example , ,www.shop.example',
    TRUST_PROXY: '1',
    DATABASE_URL: '',
  });
  expect(config.siteHosts).toEqual(['shop.example', 'www.shop.example']);
  expect(config.trustProxy).toBe(true);
  expect(config.databaseUrl).toBeUndefined();
});

test('one error lists every invalid variable with its reason', () => {
  let message = '';
  try {
    loadConfig({
      BACKOFFICE_PORT: '70000',
      DATABASE_URL: 'mysql://nope',
      BACKOFFICE_API_KEY: 'short',
      PREVIEW_TOKEN: 'tiny',
      LOG_LEVEL: 'loud',
    });
  } catch (error) {
    message = (error as Error).message;
  }
  expect(message).toMatch(/^Invalid back-office configuration:/);
  expect(message).toContain('BACKOFFICE_PORT');
  expect(message).toContain('DATABASE_URL: must be a postgres:// connection URL');
  expect(message).toContain('BACKOFFICE_API_KEY: must be at least 16 characters');
  expect(message).toContain('PREVIEW_TOKEN: must be at least 8 characters');
  expect(message).toContain('LOG_LEVEL');
});
