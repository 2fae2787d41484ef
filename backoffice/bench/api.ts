/**
 * API benchmark: boots the back-office on a freshly seeded database (in-memory PGlite, or a new database on the
 * server named by DATABASE_URL), `SEED_SCALE` times the demo catalogue, listens on an ephemeral port and runs
 * autocannon against the catalogue reads the storefront makes: the product list, a product detail, the results
 * page's product search (`/product?text=`), its facets (`/filters-products?text=`) and the suggest search, then the
 * basket: add to basket (each request a shopper's first add, which opens a basket) and checkout completion (one
 * basket made ready beforehand per completion, paid with the fake provider's `tok_ok`). Prints the catalogue's
 * size, requests/s and latency percentiles per endpoint.
 *
 * Each read is measured twice: "repeated" sends one URL again and again (after the first request every answer
 * comes from the in-memory read cache: popular searches, shared links), "varied" sends each request a URL of its
 * own (every product, thousands of search texts and filter combinations), so no answer is cached and the figure
 * is the real cost of the call.
 *
 *   npm run bench -w backoffice                 # PGlite, demo catalogue
 *   SEED_SCALE=50 npm run bench -w backoffice   # 50 times the demo catalogue
 *   DATABASE_URL=postgres://… npm run bench -w backoffice
 *   BENCH_SECONDS=5 BENCH_CONNECTIONS=20 …      # shorter or lighter runs
 *   BENCH_VARIED=2000 …                         # requests (distinct URLs) per varied run
 *   BENCH_BASKET=0 …                            # catalogue reads only
 *   BENCH_COMPLETIONS=2000 …                    # baskets prepared for the completion run
 *   BENCH_CATALOGUE=0 …                         # no catalogue reads
 *   BENCH_ORDERS=10000 …                        # orders made for the staff order list (0: not measured)
 *   BENCH_IMPORT=1 …                            # the catalogue spreadsheet round trip (off by default)
 *
 * The staff order list (issue 23): BENCH_ORDERS orders are inserted directly (a few days of a busy shop: card,
 * on-account and collected orders, paid, pending and dispatched, each card order with its payment), then
 * `GET /staff/orders` is measured with the API key: page 1 as the console opens it, and a filtered, sorted query.
 *
 * The catalogue spreadsheet (issue 25, BENCH_IMPORT=1): the CSV export of the whole catalogue, every price in it
 * changed by a penny, then the import's dry run and its apply, each timed once (the goal: under 30 s each at
 * SEED_SCALE=100, about 8,800 packs).
 *
 * Each request names its own client in X-Forwarded-For (the app trusts it here), so the per-visitor rate limits
 * of the basket calls measure nothing: the figures are the work of the calls themselves.
 */
import { availableParallelism, loadavg } from 'node:os';
import autocannon from 'autocannon';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { MAX_SEED_SCALE } from '../src/config.ts';
import { vacuumEmbedded } from '../src/db/maintenance.ts';
import { rowsOf } from '../src/db/rows.ts';
import { API_KEY, createTestApp, PART_PLAN, q, PRO_PLAN, SITE_ID } from '../tests/helpers.ts';

const env = z
  .object({
    BENCH_SECONDS: z.coerce.number().int().min(1).max(600).default(10),
    BENCH_CONNECTIONS: z.coerce.number().int().min(1).max(1000).default(50),
    BENCH_COMPLETIONS: z.coerce.number().int().min(1).max(100_000).default(1500),
    BENCH_VARIED: z.coerce.number().int().min(100).max(100_000).default(1000),
    BENCH_BASKET: z.enum(['0', '1']).default('1'),
    BENCH_CATALOGUE: z.enum(['0', '1']).default('1'),
    BENCH_ORDERS: z.coerce.number().int().min(0).max(1_000_000).default(10_000),
    BENCH_IMPORT: z.enum(['0', '1']).default('0'),
    SEED_SCALE: z.coerce.number().int().min(1).max(MAX_SEED_SCALE).default(1),
  })
  .parse(process.env);

