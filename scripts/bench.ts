/**
 * `npm run bench`: build throughput and static-page serving cost, in one run, on the current build.
 * - pages built per second: from the current build's manifest (Astro's own build time);
 * - req/s of one static page through scripts/server.ts ÷ req/s of a bare node:http server answering the same bytes
 *   from memory (autocannon, loopback only, bounded duration; no compression on either side).
 * Env: BUILDS_DIR, BENCH_PATH (/diy-filler), BENCH_SECONDS (10), BENCH_CONNECTIONS (50), BENCH_PORT (4490).
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { z } from 'zod';
import { currentBuild } from './lib/builds.ts';
import { loadEnv, parseEnvironment, port as portSchema, repoRoot, type StorefrontEnv } from './lib/env.ts';
import { spawnNode, stopChild, waitForHttp, type NodeChild } from './lib/process.ts';
import { LoadedBuild } from './server/builds.ts';

interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
}
type Autocannon = (options: {
  url: string;
  connections: number;
  duration: number;
}) => Promise<AutocannonResult>;
// autocannon ships no type declarations; this is the slice of its API used here.
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

/** The benchmark's own variables (README: "Used by: npm run bench"). */
const benchSchema = z.object({
  BENCH_PATH: z
    .string()
    .default('/diy-filler')
    .refine((value) => value.startsWith('/'), 'must be a path of a static page, such as /diy-filler'),
  BENCH_SECONDS: z.coerce
    .number({ error: 'must be a number of seconds (1–600)' })
    .int('must be a number of seconds (1–600)')
    .min(1, 'must be a number of seconds (1–600)')
    .max(600, 'must be a number of seconds (1–600)')
    .default(10),
  BENCH_CONNECTIONS: z.coerce
    .number({ error: 'must be a number of connections (1–1000)' })
    .int('must be a number of connections (1–1000)')
    .min(1, 'must be a number of connections (1–1000)')
    .max(1000, 'must be a number of connections (1–1000)')
    .default(50),
  BENCH_PORT: portSchema.default(4490),
});

let env: StorefrontEnv;
let bench: z.output<typeof benchSchema>;
try {
  env = loadEnv();
  bench = parseEnvironment(benchSchema, process.env, 'benchmark');
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
const benchPath = bench.BENCH_PATH;
const seconds = bench.BENCH_SECONDS;
const connections = bench.BENCH_CONNECTIONS;
const basePort = bench.BENCH_PORT;

const build = currentBuild(env.BUILDS_DIR);
if (!build) {
  console.error(`no build in ${env.BUILDS_DIR}: run \`npm run build\` first`);
  process.exit(1);
}
const file = new LoadedBuild(build.id, build.dir).staticFile(benchPath);
if (!file) {
  console.error(`${benchPath} is not a static page of build ${build.id} (set BENCH_PATH)`);
  process.exit(1);
}

async function measure(
  label: string,
  script: string,
  args: string[],
  port: number,
  extraEnv: NodeJS.ProcessEnv,
) {
  let run: NodeChild | undefined;
  try {
    run = spawnNode(script, args, {
      label,
      cwd: repoRoot,
      env: { ...process.env, ...extraEnv },
      echo: false,
    });
    const url = `http://127.0.0.1:${port}${benchPath}`;
    await waitForHttp(url, { ok200: true, child: run, timeoutMs: 30_000 });
    await autocannon({ url, connections, duration: 2 }); // warm-up
    const result = await autocannon({ url, connections, duration: seconds });
    if (result.non2xx > 0 || result.errors > 0) {
      throw new Error(`${label}: ${result.non2xx} non-2xx answers and ${result.errors} errors`);
    }
    return result;
  } finally {
    await stopChild(run);
  }
}

console.log(
  `bench: build ${build.id}, ${benchPath} (${file}), ${connections} connections, ${seconds} s each`,
);
const ours = await measure('server', path.join(repoRoot, 'scripts/server.ts'), [], basePort, {
  PORT: String(basePort),
  HOST: '127.0.0.1',
  BUILDS_DIR: env.BUILDS_DIR,
  LOG_LEVEL: 'warn',
});
const plain = await measure(
  'plain',
  path.join(repoRoot, 'scripts/bench/plain-server.ts'),
  [path.join(build.dir, 'client', file), String(basePort + 1)],
  basePort + 1,
  {},
);

const pagesPerSecond = build.manifest.pageCount / (build.manifest.astroMs / 1000);
console.table([
  {
    measure: 'pages built per second',
    value: pagesPerSecond.toFixed(1),
    detail: `${build.manifest.pageCount} pages in ${(build.manifest.astroMs / 1000).toFixed(1)} s (astro build)`,
  },
  {
    measure: 'req/s, our server',
    value: ours.requests.average.toFixed(0),
    detail: `p50 ${ours.latency.p50} ms, p99 ${ours.latency.p99} ms`,
  },
  {
    measure: 'req/s, plain node:http',
    value: plain.requests.average.toFixed(0),
    detail: `p50 ${plain.latency.p50} ms, p99 ${plain.latency.p99} ms`,
  },
  {
    measure: 'our server ÷ plain',
    value: (ours.requests.average / plain.requests.average).toFixed(2),
    detail: 'headers, redirect checks, static lookup, cache headers',
  },
]);
