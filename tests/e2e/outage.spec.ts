/**
 * The shop while its back-office is down: a second storefront server over the same build, pointed at a port where
 * nothing listens. Static pages keep working; on-demand pages and /api/v1 say 503 with Retry-After, never 500.
 */
import { expect, test } from '@playwright/test';
import { freePort, startExtraServer, type RunningServer } from './support/harness.ts';
import { rawGet } from './support/http.ts';

const http = { tag: '@http' };

test.describe('with the back-office down', () => {
  let server: RunningServer;
  test.beforeAll(async () => {
    // Port 9 (discard) has no listener here: every connection is refused, as during a restart.
    server = await startExtraServer(await freePort(), { BACKOFFICE_URL: 'http://127.0.0.1:9' });
  });
  test.afterAll(() => server.stop());

  test('static pages are still served', http, async () => {
    for (const path of ['/', '/professional-filler/category/fillers', '/diy-filler']) {
      expect((await rawGet(`${server.url}${path}`)).status, path).toBe(200);
    }
  });

  test('on-demand pages answer 503 with Retry-After and say the shop is restarting', http, async () => {
    const results = await rawGet(`${server.url}/professional-filler/results/filler`);
    expect(results.status).toBe(503);
    expect(results.headers['retry-after']).toBe('5');
    expect(results.headers['content-security-policy']).toBeTruthy();
    expect(results.body).toContain('Part of the shop is restarting');
    expect(results.body).not.toMatch(/ECONNREFUSED|127\.0\.0\.1/);
  });

  test('the public API answers 503 with Retry-After and a JSON body', http, async () => {
    const health = await rawGet(`${server.url}/api/v1/health`);
    expect(health.status).toBe(503);
    expect(health.headers['retry-after']).toBe('5');
    expect(JSON.parse(health.body)).toEqual({
      status: 'service_unavailable',
      message: 'The shop is restarting a service: please try again in a few seconds',
    });
  });
});
