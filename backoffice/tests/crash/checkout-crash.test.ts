/**
 * A back-office killed in the middle of 40 checkouts (issue 21's done-when; `npm run test:crash -w backoffice`, run by
 * `.ci/run` on PostgreSQL). The real server process (`node src/server.ts`, its secrets in its environment) on a
 * fresh database, with `PAYMENT_RECONCILE_AFTER_SECONDS=5` and the reconciliation job every second:
 *
 * 1. 40 baskets with WELCOME10, ready to pay (and one checkout to warm the server up); 40 completions at once
 *    (`tok_ok` and `tok_3ds` in turn), and SIGKILL 150 ms in: orders committed with a `pending` payment the
 *    provider may or may not have taken, no answer given;
 * 2. restart, and every completion again at once;
 * 3. once the reconciliation period has passed, every completion once more;
 * 4. once the last attempts have settled: every order of the run is `paid` with a `succeeded` payment the provider
 *    confirms, or `cancelled` with its code's use given back; there is at least one of each; and no answer said
 *    `done` for an order that is not paid.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { generateSecret, SECRET_VARIABLES } from '@plasterwick/shop-rules/secrets';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../src/db/types.ts';
import { fakeProvider } from '../../src/modules/payments/index.ts';
import { childDatabase, childEnv, type ChildDatabase } from '../support/child-database.ts';
import { freePort } from '@plasterwick/shop-rules/network';

const SERVER = path.resolve(import.meta.dirname, '../../src/server.ts');
const BASKETS = 40;
const KILL_AFTER_MS = 150;
const RECONCILE_AFTER_SECONDS = 5;
/** The DIY plan of the demo's UK site, and its 5 kg bag of Multi-Fill. */
const QUERY = 'site_id=3&saleplan_id=2';
const PRODUCT = 'plasterwick-multi-fill-powder';

interface Answer {
  status: number;
  body: Record<string, unknown>;
}

interface Basket {
  token: string;
  /** Its own visitor address: the per-visitor limits are not what this test is about. */
  ip: string;
  card: 'tok_ok' | 'tok_3ds';
  total: number;
}

let database: ChildDatabase;
let dataDir: string;
let env: Record<string, string>;
let base: string;
let server: ChildProcess | undefined;
const answers: { phase: string; basket: number; answer: Answer }[] = [];

/** Starts the back-office and resolves once it listens. */
async function start(): Promise<ChildProcess> {
  const child = spawn(process.execPath, [SERVER], {
    env: childEnv(env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = once(child, 'exit');
  await new Promise<void>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('back-office ready')) resolve();
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    void exited.then(() => reject(new Error(`the back-office stopped before it was ready:\n${output}`)));
  });
  return child;
}

async function stop(signal: NodeJS.Signals): Promise<void> {
  if (!server || server.exitCode !== null || server.signalCode !== null) return;
  const exited = once(server, 'exit');
  server.kill(signal);
  await exited;
}

/** One call on a connection of its own (a killed server leaves no half-dead connection to reuse). */
function call(method: string, route: string, basket: Partial<Basket>, body?: object): Promise<Answer> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const outgoing = request(
      `${base}/api/v1${route}${route.includes('?') ? '&' : '?'}${QUERY}`,
      {
        method,
        agent: false,
        headers: {
          ...(payload ? { 'content-type': 'application/json' } : {}),
          ...(basket.ip ? { 'x-forwarded-for': basket.ip } : {}),
          ...(basket.token ? { 'x-cart-token': basket.token } : {}),
        },
      },
      (incoming) => {
        let text = '';
        incoming.setEncoding('utf8');
        incoming.on('data', (chunk: string) => (text += chunk));
        incoming.on('end', () =>
          resolve({
            status: incoming.statusCode ?? 0,
            body: text ? (JSON.parse(text) as Answer['body']) : {},
          }),
        );
        incoming.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(payload);
  });
}

