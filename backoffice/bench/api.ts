/**
 * API benchmark: boots the back-office on a freshly seeded database (in-memory PGlite, or a new database on the
 * server named by DATABASE_URL), listens on an ephemeral port and runs autocannon against the product list,
 * a product detail and the suggest search, then the basket: add to basket (each request a shopper's first add,
 * which opens a basket) and checkout completion (one basket made ready beforehand per completion, paid with the
 * fake provider's `tok_ok`). Prints requests/s and latency percentiles per endpoint.
 *
 *   npm run bench -w backoffice                 # PGlite
 *   DATABASE_URL=postgres://… npm run bench -w backoffice
 *   BENCH_SECONDS=5 BENCH_CONNECTIONS=20 …      # shorter or lighter runs
 *   BENCH_COMPLETIONS=2000 …                    # baskets prepared for the completion run
 *
 * Each request names its own client in X-Forwarded-For (the app trusts it here), so the per-visitor rate limits
 * of the basket calls measure nothing: the figures are the work of the calls themselves.
 */
import { availableParallelism, loadavg } from 'node:os';
import autocannon from 'autocannon';
import { z } from 'zod';
import { createTestApp, PART_PLAN, q, PRO_PLAN } from '../tests/helpers.ts';

const env = z
  .object({
    BENCH_SECONDS: z.coerce.number().int().min(1).max(600).default(10),
    BENCH_CONNECTIONS: z.coerce.number().int().min(1).max(1000).default(50),
    BENCH_COMPLETIONS: z.coerce.number().int().min(1).max(100_000).default(1500),
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
const target = await createTestApp({ trustProxy: true });
const kind = target.database.kind;
console.log(`seeded ${kind} in ${Date.now() - started} ms`);

const address = await target.app.listen({ port: 0, host: '127.0.0.1' });
const row = (endpoint: string, result: Awaited<ReturnType<typeof autocannon>>) => ({
  endpoint,
  'req/s': Math.round(result.requests.average),
  'p50 ms': result.latency.p50,
  'p99 ms': result.latency.p99,
  'max ms': result.latency.max,
  requests: result.requests.total,
  'non-2xx': result.non2xx,
  errors: result.errors,
});
const rows: Record<string, string | number>[] = [];
try {
  for (const endpoint of endpoints) {
    const url = address + endpoint.path;
    // One request first: the benchmark measures the steady state (cached reads), not the first load.
    const warm = await fetch(url);
    if (!warm.ok) throw new Error(`${endpoint.name} answered ${warm.status}: ${await warm.text()}`);
    const result = await autocannon({ url, connections: env.BENCH_CONNECTIONS, duration: env.BENCH_SECONDS });
    rows.push(row(endpoint.name, result));
  }

  // ---- the basket ------------------------------------------------------------------------------------------
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
  rows.push(row('add to basket (new basket)', addResult));

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
  rows.push(row('checkout completion (tok_ok)', completeResult));
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
