/**
 * Fuzzes the running shop: every operation of the back-office's OpenAPI document (straight and through the
 * storefront's /api/v1 proxy), every on-demand page and a sample of static pages, with NUL bytes, lone
 * surrogates, overlong UTF-8, malformed escapes, string ids, 2 MB bodies, bogus Content-Encoding,
 * Expect: 100-continue, TRACE and friends. Every answer must be below 500, free of internal text (stack traces,
 * paths, SQL messages), and the storefront's must carry its security headers. Exit code 1 on any failure.
 *
 *   node scripts/fuzz.ts --storefront http://127.0.0.1:4321 --backoffice http://127.0.0.1:4000
 *     [--duration 240] [--requests 6000] [--quick] [--seed 1] [--concurrency 6] [--api-key KEY]
 *
 * --quick: a fixed subset (every operation and route at least once, every protocol case once), under 60 s.
 * --api-key: also fuzz the keyed writes past the key check. They may create records: a throw-away database only.
 * Requests come from 127.0.0.9 (--local-address) so the fuzzer has its own rate-limit buckets; 429 is fine. Those
 * that present a missing or wrong secret come from 127.0.0.10 (--guess-address): the back-office brakes a guesser.
 */
import { parseArgs } from 'node:util';
import { formatReport } from './fuzz/report.ts';
import { DEFAULT_OPTIONS, runFuzz, type FuzzOptions } from './fuzz/run.ts';

function positive(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1) throw new Error(`--${name} must be a positive integer`);
  return number;
}

function origin(name: string, value: string | undefined, fallback: string): string {
  const text = (value ?? fallback).replace(/\/+$/, '');
  if (!/^https?:\/\/[^/]+$/.test(text)) throw new Error(`--${name} must be an origin such as ${fallback}`);
  if (text.startsWith('https:')) throw new Error(`--${name}: the fuzzer speaks plain HTTP only`);
  return text;
}

function parseOptions(argv: string[]): FuzzOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      storefront: { type: 'string' },
      backoffice: { type: 'string' },
      duration: { type: 'string' },
      requests: { type: 'string' },
      quick: { type: 'boolean', default: false },
      seed: { type: 'string' },
      concurrency: { type: 'string' },
      'api-key': { type: 'string' },
      'local-address': { type: 'string' },
      'guess-address': { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(
      'usage: node scripts/fuzz.ts --storefront URL --backoffice URL [--duration 240] [--requests 6000] ' +
        '[--quick] [--seed 1] [--concurrency 6] [--api-key KEY] [--local-address 127.0.0.9] [--guess-address 127.0.0.10]',
    );
    process.exit(0);
  }
  const quick = values.quick;
  return {
    ...DEFAULT_OPTIONS,
    storefront: origin('storefront', values.storefront, 'http://127.0.0.1:4321'),
    backoffice: origin('backoffice', values.backoffice, 'http://127.0.0.1:4000'),
    durationSeconds: positive('duration', values.duration, quick ? 55 : DEFAULT_OPTIONS.durationSeconds),
    maxRequests: positive(
      'requests',
      values.requests,
      quick ? Number.MAX_SAFE_INTEGER : DEFAULT_OPTIONS.maxRequests,
    ),
    quick,
    seed: positive('seed', values.seed, DEFAULT_OPTIONS.seed),
    concurrency: positive('concurrency', values.concurrency, DEFAULT_OPTIONS.concurrency),
    apiKey: values['api-key'],
    localAddress: values['local-address'] ?? DEFAULT_OPTIONS.localAddress,
    guessAddress: values['guess-address'] ?? DEFAULT_OPTIONS.guessAddress,
    log: (line) => console.log(`[fuzz] ${line}`),
  };
}

try {
  const options = parseOptions(process.argv.slice(2));
  const report = await runFuzz(options);
  console.log(formatReport(report));
  process.exitCode = report.failures.length > 0 ? 1 : 0;
} catch (error) {
  console.error(`[fuzz] ${(error as Error).message}`);
  process.exitCode = 2;
}