const started = Date.now();
const target = await createTestApp({ trustProxy: true }, { seedScale: env.SEED_SCALE });
const kind = target.database.kind;
const seedMs = Date.now() - started;
console.log(`seeded ${kind} at SEED_SCALE=${env.SEED_SCALE} in ${seedMs} ms`);

const size = rowsOf<Record<string, number>>(
  await target.database.db.execute(sql`
    select (select count(*)::int from product) as products,
           (select count(*)::int from variant) as packs,
           (select count(*)::int from category) as categories,
           (select count(*)::int from product_plan where plan_id = ${PRO_PLAN}) as pro_products,
           (select count(*)::int from content_entry) as content_entries
  `),
)[0]!;
console.log(
  `catalogue: ${size.products} products (${size.pro_products} in the pro plan), ${size.packs} packs, ` +
    `${size.categories} categories, ${size.content_entries} content entries`,
);

const address = await target.app.listen({ port: 0, host: '127.0.0.1' });
const row = (endpoint: string, result: Awaited<ReturnType<typeof autocannon>>) => ({
  endpoint,
  // Over the whole run: a varied run of a few hundred requests lasts less than the one-second samples.
  'req/s': Math.round(result.requests.total / result.duration),
  'p50 ms': result.latency.p50,
  'p99 ms': result.latency.p99,
  'max ms': result.latency.max,
  requests: result.requests.total,
  'non-2xx': result.non2xx,
  errors: result.errors,
});
const rows: ReturnType<typeof row>[] = [];
/** Timings of the one-off runs (not autocannon's): the spreadsheet's export, dry run and apply. */
const timings: { step: string; ms: number; detail: string }[] = [];
/** Keeps a result and prints it at once: a slow run shows its figures as they come. */
const record = (endpoint: string, result: Awaited<ReturnType<typeof autocannon>>) => {
  const figures = row(endpoint, result);
  rows.push(figures);
  console.log(
    `${endpoint}: ${figures['req/s']} req/s, p50 ${figures['p50 ms']} ms, p99 ${figures['p99 ms']} ms, ` +
      `${figures.requests} requests, ${figures['non-2xx']} non-2xx, ${figures.errors} errors`,
  );
};

// ---- what the varied runs ask for, drawn from the catalogue itself --------------------------------------------
const proCatalogue = rowsOf<{ slug: string; name: string; short: string }>(
  await target.database.db.execute(sql`
    select p.slug, p.name, p.short_description as short
    from product p join product_plan pp on pp.product_id = p.id and pp.plan_id = ${PRO_PLAN}
    order by p.id
  `),
);
const categoryIds = rowsOf<{ id: number }>(
  await target.database.db.execute(
    sql`select category_id as id from category_plan where plan_id = ${PRO_PLAN} order by 1`,
  ),
).map((r) => Number(r.id));
const characteristicValues = rowsOf<{ code: string; value: string }>(
  await target.database.db.execute(sql`
    select distinct pc.code, pc.value from product_characteristic pc
    join characteristic c on c.code = pc.code and c.kind = 'enum' and c.facet
    order by 1, 2
  `),
);