async function prepare(index: number, variant: { id: number; reference: string }): Promise<Basket> {
  const ip = `10.21.${Math.floor(index / 200)}.${(index % 200) + 1}`;
  const added = await call(
    'POST',
    '/cart/items',
    { ip },
    {
      items: [
        {
          element_id: variant.id,
          element_type: 'product',
          variant_reference: variant.reference,
          quantity: 2,
        },
      ],
    },
  );
  expect(added.status, JSON.stringify(added.body)).toBe(201);
  const basket = { ip, token: added.body.token as string };
  const delivery = await call('PUT', '/checkout/delivery', basket, {
    method: 'delivery',
    address: {
      first_name: 'Sam',
      last_name: 'Crash',
      address: '1 Mill Lane',
      town: 'Manchester',
      postcode: 'M1 1AE',
    },
    carrier_code: 'standard',
    phone: '0161 496 0000',
  });
  expect(delivery.status, JSON.stringify(delivery.body)).toBe(200);
  const coded = await call('POST', '/cart/discount', basket, { code: 'WELCOME10' });
  expect(coded.status, JSON.stringify(coded.body)).toBe(200);
  const cart = coded.body.cart as { grand_total: { ttc: number } };
  return { ...basket, card: index % 2 === 0 ? 'tok_ok' : 'tok_3ds', total: cart.grand_total.ttc };
}

const completion = (basket: Basket, index: number) => ({
  payment_method: 'card',
  card_token: basket.card,
  accept_terms: true,
  expected_total: basket.total,
  email: `crash.${index}@example.co.uk`,
});

/** Every basket's completion at once; each answer (or the lack of one) is kept. */
async function completeAll(phase: string, baskets: Basket[]): Promise<Answer[]> {
  const settled = await Promise.allSettled(
    baskets.map((basket, index) => call('POST', '/checkout/complete', basket, completion(basket, index))),
  );
  return settled.map((outcome, basket) => {
    const answer = outcome.status === 'fulfilled' ? outcome.value : { status: 0, body: {} };
    answers.push({ phase, basket, answer });
    return answer;
  });
}

async function rows<T>(db: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows?: T[] } | T[];
  return Array.isArray(result) ? result : (result.rows ?? []);
}

beforeAll(async () => {
  database = await childDatabase();
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'crash-data-'));
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  env = {
    ...database.env,
    // Mail is written under DATA_DIR; with DATABASE_URL the database is not.
    DATA_DIR: database.env.DATA_DIR ?? dataDir,
    ...Object.fromEntries(SECRET_VARIABLES.map((name) => [name, generateSecret()])),
    BACKOFFICE_PORT: String(port),
    TRUST_PROXY: '127.0.0.1',
    PAYMENT_RECONCILE_AFTER_SECONDS: String(RECONCILE_AFTER_SECONDS),
    PAYMENT_RECONCILE_EVERY_SECONDS: '1',
    LOG_LEVEL: 'info',
  };
});

afterAll(async () => {
  await stop('SIGKILL');
  await database.remove();
  rmSync(dataDir, { recursive: true, force: true });
});

