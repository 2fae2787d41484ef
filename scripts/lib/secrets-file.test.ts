import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SECRET_VARIABLES } from '@plasterwick/shop-rules/secrets';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resolveSecrets, SECRETS_FILE, staffApiKey } from './secrets-file.ts';

let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'secrets-'));
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

const strong = 's'.repeat(40);

describe('the launcher secrets', () => {
  it('generates every unset secret into DATA_DIR/secrets.json, mode 0600, and reuses them next time', () => {
    const first = resolveSecrets({}, dataDir);
    const file = path.join(dataDir, SECRETS_FILE);
    expect(first.file).toBe(file);
    expect(first.generated).toEqual([
      'BACKOFFICE_API_KEY',
      'PREVIEW_TOKEN',
      'ALTCHA_HMAC_KEY',
      'PAYMENT_WEBHOOK_SECRET',
    ]);
    expect(first.values.BACKOFFICE_API_KEY).toMatch(/^[\w-]{43}$/);
    expect(first.values.PREVIEW_TOKEN).not.toBe(first.values.BACKOFFICE_API_KEY);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(first.values);

    const second = resolveSecrets({}, dataDir);
    expect(second.values).toEqual(first.values);
    expect(second.generated).toEqual([]);
  });

  it('uses values the user set and writes only the others', () => {
    const resolved = resolveSecrets({ BACKOFFICE_API_KEY: strong }, dataDir);
    expect(resolved.values.BACKOFFICE_API_KEY).toBe(strong);
    expect(resolved.generated).toEqual(['PREVIEW_TOKEN', 'ALTCHA_HMAC_KEY', 'PAYMENT_WEBHOOK_SECRET']);
    expect(Object.keys(JSON.parse(readFileSync(resolved.file!, 'utf8')))).toEqual([
      'PREVIEW_TOKEN',
      'ALTCHA_HMAC_KEY',
      'PAYMENT_WEBHOOK_SECRET',
    ]);
  });

  it('writes nothing when every secret is set', () => {
    const all = Object.fromEntries(SECRET_VARIABLES.map((name) => [name, strong]));
    const resolved = resolveSecrets(all, dataDir);
    expect(resolved.file).toBeUndefined();
    expect(() => statSync(path.join(dataDir, SECRETS_FILE))).toThrow();
  });

  it.each([
    ['dev-backoffice-api-key', 'BACKOFFICE_API_KEY: is a published default value'],
    ['too-short', 'BACKOFFICE_API_KEY: must be at least 32 characters'],
  ])('refuses a weak value the user set (%s), naming the variable', (value, message) => {
    expect(() => resolveSecrets({ BACKOFFICE_API_KEY: value }, dataDir)).toThrow(message);
  });

  it('refuses a secrets file with a weak value or that is not JSON, rather than replacing it', () => {
    const file = path.join(dataDir, SECRETS_FILE);
    writeFileSync(file, JSON.stringify({ PREVIEW_TOKEN: 'dev-preview-token' }));
    expect(() => resolveSecrets({}, dataDir)).toThrow(
      `PREVIEW_TOKEN in ${file}: is a published default value`,
    );
    writeFileSync(file, 'not json');
    expect(() => resolveSecrets({}, dataDir)).toThrow('is not a JSON object of secrets');
  });
});

describe('npm start', () => {
  it.each([
    ['BACKOFFICE_API_KEY', 'dev-backoffice-api-key', 'is a published default value'],
    ['PREVIEW_TOKEN', 'short', 'must be at least 32 characters'],
  ])('exits non-zero when %s is set to a weak value, naming it', (name, value, reason) => {
    const started = spawnSync(process.execPath, [path.resolve(import.meta.dirname, '../start.ts')], {
      env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, [name]: value },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(started.status).toBe(1);
    expect(started.stderr).toContain(`${name}: ${reason}`);
  });
});

describe('staffApiKey', () => {
  it('is BACKOFFICE_API_KEY when set, else the one npm start keeps, else none', () => {
    expect(staffApiKey({}, dataDir)).toBeUndefined();
    const { values } = resolveSecrets({}, dataDir);
    expect(staffApiKey({}, dataDir)).toBe(values.BACKOFFICE_API_KEY);
    expect(staffApiKey({ BACKOFFICE_API_KEY: strong }, dataDir)).toBe(strong);
  });
});