/** A fixed shuffle (a linear congruential generator), so two runs ask for the same things in the same order. */
function shuffled<T>(items: T[]): T[] {
  const copy = [...items];
  let seed = 20_261_125;
  for (let i = copy.length - 1; i > 0; i--) {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    const j = seed % (i + 1);
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

// Search texts: every word of the names and short descriptions, its first four letters (a word being typed), and
// pairs of a word with a sub-brand; then split in two, so the search and the facets runs share no text.
const words = [
  ...new Set(proCatalogue.flatMap((p) => `${p.name} ${p.short}`.toLowerCase().match(/[a-z]{3,}/g) ?? [])),
];
const brands = [...new Set(proCatalogue.map((p) => p.name.split(' ')[1]!.toLowerCase()))];
const texts = shuffled([
  ...new Set([
    ...words,
    ...words.filter((w) => w.length > 5).map((w) => w.slice(0, 4)),
    ...words.flatMap((w) => brands.map((b) => `${w} ${b}`)),
  ]),
]);
const searchTexts = texts.filter((_, i) => i % 2 === 0);
const facetTexts = texts.filter((_, i) => i % 2 === 1);
const orders = ['relevance', 'name_asc', 'name_desc', 'price_asc', 'price_desc', 'newest'];
const caracteristic = (i: number) => {
  const { code, value } = characteristicValues[i % characteristicValues.length]!;
  return JSON.stringify({ [code]: [value] });
};

const listPath = (params: Record<string, string | number | undefined>) =>
  `/api/v1/product?${q({ saleplan_id: PRO_PLAN, perPage: 12, page: 1, ...params })}`;
const facetsPath = (params: Record<string, string | number | undefined>) =>
  `/api/v1/filters-products?${q({ saleplan_id: PRO_PLAN, ...params })}`;

const reads: { name: string; repeated: string; varied: string[] }[] = [
  {
    name: 'product list',
    repeated: listPath({}),
    // Category pages, in every order, a few pages deep, with and without a characteristic filter.
    varied: shuffled(
      categoryIds.flatMap((id, i) =>
        orders.flatMap((orderBy) =>
          [1, 2].flatMap((page) => [
            listPath({ categories: id, orderBy, page }),
            listPath({ categories: id, orderBy, page, caracteristics: caracteristic(i + page) }),
          ]),
        ),
      ),
    ),
  },
  {
    name: 'product detail',
    repeated: `/api/v1/product/plasterboard-finishing-solutions?${q({ saleplan_id: PRO_PLAN })}`,
    varied: shuffled(proCatalogue.map((p) => `/api/v1/product/${p.slug}?${q({ saleplan_id: PRO_PLAN })}`)),
  },
  {
    name: 'search (results page)',
    repeated: listPath({ text: 'filler' }),
    varied: searchTexts.map((text) => listPath({ text })),
  },
  {
    name: 'facets (results page)',
    repeated: facetsPath({ text: 'filler' }),
    // The results page's facets with a text, and category pages' facets with a characteristic chosen.
    varied: facetTexts.map((text, i) =>
      i % 2 === 0
        ? facetsPath({ text })
        : facetsPath({ categories: categoryIds[i % categoryIds.length], caracteristics: caracteristic(i) }),
    ),
  },
  {
    name: 'suggest',
    repeated: `/api/v1/search?${q({ saleplan_id: PRO_PLAN, type: 'Suggest', text: 'filler' })}`,
    varied: shuffled(texts).map(
      (text) => `/api/v1/search?${q({ saleplan_id: PRO_PLAN, type: 'Suggest', text })}`,
    ),
  },
];

try {
  for (const read of env.BENCH_CATALOGUE === '1' ? reads : []) {
    // One request first: the repeated run measures the steady state (cached reads), not the first load.
    const warm = await fetch(address + read.repeated);
    const body = await warm.text();
    if (!warm.ok) throw new Error(`${read.name} answered ${warm.status}: ${body}`);
    const repeated = await autocannon({
      url: address + read.repeated,
      connections: env.BENCH_CONNECTIONS,
      duration: env.BENCH_SECONDS,
    });
    // The answer's size: at scale a facet list grows with the categories, and bytes cost time too.
    record(`${read.name}, repeated (${(Buffer.byteLength(body) / 1024).toFixed(1)} KB)`, repeated);

    // Each URL once: no answer of this run comes from the cache (the plan's catalogue itself stays loaded).
    const varied = read.varied.slice(0, env.BENCH_VARIED);
    let next = 0;
    const result = await autocannon({
      url: address,
      // The demo catalogue has fewer products than connections.
      connections: Math.min(env.BENCH_CONNECTIONS, varied.length),
      amount: varied.length,
      requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: varied[next++]! }) }],
    });
    record(`${read.name}, varied (${varied.length} distinct)`, result);
  }

  if (env.BENCH_BASKET === '1') await measureBasket();
  if (env.BENCH_ORDERS > 0) await measureOrderList();
  if (env.BENCH_IMPORT === '1') await measureImport();
} finally {
  await target.close();
}