it('a back-office killed mid-checkout leaves every order paid or cancelled, and never says done for an unpaid one', async () => {
  server = await start();
  const product = await call('GET', `/product/${PRODUCT}`, {});
  const item = (product.body.data as { items: { id: number; variants: { reference: string }[] }[] })
    .items[0]!;
  const variant = { id: item.id, reference: item.variants[1]!.reference };
  const baskets: Basket[] = [];
  for (let first = 0; first < BASKETS; first += 8) {
    const group = Array.from({ length: Math.min(8, BASKETS - first) }, (_, i) => prepare(first + i, variant));
    baskets.push(...(await Promise.all(group)));
  }
  // One checkout first, so the 40 meet a warm server (its code compiled, its connections open): the kill then
  // lands while orders are committed and their payments at the provider, not while the first is still starting.
  const warm = await prepare(BASKETS, variant);
  expect((await call('POST', '/checkout/complete', warm, completion(warm, BASKETS))).status).toBe(201);

  // 1. The crash.
  const sentAt = new Date();
  const inFlight = completeAll('before the crash', baskets);
  await sleep(KILL_AFTER_MS);
  await stop('SIGKILL');
  const killedAt = new Date();
  const cut = (await inFlight).filter((answer) => answer.status === 0).length;
  expect(cut, 'completions the crash cut off').toBeGreaterThan(0);

  // 2. Restarted: every completion again at once.
  server = await start();
  const atOnce = await completeAll('at once after the restart', baskets);
  // 3. After the reconciliation period (and a run of the job): once more.
  await sleep((RECONCILE_AFTER_SECONDS + 2) * 1000);
  const later = await completeAll('after the reconciliation period', baskets);
  for (const answer of [...atOnce, ...later]) {
    expect(answer.status, JSON.stringify(answer.body)).toBeGreaterThan(0);
    expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(500);
  }
  // 4. The last attempts settle (a 3-D Secure never authorised is cancelled after the period).
  await sleep((RECONCILE_AFTER_SECONDS + 2) * 1000);
  await stop('SIGTERM');

  const handle = await database.open();
  try {
    const orders = await rows<{
      number: string;
      status: string;
      payment_status: string;
      provider_ref: string | null;
      uses: number;
      before_crash: boolean;
    }>(
      handle.db,
      sql`select o.number, o.status, p.status as payment_status, p.provider_ref,
            (select count(*)::int from discount_use u where u.order_id = o.id) as uses,
            o.placed_at between ${sentAt.toISOString()}::timestamptz and ${killedAt.toISOString()}::timestamptz
              as before_crash
          from orders o join payment p on p.order_id = o.id order by o.id`,
    );
    const provider = fakeProvider(env.PAYMENT_WEBHOOK_SECRET!, handle.db);
    const paid = orders.filter((order) => order.status === 'paid');
    const cancelled = orders.filter((order) => order.status === 'cancelled');
    expect(paid.length + cancelled.length, JSON.stringify(orders)).toBe(orders.length);
    expect(paid.length).toBeGreaterThan(0);
    expect(cancelled.length).toBeGreaterThan(0);
    for (const order of paid) {
      expect(order).toMatchObject({ payment_status: 'succeeded', uses: 1 });
      expect((await provider.paymentStatus({ providerRef: order.provider_ref! })).status).toBe('succeeded');
    }
    for (const order of cancelled) expect(order.uses, order.number).toBe(0);
    const [code] = await rows<{ used: number }>(
      handle.db,
      sql`select used from discount where code = 'WELCOME10'`,
    );
    expect(Number(code!.used)).toBe(paid.length);

    const status = new Map(orders.map((order) => [order.number, order.status]));
    const done = answers.filter(({ answer }) => (answer.body.next as { type?: string })?.type === 'done');
    expect(done.length).toBeGreaterThan(0);
    for (const { phase, answer } of done) {
      const number = (answer.body.order as { number: string }).number;
      expect(status.get(number), `${phase}: done for ${number}`).toBe('paid');
    }
    const stranded = orders.filter((order) => order.before_crash);
    console.info(
      `crash test: ${cut} completions cut off, ${stranded.length} of their orders placed before it ` +
        `(${stranded.filter((order) => order.status === 'paid').length} paid in the end), ` +
        `${orders.length} orders in all (${paid.length} paid, ${cancelled.length} cancelled), answers after the restart: ` +
        JSON.stringify(
          Object.fromEntries(
            [200, 201, 202, 409].map((code) => [
              code,
              [...atOnce, ...later].filter((answer) => answer.status === code).length,
            ]),
          ),
        ),
    );
  } finally {
    await handle.close();
  }
});
