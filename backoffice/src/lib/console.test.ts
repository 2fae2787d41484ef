import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { CONSOLE_BUILD_COMMAND, consoleSite } from './console.ts';

let distDir: string;
let app: FastifyInstance;

beforeEach(async () => {
  distDir = path.join(mkdtempSync(path.join(tmpdir(), 'console-site-')), 'dist');
  app = Fastify();
  await app.register(consoleSite, { distDir });
  await app.ready();
});

afterEach(async () => {
  await app.close();
  rmSync(path.dirname(distDir), { recursive: true, force: true });
});

function build() {
  mkdirSync(path.join(distDir, 'assets'), { recursive: true });
  writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><title>console</title>');
  writeFileSync(path.join(distDir, 'assets', 'index-AbC123.js'), 'console.log(1)');
}

describe('before the console is built', () => {
  test('/admin/ and its deep links answer a page saying how to build it, never cached', async () => {
    for (const url of ['/admin/', '/admin/people/3']) {
      const response = await app.inject({ url });
      expect(response.statusCode).toBe(503);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.body).toContain('The staff console is not built yet');
      expect(response.body).toContain(CONSOLE_BUILD_COMMAND);
    }
  });

  test('a build made while the server runs is served at once', async () => {
    expect((await app.inject({ url: '/admin/' })).statusCode).toBe(503);
    build();
    const response = await app.inject({ url: '/admin/' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<title>console</title>');
  });
});

describe('once built', () => {
  beforeEach(build);

  test('/admin moves to /admin/, where the application lives', async () => {
    const response = await app.inject({ url: '/admin' });
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe('/admin/');
  });

  test('deep links answer index.html, not cached, with a policy allowing this origin only', async () => {
    for (const url of ['/admin/', '/admin/login', '/admin/people/3/show', '/admin/setup?token=abc']) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.body).toContain('<title>console</title>');
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers['content-security-policy']).toContain("script-src 'self'");
      expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(response.headers['referrer-policy']).toBe('no-referrer');
    }
  });

  test('hashed assets are cached for a year; an unknown one is a 404, not the page', async () => {
    const asset = await app.inject({ url: '/admin/assets/index-AbC123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-type']).toMatch(/javascript/);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.body).toBe('console.log(1)');

    const missing = await app.inject({ url: '/admin/assets/index-Old999.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).not.toContain('<title>console</title>');
  });

  test('nothing outside dist/assets is reachable through the asset path', async () => {
    const response = await app.inject({ url: '/admin/assets/..%2Findex.html' });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
  });
});
