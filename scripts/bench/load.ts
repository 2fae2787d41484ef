/**
 * One autocannon run (loopback HTTP load) for `npm run bench`: a fixed URL, or a new path per request; counts the
 * answer-cache outcomes the server reports (`x-cache`), so the run says how many answers came from the cache.
 */
import { createRequire } from 'node:module';

interface AutocannonRequest {
  path?: string;
  headers?: Record<string, string>;
  setupRequest?: (request: AutocannonRequest) => AutocannonRequest;
  onResponse?: (status: number, body: string, context: object, headers: Record<string, string>) => void;
}
interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  throughput: { average: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}
type Autocannon = (options: {
  url: string;
  connections: number;
  duration: number;
  headers?: Record<string, string>;
  requests?: AutocannonRequest[];
}) => Promise<AutocannonResult>;
// autocannon ships no type declarations; this is the slice of its API used here.
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

export interface LoadResult {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  total: number;
  /** Answers that were not 2xx, plus connection errors and timeouts. */
  failures: number;
  /** `x-cache` values seen: hit, miss, bypass (absent on static pages). */
  cache: Record<string, number>;
}

export async function load(options: {
  origin: string;
  /** A fixed path, or one made per request. */
  path: string | (() => string);
  connections: number;
  seconds: number;
  headers?: Record<string, string>;
}): Promise<LoadResult> {
  const cache: Record<string, number> = {};
  const nextPath = typeof options.path === 'string' ? () => options.path as string : options.path;
  const result = await autocannon({
    url: options.origin,
    connections: options.connections,
    duration: options.seconds,
    headers: options.headers,
    requests: [
      {
        setupRequest: (request) => ({ ...request, path: nextPath() }),
        onResponse: (_status, _body, _context, headers) => {
          const outcome = headers['x-cache'];
          if (outcome) cache[outcome] = (cache[outcome] ?? 0) + 1;
        },
      },
    ],
  });
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
    failures: result.non2xx + result.errors + result.timeouts,
    cache,
  };
}

/** The share of answers that came from the answer cache, as text (`0.0 %`), or `n/a` when none said. */
export function hitRate(result: LoadResult): string {
  const counted = Object.values(result.cache).reduce((sum, count) => sum + count, 0);
  if (counted === 0) return 'n/a';
  return `${(((result.cache.hit ?? 0) / counted) * 100).toFixed(1)} %`;
}