// ---- the basket ------------------------------------------------------------------------------------------
async function measureBasket() {
  let client = 0;
  /** A new visitor address for each request (10.x.y.z). */
  const visitor = () => {
    client += 1;
    return `10.${(client >> 16) & 255}.${(client >> 8) & 255}.${client & 255}`;
  };
  const product = (await (
    await fetch(`${address}/api/v1/product/plasterwick-multi-fill-powder?${q({ saleplan_id: PART_PLAN })}`)
  ).json()) as {
    data: { items: { id: number; variants: { reference: string }[] }[] };
  };
  const item = product.data.items[0]!;
  const addBody = JSON.stringify({
    items: [
      {
        element_id: item.id,
        element_type: 'product',
        variant_reference: item.variants[1]!.reference,
        quantity: 2,
      },
    ],
  });
  const cartUrl = (path: string) => `${address}/api/v1${path}?${q({ saleplan_id: PART_PLAN })}`;
  const json = { 'content-type': 'application/json' };

  const addResult = await autocannon({
    url: cartUrl('/cart/items'),
    connections: env.BENCH_CONNECTIONS,
    duration: env.BENCH_SECONDS,
    requests: [
      {
        method: 'POST',
        body: addBody,
        setupRequest: (request) => ({ ...request, headers: { ...json, 'x-forwarded-for': visitor() } }),
      },
    ],
  });
  record('add to basket (new basket)', addResult);

  // One basket per completion, ready to pay: a line, home delivery, its total.
  const prepared: { token: string; total: number }[] = [];
  const started = Date.now();
  for (let i = 0; i < env.BENCH_COMPLETIONS; i++) {
    const headers = { ...json, 'x-forwarded-for': visitor() };
    const added = (await (
      await fetch(cartUrl('/cart/items'), { method: 'POST', headers, body: addBody })
    ).json()) as {
      token: string;
    };
    const delivery = await fetch(cartUrl('/checkout/delivery'), {
      method: 'PUT',
      headers: { ...headers, 'x-cart-token': added.token },
      body: JSON.stringify({
        method: 'delivery',
        address: {
          first_name: 'Alex',
          last_name: 'Morgan',
          address: '1 Mill Lane',
          town: 'Manchester',
          postcode: 'M1 1AE',
        },
        carrier_code: 'standard',
        phone: '0161 496 0000',
      }),
    });
    const ready = (await delivery.json()) as { cart: { grand_total: { ttc: number } } };
    prepared.push({ token: added.token, total: ready.cart.grand_total.ttc });
  }
  console.log(`prepared ${prepared.length} baskets in ${Date.now() - started} ms`);
  let next = 0;
  const completeResult = await autocannon({
    url: cartUrl('/checkout/complete'),
    connections: env.BENCH_CONNECTIONS,
    amount: prepared.length,
    requests: [
      {
        method: 'POST',
        setupRequest: (request) => {
          const basket = prepared[next++ % prepared.length]!;
          return {
            ...request,
            headers: { ...json, 'x-cart-token': basket.token, 'x-forwarded-for': visitor() },
            body: JSON.stringify({
              payment_method: 'card',
              card_token: 'tok_ok',
              accept_terms: true,
              expected_total: basket.total,
              email: 'bench@example.co.uk',
            }),
          };
        },
      },
    ],
  });
  record('checkout completion (tok_ok)', completeResult);
}

