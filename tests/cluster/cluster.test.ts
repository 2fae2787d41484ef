/**
 * Several servers on one database (issue 27), run by `npm run test:cluster`: a private PostgreSQL 15, back-offices
 * A and B, storefront servers A (in front of back-office A) and B (in front of B); see support/cluster.ts. Staff
 * change the catalogue through back-office A with the tooling's API key; shoppers use the storefronts' public
 * `/api/v1` and pages, each test as a visitor address of its own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  common,
  newVisitor,
  startCluster,
  within,
  type Answer,
  type Cluster,
} from './support/cluster.ts';

let cluster: Cluster;
let A: string;
let B: string;
let backofficeA: string;
let backofficeB: string;

beforeAll(async () => {
  cluster = await startCluster();
  [A, B] = cluster.storefronts.map((server) => server.url) as [string, string];
  [backofficeA, backofficeB] = cluster.backoffices.map((server) => server.url) as [string, string];
});

afterAll(async () => {
  await cluster?.stop();
});

interface Product {
  id: number;
  name: string;
  version: number;
  variants: { reference: string; price: { ex_vat: number; inc_vat: number } }[];
}

async function product(
  base: string,
  idOrSlug: string | number,
  plan: 'part' | 'pro' = 'part',
): Promise<Product> {
  const answer = await call(base, 'GET', `/api/v1/product/${idOrSlug}?${common(plan)}`);
  expect(answer.status, answer.text).toBe(200);
  return answer.body.data.items[0] as Product;
}

/** A staff write through back-office A with the tooling's API key. */
async function staffWrite(method: string, route: string, body: object): Promise<Answer> {
  const answer = await call(
    backofficeA,
    method,
    `/api/v1${route}${route.includes('?') ? '&' : '?'}${common()}`,
    {
      body,
      headers: { 'x-api-key': cluster.secrets.BACKOFFICE_API_KEY },
    },
  );
  expect(answer.status, answer.text).toBeLessThan(300);
  return answer;
}

const DELIVERY = {
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
};

/** A shopper's basket on one storefront (its token, its visitor address). */
function shopper(base: string, visitor = newVisitor()) {
  let token: string | undefined;
  const headers = () => (token ? { 'x-cart-token': token } : ({} as Record<string, string>));
  const send = (method: string, route: string, body?: unknown, at = base) =>
    call(at, method, `/api/v1${route}?${common()}`, { body, visitor, headers: headers() });
  return {
    visitor,
    get token() {
      return token;
    },
    set token(value: string | undefined) {
      token = value;
    },
    send,
    async add(productId: number, reference: string, quantity = 2) {
      const answer = await send('POST', '/cart/items', {
        items: [{ element_id: productId, element_type: 'product', variant_reference: reference, quantity }],
      });
      expect(answer.status, answer.text).toBeLessThan(300);
      token ??= answer.body.token;
      return answer;
    },
    async deliver() {
      const answer = await send('PUT', '/checkout/delivery', DELIVERY);
      expect(answer.status, answer.text).toBe(200);
      return answer.body.cart.grand_total.ttc as number;
    },
    async total(at = base) {
      const answer = await send('GET', '/cart', undefined, at);
      expect(answer.status, answer.text).toBe(200);
      return answer.body.cart.grand_total.ttc as number;
    },
    complete(expectedTotal: number, card = 'tok_ok', at = base) {
      return send(
        'POST',
        '/checkout/complete',
        {
          payment_method: 'card',
          card_token: card,
          accept_terms: true,
          expected_total: expectedTotal,
          email: 'alex.morgan@example.co.uk',
        },
        at,
      );
    },
  };
}

describe('changes reach every instance', () => {
  it('a price changed through A is charged on B at its next completion, and shown in B’s basket within 2 s', async () => {
    const bag = await product(B, 'plasterwick-multi-fill-powder');
    const pack = bag.variants[0]!;
    const basket = shopper(B);
    await basket.add(bag.id, pack.reference);
    const before = await basket.deliver();

    await staffWrite('PATCH', `/product/${bag.id}/variants/${pack.reference}`, {
      version: bag.version,
      prices: [{ plan_id: 2, inc_vat: pack.price.inc_vat + 500 }],
    });
    const refused = await basket.complete(before);
    expect(refused.status, refused.text).toBe(409);
    expect(refused.body.status).toBe('price_changed');
    expect(refused.body.cart.grand_total.ttc).toBe(before + 2 * 500);
    await within(
      2000,
      () => basket.total(),
      (total) => total === before + 2 * 500,
    );

    const paid = await basket.complete(before + 2 * 500);
    expect(paid.status, paid.text).toBe(201);
    expect(paid.body.order.status).toBe('paid');
  });

  it('a product deleted through A cannot be bought on B', async () => {
    const tube = await product(B, 'plasterwick-handy-tube-filler');
    const basket = shopper(B);
    await basket.add(tube.id, tube.variants[0]!.reference);
    const total = await basket.deliver();
    await staffWrite('DELETE', '/product', { id: tube.id });

    const refused = await basket.complete(total);
    expect(refused.status, refused.text).toBe(409);
    expect(refused.body.cart.list).toEqual([]);
    expect(refused.body.cart.notice).toContain('No longer available');
    const again = await basket.send('POST', '/cart/items', {
      items: [
        {
          element_id: tube.id,
          element_type: 'product',
          variant_reference: tube.variants[0]!.reference,
          quantity: 1,
        },
      ],
    });
    expect(again.status, again.text).toBe(400);
    expect(again.body.errors[0].message).toBe('Unknown product');
  });

  it('a product renamed through A is in both back-offices’ answers within 2 s, and on both storefronts’ on-demand pages within 5 s', async () => {
    const filler = await product(A, 'plasterwick-fine-surface-filler');
    const results = '/diy-filler/results/filler';
    // Every server has the old name in its caches first: the page rendered and kept, the product answer kept.
    for (const base of [A, B, backofficeA, backofficeB])
      expect((await product(base, filler.id)).name).toBe(filler.name);
    for (const base of [A, B]) expect((await call(base, 'GET', results)).text).toContain(filler.name);

    const renamed = 'Fine Surface Filler Ultra';
    await staffWrite('PATCH', `/product/${filler.id}`, { version: filler.version, name: renamed });
    await Promise.all(
      [backofficeA, backofficeB].map((base) =>
        within(
          2000,
          async () => (await product(base, filler.id)).name,
          (name) => name === renamed,
        ),
      ),
    );
    await Promise.all(
      [A, B].map((base) =>
        within(
          5000,
          async () => (await call(base, 'GET', results)).text,
          (page) => page.includes(renamed),
        ),
      ),
    );
  });
});
