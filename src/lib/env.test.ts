import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadEnv, repoRoot, STOREFRONT_VARIABLES } from './env.ts';

const SITE = {
  id: 3,
  code: 'uk',
  label: 'United Kingdom',
  url: 'https://www.plasterwick.co.uk',
  languages: [{ code: 'en', label: 'English' }],
  plans: [
    { id: 1, audience: 'pro', label: 'Trade', currencyCode: 'GBP', currencySymbol: '£', vatRate: 20 },
    { id: 2, audience: 'part', label: 'DIY', currencyCode: 'GBP', currencySymbol: '£', vatRate: 20 },
  ],
};

/** The message loadEnv gives for one variable. */
function problem(env: NodeJS.ProcessEnv): string {
  try {
    loadEnv(env);
  } catch (error) {
    return (error as Error).message;
  }
  return '';
}

describe('the storefront environment', () => {
  it('has a default for everything', () => {
    const env = loadEnv({});
    expect(env).toMatchObject({
      PORT: 4321,
      BACKOFFICE_URL: 'http://127.0.0.1:4000',
      SITE_URL: 'http://localhost:4321',
      SITE_HOSTS: [],
      TRUST_PROXY: false,
      BUILD_ALLOW_SHRINK: false,
      ASTRO_OUT_DIR: path.join(repoRoot, 'dist'),
      ASTRO_CACHE_DIR: path.join(repoRoot, 'node_modules/.astro'),
      BUILDS_DIR: path.join(repoRoot, 'dist/builds'),
      DATA_DIR: path.join(repoRoot, 'data'),
      PUBLIC_MAP_TILE_URL: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      CONTENT_CHECK_SECONDS: 60,
      RECAPTCHA_SECRET: false,
      RECAPTCHA_SCRIPT_URL: 'https://www.google.com/recaptcha/api.js',
    });
    expect(env.RECAPTCHA_SITE_KEY).toBeUndefined();
    expect(env.BUILD_SITE).toBeUndefined();
    expect(env.BACKOFFICE_PORT).toBeUndefined();
    expect(env.PUBLIC_MAP_TILE_ATTRIBUTION).toContain('OpenStreetMap');
    // An empty value is the default, as with `VAR=` in a shell.
    expect(
      loadEnv({ CONTENT_CHECK_SECONDS: '', BACKOFFICE_PORT: '', PUBLIC_MAP_TILE_URL: '' }),
    ).toMatchObject({
      CONTENT_CHECK_SECONDS: 60,
      BACKOFFICE_PORT: undefined,
      PUBLIC_MAP_TILE_URL: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
    });
  });

  it('reads the values it is given', () => {
    const env = loadEnv({
      SITE_HOSTS: ' Shop.Example.co.uk , localhost,,127.0.0.1',
      BUILD_ALLOW_SHRINK: '1',
      BUILD_SITE: JSON.stringify(SITE),
      ASTRO_OUT_DIR: '/tmp/out',
      PUBLIC_MAP_TILE_URL: 'https://{s}.tiles.example/{z}/{x}/{y}.png',
      CONTENT_CHECK_SECONDS: '30',
      BACKOFFICE_PORT: '4100',
      RECAPTCHA_SITE_KEY: 'site-key',
      RECAPTCHA_SECRET: 'the-secret',
      RECAPTCHA_SCRIPT_URL: 'http://127.0.0.1:9/recaptcha/api.js',
    });
    expect(env).toMatchObject({
      RECAPTCHA_SITE_KEY: 'site-key',
      // Only whether the secret is set: the storefront never keeps its value.
      RECAPTCHA_SECRET: true,
      RECAPTCHA_SCRIPT_URL: 'http://127.0.0.1:9/recaptcha/api.js',
      SITE_HOSTS: ['shop.example.co.uk', 'localhost', '127.0.0.1'],
      BUILD_ALLOW_SHRINK: true,
      BUILD_SITE: SITE,
      ASTRO_OUT_DIR: '/tmp/out',
      PUBLIC_MAP_TILE_URL: 'https://{s}.tiles.example/{z}/{x}/{y}.png',
      CONTENT_CHECK_SECONDS: 30,
      BACKOFFICE_PORT: 4100,
    });
  });

  it.each([
    ['SITE_HOSTS', 'shop.example:8443', 'host names without scheme or port'],
    ['SITE_HOSTS', 'https://shop.example', 'host names without scheme or port'],
    ['BUILD_ALLOW_SHRINK', 'yes', 'must be 1 (accept a catalogue that shrank by half or more) or 0'],
    ['BUILD_SITE', '{"id":3}', 'must be the JSON of a site as scripts/build.ts hands it to astro build'],
    ['BUILD_SITE', 'not json', 'must be the JSON of a site'],
    ['PUBLIC_MAP_TILE_URL', 'https://tiles.example/tile.png', 'tile URL template with {z}, {x} and {y}'],
    ['PUBLIC_MAP_TILE_URL', 'ftp://tiles.example/{z}/{x}/{y}.png', 'tile URL template'],
    ['CONTENT_CHECK_SECONDS', '2', 'must be a number of seconds, at least 5'],
    ['CONTENT_CHECK_SECONDS', 'soon', 'must be a number of seconds, at least 5'],
    ['BACKOFFICE_PORT', '70000', 'must be a port number (1–65535)'],
    ['PORT', 'http', 'must be a port number (1–65535)'],
    ['LOG_LEVEL', 'loud', 'must be one of fatal, error, warn, info, debug, trace, silent'],
    ['SITE_URL', 'localhost:4321', 'must be an http(s) origin'],
    ['RECAPTCHA_SCRIPT_URL', 'www.google.com/recaptcha/api.js', 'must be an http(s) URL'],
  ])('refuses %s=%s with a message naming it', (name, value, message) => {
    const text = problem({ [name]: value });
    expect(text).toContain('Invalid storefront configuration');
    expect(text).toContain(`${name}: `);
    expect(text).toContain(message);
  });

  it('lists every invalid variable at once', () => {
    const text = problem({ PORT: '0', SITE_HOSTS: 'a:1', BUILD_ALLOW_SHRINK: 'maybe' });
    expect(text.split('\n').filter((line) => line.startsWith('  '))).toHaveLength(3);
  });

  it("has each of its variables in the README's configuration table", () => {
    const readme = readFileSync(path.join(repoRoot, 'README.md'), 'utf8');
    const table = new Set([...readme.matchAll(/^\| `([A-Z0-9_]+)`/gm)].map((match) => match[1]));
    expect(STOREFRONT_VARIABLES.filter((name) => !table.has(name))).toEqual([]);
  });
});
