/**
 * The back-office serves the staff console at /admin (lib/console.ts; its behaviour with and without a build is
 * unit-tested beside it) to the addresses that may use the console: loopback and CONSOLE_ALLOWED_IPS.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ consoleAllowedIps: ['198.51.100.0/24'] }, { seed: false });
});
afterAll(() => t.close());

/** The console's page, built or saying how to build it: HTML, never cached. */
function expectConsolePage(response: { statusCode: number; headers: Record<string, unknown> }) {
  expect([200, 503]).toContain(response.statusCode);
  expect(response.headers['content-type']).toMatch(/^text\/html/);
  expect(response.headers['cache-control']).toBe('no-store');
}

describe('/admin', () => {
  test('answers this machine and the allowed addresses, deep links included', async () => {
    expectConsolePage(await t.app.inject({ url: '/admin/', remoteAddress: '127.0.0.1' }));
    expectConsolePage(await t.app.inject({ url: '/admin/people/3', remoteAddress: '198.51.100.7' }));
  });

  test('refuses any other address, assets included', async () => {
    for (const url of ['/admin/', '/admin/login', '/admin/assets/index-AbC123.js']) {
      const response = await t.app.inject({ url, remoteAddress: '203.0.113.9' });
      expect(response.statusCode, url).toBe(403);
      expect(response.json()).toMatchObject({ status: 'address_not_allowed' });
    }
  });

  test('is not part of the OpenAPI document', () => {
    const paths = Object.keys((t.app.swagger() as { paths: Record<string, unknown> }).paths);
    expect(paths.filter((path) => path.startsWith('/admin'))).toEqual([]);
  });
});
