/**
 * The fuzzer's quick subset against the e2e servers (tagged @http: desktop project only): every OpenAPI operation
 * straight and through the /api/v1 proxy, every on-demand page and the protocol cases, with NUL bytes, lone
 * surrogates, overlong UTF-8, %zz, 2 MB bodies, bogus Content-Encoding, Expect: 100-continue, TRACE… No answer may
 * be a 5xx, leak internal text or miss a security header. It runs the same function as `node scripts/fuzz.ts
 * --quick`, so a failure here reproduces with that command (the report lists a curl line per cause).
 * Run: npx playwright test tests/e2e/fuzz.spec.ts
 */
import { expect, test } from '@playwright/test';
import { formatReport } from '../../scripts/fuzz/report.ts';
import { DEFAULT_OPTIONS, runFuzz } from '../../scripts/fuzz/run.ts';
import { e2e } from './support/harness.ts';

test(
  'the quick fuzz subset gets no 5xx, no internal text and every security header',
  { tag: '@http' },
  async () => {
    test.setTimeout(90_000);
    const report = await runFuzz({
      ...DEFAULT_OPTIONS,
      storefront: e2e.baseURL,
      backoffice: e2e.backofficeURL,
      quick: true,
      durationSeconds: 60,
      maxRequests: Number.MAX_SAFE_INTEGER,
    });
    const summary = formatReport(report);
    await test.info().attach('fuzz-report.txt', { body: summary, contentType: 'text/plain' });
    expect(report.stoppedBy, `the quick subset did not finish in 60 s\n${summary}`).toBe('plan');
    expect(report.failures.length, summary.slice(0, 20_000)).toBe(0);
  },
);