// ---- the staff order list ------------------------------------------------------------------------------------
/** `BENCH_ORDERS` orders in one statement, every tenth on account, every fifth collected, a few dispatched. */
async function insertOrders() {
  const started = Date.now();
  const [plan] = rowsOf<{ id: number }>(
    await target.database.db.execute(
      sql`select id from sales_plan where site_id = ${SITE_ID} order by id limit 1`,
    ),
  );
  const [customer] = rowsOf<{ id: number }>(
    await target.database.db.execute(sql`
      insert into customer (site_id, email, password_hash, first_name, last_name, audience, created_at, updated_at)
      values (${SITE_ID}, 'bench.trade@example.co.uk', 'x', 'Bench', 'Trade', 'pro', now(), now()) returning id`),
  );
  await target.database.db.execute(sql`
    insert into orders (number, site_id, plan_id, audience, customer_id, status, payment_method, email, phone,
      delivery, billing, currency, vat_rate_bp, prices_include_vat,
      subtotal_ex_pence, subtotal_vat_pence, subtotal_inc_pence, discount_ex_pence, discount_vat_pence,
      discount_inc_pence, shipping_ex_pence, shipping_vat_pence, shipping_inc_pence,
      total_ex_pence, total_vat_pence, total_inc_pence, placed_at, paid_at, payment_due_at, updated_at,
      fulfilment_status, fulfilment_method, shipping_carrier, tracking_number, dispatched_at)
    select 'PW-' || lpad((900000 + i)::text, 6, '0'), ${SITE_ID}, ${plan!.id},
      case when i % 10 = 0 then 'pro' else 'part' end,
      case when i % 10 = 0 then ${customer!.id}::int end,
      case when i % 10 = 0 then 'on_account' when i % 17 = 0 then 'pending_payment' else 'paid' end,
      case when i % 10 = 0 then 'on_account' else 'card' end,
      'shopper' || i || '@example.co.uk', '0161 496 0000',
      case when i % 5 = 0
        then jsonb_build_object('method', 'collect', 'first_name', 'Sam', 'last_name', 'Shopper' || i)
        else jsonb_build_object('method', 'delivery', 'address', jsonb_build_object('first_name', 'Alex',
          'last_name', 'Morgan' || i, 'postcode', 'M' || (i % 90) || ' ' || (i % 9) || 'AE'))
      end,
      jsonb_build_object('same_as_delivery', true, 'address', null),
      'GBP', 2000, false, 1000 + i, 200 + i, 1200 + 2 * i, 0, 0, 0, 500, 100, 600,
      1500 + i, 300 + i, 1800 + 2 * i,
      now() - (i || ' minutes')::interval,
      case when i % 17 <> 0 and i % 10 <> 0 then now() - (i || ' minutes')::interval end,
      case when i % 10 = 0 then now() + interval '30 days' - (i || ' minutes')::interval end,
      now(),
      case when i % 17 <> 0 and i % 5 <> 0 and i % 3 = 0 then 'dispatched' else 'unfulfilled' end,
      case when i % 5 = 0 then 'collect' else 'delivery' end,
      case when i % 17 <> 0 and i % 5 <> 0 and i % 3 = 0 then 'royal_mail' end,
      case when i % 17 <> 0 and i % 5 <> 0 and i % 3 = 0 then 'RM' || i || 'GB' end,
      case when i % 17 <> 0 and i % 5 <> 0 and i % 3 = 0 then now() end
    from generate_series(1, ${env.BENCH_ORDERS}) as i`);
  await target.database.db.execute(sql`
    insert into payment (id, order_id, provider, method, amount_pence, currency, status, captured_pence,
      created_at, updated_at)
    select 'pay_bench' || o.id, o.id, 'fake', 'card', o.total_inc_pence, 'GBP',
      case when o.status = 'paid' then 'succeeded' else 'requires_action' end,
      case when o.status = 'paid' then o.total_inc_pence else 0 end, o.placed_at, o.placed_at
    from orders o where o.payment_method = 'card' and o.number like 'PW-9%'`);
  // As the hourly jobs leave them: the statistics analysed, and on PGlite (no autovacuum) the table vacuumed.
  if (kind === 'pglite') await vacuumEmbedded(target.database.db);
  else await target.database.db.execute(sql`analyze`);
  console.log(`inserted ${env.BENCH_ORDERS} orders in ${Date.now() - started} ms`);
}

