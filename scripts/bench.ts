/**
 * `npm run bench`: every serving figure of the shop in one run, with the machine's core count and load.
 *
 *   npm run bench                              # starts `npm start` on a fresh DATA_DIR (seed + build), measures it
 *   SEED_SCALE=50 npm run bench                # the same on the 50× catalogue
 *   BENCH_DATA_DIR=/tmp/shop npm run bench     # reuses that DATA_DIR (seeded and built once)
 *   npm run bench -- --url https://shop.example [--backoffice http://10.0.0.2:4000]
 *                                              # a running shop (change → live needs BACKOFFICE_API_KEY)
 *
 * Figures (autocannon on loopback, BENCH_CONNECTIONS connections, BENCH_SECONDS each, no compression asked unless
 * said, so every page figure compares the same bytes):
 * - a static product page through our server, and the same bytes from a bare node:http server (the ratio);
 * - an on-demand results page asked again and again (popular searches, shared filter links), ÷ static;
 * - results pages each with a term no request asked before (≥ 10,000 terms from product words), ÷ static, with
 *   the answer-cache hit rate the server reported;
 * - the sizes of both pages as sent raw and with brotli;
 * - back-office calls the pages make (list, detail, search, facets), the last two with a new text each time;
 * - pagefind's index size (local builds) and what a first pagefind query downloads in Chromium;
 * - build time and pages per second (the first build of a fresh DATA_DIR has a cold image cache), and content
 *   change → live with the rebuild it causes (warm image cache).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { currentBuild, type BuildManifest } from './lib/builds.ts';
import { parseEnvironment, port as portSchema, repoRoot } from '../src/lib/env.ts';
import { spawnNode, stopChild, waitForHttp, type NodeChild } from './lib/process.ts';
import { hitRate, load, type LoadResult } from './bench/load.ts';
import { measureChangeToLive } from './bench/change-to-live.ts';
import { measurePagefindFirstQuery, pagefindIndexBytes } from './bench/pagefind-first-query.ts';
import { startShop, type RunningShop } from './bench/shop.ts';
import { productWords, searchTerms } from './bench/terms.ts';

const UNIQUE_TERMS = 10_000;

const benchSchema = z.object({
  BENCH_PATH: z
    .string()
    .refine((value) => value.startsWith('/'), 'must be a path of a static page, such as /diy-filler')
    .optional(),
  BENCH_SEARCH: z.string().min(1).default('filler'),
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
  BENCH_DATA_DIR: z.string().min(1).optional(),
});

let bench: z.output<typeof benchSchema>;
let args: { url?: string; backoffice?: string };
try {
  bench = parseEnvironment(benchSchema, process.env, 'benchmark');
  args = parseArgs({
    options: { url: { type: 'string' }, backoffice: { type: 'string' } },
    allowPositionals: false,
  }).values;
  for (const url of [args.url, args.backoffice]) if (url) new URL(url);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
const { BENCH_SECONDS: seconds, BENCH_CONNECTIONS: connections, BENCH_PORT: basePort } = bench;

interface Row {
  measure: string;
  value: string;
  goal?: string;
  detail?: string;
}
const rows: Row[] = [];
const machine = () =>
  `${availableParallelism()} cores, load ${loadavg()
    .map((value) => value.toFixed(2))
    .join(' ')}`;

function loadRow(measure: string, result: LoadResult, goal?: string, extra = ''): Row {
  return {
    measure,
    value: `${result.requestsPerSecond.toFixed(0)} req/s`,
    goal,
    detail: `p50 ${result.p50} ms, p99 ${result.p99} ms, ${result.total} requests${extra}`,
  };
}

async function text(url: string): Promise<string> {
  const response = await fetch(url, { signal: AbortSignal.timeout(60_000) });
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return response.text();
}

async function bytesAsSent(url: string, encoding = 'identity'): Promise<number> {
  const response = await fetch(url, {
    headers: { 'accept-encoding': encoding },
    // Node's fetch decodes bodies: the length of the answer as sent is its Content-Length.
    signal: AbortSignal.timeout(60_000),
  });
  await response.arrayBuffer();
  return Number(response.headers.get('content-length') ?? Number.NaN);
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function buildRow(measure: string, manifest: BuildManifest): Row {
  return {
    measure,
    value: `${(manifest.pageCount / (manifest.astroMs / 1000)).toFixed(1)} pages/s`,
    goal: '≥ 100 pages/s (warm)',
    detail: `${manifest.pageCount} pages, Astro ${(manifest.astroMs / 1000).toFixed(1)} s, whole build ${(manifest.durationMs / 1000).toFixed(1)} s`,
  };
}

let shop: RunningShop | undefined;
let plain: NodeChild | undefined;
try {
  console.log(`bench: ${machine()}, Node ${process.version}, ${connections} connections, ${seconds} s each`);
  if (!args.url) {
    console.log('bench: starting the shop (a fresh DATA_DIR seeds and builds first)…');
    shop = await startShop({ port: basePort, dataDir: bench.BENCH_DATA_DIR });
  }
  const origin = args.url?.replace(/\/$/, '') ?? shop!.siteUrl;
  const backofficeOrigin = args.backoffice?.replace(/\/$/, '') ?? shop?.backofficeUrl;

  // What to ask for: the catalogue as the sitemap lists it, the site and plan as the back-office knows them.
  const sitemap = await text(`${origin}/sitemap.xml`);
  const urls = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
  const products = urls.filter((url) => url.startsWith('/professional-filler/product/'));
  const staticPath = bench.BENCH_PATH ?? products[0];
  if (!staticPath) throw new Error('the sitemap lists no professional product page: set BENCH_PATH');
  const resultsPath = `/professional-filler/results/${encodeURIComponent(bench.BENCH_SEARCH)}`;
  const terms = searchTerms(productWords(urls), UNIQUE_TERMS);
  console.log(
    `bench: ${origin}, ${urls.length} pages in the sitemap, ${products.length} pro product pages, ` +
      `${terms.length} distinct search terms`,
  );

  // Static page: ours against the same bytes from a bare server.
  const staticBody = await text(`${origin}${staticPath}`);
  const staticFile = path.join(mkdtempSync(path.join(tmpdir(), 'bench-page-')), 'page.html');
  writeFileSync(staticFile, staticBody);
  const plainPort = basePort + 2;
  plain = spawnNode(path.join(repoRoot, 'scripts/bench/plain-server.ts'), [staticFile, String(plainPort)], {
    label: 'plain',
    cwd: repoRoot,
    echo: false,
  });
  await waitForHttp(`http://127.0.0.1:${plainPort}/`, { ok200: true, child: plain });
  const warm = (pathOf: string | (() => string)) =>
    load({ origin, path: pathOf, connections, seconds: Math.min(2, seconds) });
  await warm(staticPath);
  const ours = await load({ origin, path: staticPath, connections, seconds });
  await load({ origin: `http://127.0.0.1:${plainPort}`, path: '/', connections, seconds: 2 });
  const bare = await load({ origin: `http://127.0.0.1:${plainPort}`, path: '/', connections, seconds });
  await stopChild(plain);
  plain = undefined;
  const staticRate = ours.requestsPerSecond;
  rows.push(loadRow(`static page ${staticPath}`, ours));
  rows.push(loadRow('same bytes, bare node:http', bare));
  rows.push({
    measure: 'static: ours ÷ bare',
    value: (staticRate / bare.requestsPerSecond).toFixed(2),
    goal: '≥ 0.7',
  });

  // On-demand results: the same URL again and again, then a new term every request.
  await warm(resultsPath);
  const repeated = await load({ origin, path: resultsPath, connections, seconds });
  rows.push(
    loadRow(`on-demand ${resultsPath}, repeated`, repeated, undefined, `, cache hits ${hitRate(repeated)}`),
  );
  rows.push({
    measure: 'repeated ÷ static',
    value: (repeated.requestsPerSecond / staticRate).toFixed(3),
    goal: '≥ 0.5',
  });
  let next = 0;
  const uniquePath = () =>
    `/professional-filler/results/${encodeURIComponent(terms[next++ % terms.length]!)}`;
  const unique = await load({ origin, path: uniquePath, connections, seconds });
  rows.push(
    loadRow(
      'on-demand results, a new term each request',
      unique,
      'p99 ≤ 200 ms',
      `, ${next} terms asked of ${terms.length}${next > terms.length ? ' (terms reused)' : ''}, cache hits ${hitRate(unique)}, ${unique.failures} failures`,
    ),
  );
  rows.push({
    measure: 'unique ÷ static',
    value: (unique.requestsPerSecond / staticRate).toFixed(3),
    goal: '≥ 0.05',
  });

  // Bytes sent.
  for (const [label, pagePath] of [
    ['static page', staticPath],
    ['results page', resultsPath],
  ] as const) {
    const raw = await bytesAsSent(`${origin}${pagePath}`);
    const br = await bytesAsSent(`${origin}${pagePath}`, 'br');
    rows.push({ measure: `${label}, bytes sent`, value: `${kb(br)} br`, detail: `${kb(raw)} uncompressed` });
  }

  // Back-office calls behind the pages (its own port when known, else through the public /api/v1).
  const apiOrigin = backofficeOrigin ?? origin;
  const siteAnswer = JSON.parse(
    await text(`${apiOrigin}/api/v1/site?url=${encodeURIComponent(new URL(origin).host)}`),
  ) as { data: { list: { id: number; salesplan: { id: number; target: string }[] }[] } };
  const site = siteAnswer.data.list[0]!;
  const plan = site.salesplan.find((candidate) => candidate.target === 'pro')!;
  const common = `site_id=${site.id}&lang=en&saleplan_id=${plan.id}&sales_plan_id=${plan.id}&client=web`;
  const slug = staticPath.split('/').pop()!;
  let apiNext = 0;
  const apiTerm = () => encodeURIComponent(terms[apiNext++ % terms.length]!);
  const calls: [string, string | (() => string)][] = [
    ['product list (12 per page)', `/api/v1/product?${common}&page=1&perPage=12`],
    ['product detail', `/api/v1/product/${slug}?${common}`],
    ['product search, new text each', () => `/api/v1/product?${common}&page=1&perPage=12&text=${apiTerm()}`],
    ['facets, new text each', () => `/api/v1/filters-products?${common}&text=${apiTerm()}`],
  ];
  for (const [label, call] of calls) {
    await load({ origin: apiOrigin, path: call, connections, seconds: Math.min(2, seconds) });
    const result = await load({ origin: apiOrigin, path: call, connections, seconds });
    rows.push(
      loadRow(
        `back-office: ${label}`,
        result,
        label === 'product detail' ? 'p99 ≤ 20 ms (PGlite)' : 'p99 ≤ 20 ms',
      ),
    );
  }

  // pagefind: the index as built, and a visitor's first query.
  const build = shop ? currentBuild(shop.buildsDir) : undefined;
  if (build) {
    const index = pagefindIndexBytes(build.dir);
    rows.push({ measure: 'pagefind index', value: kb(index.bytes), detail: `${index.files} files` });
  }
  const firstQuery = await measurePagefindFirstQuery({
    siteUrl: origin,
    query: bench.BENCH_SEARCH,
    path: staticPath,
  });
  rows.push({
    measure: `pagefind first query "${bench.BENCH_SEARCH}"`,
    value: kb(firstQuery.bytes),
    goal: '≤ 120 KB',
    detail: `${firstQuery.files} files, ${kb(firstQuery.headerBytes)} of it headers; largest ${firstQuery.perFile
      .slice(0, 2)
      .map((file) => `${file.path} ${kb(file.bytes)}`)
      .join(', ')}`,
  });

  // The served build (a fresh DATA_DIR's first build has a cold image cache).
  if (build) {
    rows.push(buildRow('served build (a fresh DATA_DIR: cold image cache)', build.manifest));
  }

  // Content change → live: a staff write, the hook, the rebuild (warm image cache), the swap.
  const apiKey = shop?.apiKey ?? process.env.BACKOFFICE_API_KEY;
  if (apiKey && backofficeOrigin) {
    const liveMs = await measureChangeToLive({ siteUrl: origin, backofficeUrl: backofficeOrigin, apiKey });
    rows.push({
      measure: 'content change → live',
      value: `${(liveMs / 1000).toFixed(1)} s`,
      goal: '≤ 15 s demo, ≤ 60 s at 50×',
      detail: 'staff rename of a product → its page serves the new name',
    });
    const rebuilt = shop ? currentBuild(shop.buildsDir) : undefined;
    if (rebuilt && rebuilt.id !== build?.id)
      rows.push(buildRow('rebuild (warm image cache)', rebuilt.manifest));
  } else {
    rows.push({
      measure: 'content change → live',
      value: 'not measured',
      detail: 'needs --backoffice and BACKOFFICE_API_KEY for a shop at --url',
    });
  }

  console.table(rows);
  console.log(`bench: done, ${machine()}`);
} catch (error) {
  console.error(`bench failed: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await stopChild(plain);
  await shop?.stop();
}
