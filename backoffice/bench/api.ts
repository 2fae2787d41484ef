/**
 * API benchmark: boots the back-office on a freshly seeded database (in-memory PGlite, or a new database on the
 * server named by DATABASE_URL), listens on an ephemeral port and runs autocannon against the product list,
 * a product detail and the suggest search. Prints requests/s and latency percentiles per endpoint.
 *
 *   npm run bench -w backoffice                 # PGlite
 *   DATABASE_URL=postgres://… npm run bench -w backoffice
 *   BENCH_SECONDS=5 BENCH_CONNECTIONS=20 …      # shorter or lighter runs
 */
import { availableParallelism, loadavg } from 'node:os';
import autocannon from 'autocannon';
import { z } from 'zod';
import { createTestApp, q, PRO_PLAN } from '../tests/helpers.ts';

const env = z
  .object({
    BENCH_SECONDS: z.coerce.number().int().min(1).max(600).default(10),
    BENCH_CONNECTIONS: z.coerce.number().int().min(1).max(1000).default(50),
  })
  .parse(process.env);

const endpoints = [
  { name: 'product list', path: `/api/v1/product?${q({ saleplan_id: PRO_PLAN, perPage: 12, page: 1 })}` },
  {
    name: 'product detail',
    path: `/api/v1/product/plasterboard-finishing-solutions?${q({ saleplan_id: PRO_PLAN })}`,
  },
  {
    name: 'suggest',
    path: `/api/v1/search?${q({ saleplan_id: PRO_PLAN, type: 'Suggest', text: 'filler' })}`,
  },
];

const started = Date.now();
const target = await createTestApp();
const kind = target.database.kind;
console.log(`seeded ${kind} in ${Date.now() - started} ms`);

const address = await target.app.listen({ port: 0, host: '127.0.0.1' });
const rows: Record<string, string | number>[] = [];
try {
  for (const endpoint of endpoints) {
    const url = address + endpoint.path;
    // One request first: the benchmark measures the steady state (cached reads), not the first load.
    const warm = await fetch(url);
    if (!warm.ok) throw new Error(`${endpoint.name} answered ${warm.status}: ${await warm.text()}`);
    const result = await autocannon({ url, connections: env.BENCH_CONNECTIONS, duration: env.BENCH_SECONDS });
    rows.push({
      endpoint: endpoint.name,
      'req/s': Math.round(result.requests.average),
      'p50 ms': result.latency.p50,
      'p99 ms': result.latency.p99,
      'max ms': result.latency.max,
      requests: result.requests.total,
      'non-2xx': result.non2xx,
      errors: result.errors,
    });
  }
} finally {
  await target.close();
}

// Latency depends on what else the machine runs: print the load next to the figures.
const [load1] = loadavg();
console.log(
  `\n${kind}, ${env.BENCH_CONNECTIONS} connections, ${env.BENCH_SECONDS} s per endpoint, Node ${process.version}, ` +
    `${availableParallelism()} cores, load average ${load1!.toFixed(1)}`,
);
console.table(rows);