async function measureOrderList() {
  await insertOrders();
  const headers = { 'x-api-key': API_KEY };
  const lists = [
    { name: 'staff order list, page 1', query: {} },
    {
      name: 'staff order list, filtered and sorted',
      query: {
        status: 'paid',
        fulfilment_status: 'unfulfilled',
        q: 'morgan1',
        sort: 'total_inc_pence',
        order: 'ASC',
      },
    },
  ];
  for (const list of lists) {
    const url = `${address}/api/v1/staff/orders?${q({ perPage: 25, ...list.query })}`;
    const warm = await fetch(url, { headers });
    const body = (await warm.json()) as { data?: { total: number } };
    if (!warm.ok) throw new Error(`${list.name} answered ${warm.status}: ${JSON.stringify(body)}`);
    const result = await autocannon({
      url,
      headers,
      connections: env.BENCH_CONNECTIONS,
      duration: env.BENCH_SECONDS,
    });
    record(`${list.name} (${body.data?.total} of ${env.BENCH_ORDERS} match)`, result);
  }
}

// ---- the catalogue spreadsheet -------------------------------------------------------------------------------

async function timed<T>(step: string, run: () => Promise<T>, detail: (result: T) => string): Promise<T> {
  const start = performance.now();
  const result = await run();
  const ms = Math.round(performance.now() - start);
  timings.push({ step, ms, detail: detail(result) });
  console.log(`${step}: ${ms} ms (${detail(result)})`);
  return result;
}

async function measureImport() {
  const headers = { 'x-api-key': API_KEY };
  const base = `${address}/api/v1/staff/catalogue`;
  const csv = await timed(
    'spreadsheet export',
    async () => {
      const answer = await fetch(`${base}/export.csv?${q()}`, { headers });
      if (!answer.ok) throw new Error(`the export answered ${answer.status}: ${await answer.text()}`);
      return answer.text();
    },
    (text) => `${(Buffer.byteLength(text) / 1024).toFixed(0)} KB`,
  );
  // Every price a penny up: every pack changes.
  const [header, ...packs] = parse(csv) as string[][];
  const priceColumns = header!.flatMap((name, i) => (name.endsWith('_vat') ? [i] : []));
  for (const pack of packs) {
    for (const i of priceColumns) if (pack[i]) pack[i] = (Number(pack[i]) + 0.01).toFixed(2);
  }
  const changed = stringify([header!, ...packs]);
  const send = async (query: Record<string, string>) => {
    const answer = await fetch(`${base}/import?${q(query)}`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'text/csv' },
      body: changed,
    });
    const body = (await answer.json()) as {
      data: { token: string; prices_changed: number; errors: unknown[] };
    };
    if (!answer.ok || body.data.errors.length) {
      throw new Error(`the import answered ${answer.status}: ${JSON.stringify(body).slice(0, 500)}`);
    }
    return body.data;
  };
  const describe = (report: { prices_changed: number }) =>
    `${packs.length} packs, ${report.prices_changed} prices changed`;
  const dry = await timed('spreadsheet dry run', () => send({ dry_run: 'true' }), describe);
  await timed('spreadsheet apply', () => send({ dry_run: 'false', token: dry.token }), describe);
}

// Latency depends on what else the machine runs: print the load next to the figures.
const [load1, load5] = loadavg();
console.log(
  `\n${kind}, SEED_SCALE=${env.SEED_SCALE} (${size.products} products, seeded in ${seedMs} ms), ` +
    `${env.BENCH_CONNECTIONS} connections, ${env.BENCH_SECONDS} s per repeated run, Node ${process.version}, ` +
    `${availableParallelism()} cores, load average ${load1!.toFixed(1)} (5 min ${load5!.toFixed(1)})`,
);
if (rows.length) console.table(rows);
if (timings.length) console.table(timings);
