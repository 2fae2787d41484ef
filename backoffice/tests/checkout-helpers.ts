/**
 * Calls of the checkout for its API tests (checkout, payment recovery, refunds): a basket ready to pay, the
 * completion body, completing, reading an order with its guest token, and raw rows of the test database.
 */
import type { sql } from 'drizzle-orm';
import { cartClient, productOf, type Audience, type CartClient } from './cart-helpers.ts';
import { PART_PLAN, PRO_PLAN, q, type TestApp } from './helpers.ts';

export const address = {
  first_name: 'Alex',
  last_name: 'Morgan',
  address: '1 Mill Lane',
  town: 'Manchester',
  postcode: 'm1 1ae',
};
export const PHONE = '0161 496 0000';

/** The body of `POST /checkout/complete` for a card (`tok_ok` unless named) and the total the shopper saw. */
export const completion = (total: number, card = 'tok_ok', extra: object = {}) => ({
  payment_method: 'card',
  card_token: card,
  accept_terms: true,
  expected_total: total,
  email: 'alex.morgan@example.co.uk',
  ...extra,
});

export const complete = (cart: CartClient, body: object) => cart.call('POST', '/checkout/complete', body);

/** The checkout kit of one test app: its seed's Multi-Fill packs and stockists are looked up once. */
export async function checkoutKit(t: TestApp) {
  const products = {
    part: await productOf(t.app, 'plasterwick-multi-fill-powder', PART_PLAN),
    pro: await productOf(t.app, 'plasterwick-multi-fill-powder', PRO_PLAN),
  };
  const found = await t.app.inject({
    url: `/api/v1/store-locator?${q({ postcode: 'M1', radius: 500, perPage: 100 })}`,
  });
  const stockists = found.json().data.items as { id: number; audiences: string[] }[];
  const stockistIds = {
    part: stockists.find((s) => s.audiences.includes('part'))!.id,
    pro: stockists.find((s) => s.audiences.includes('pro'))!.id,
    proOnly: stockists.find((s) => !s.audiences.includes('part'))?.id,
  };

  /** A basket with `quantity` 5 kg bags, delivered (or collected), ready to pay. */
  async function readyCart(
    audience: Audience = 'part',
    options: { quantity?: number; collect?: boolean } = {},
  ) {
    const cart = cartClient(t.app, audience);
    const product = products[audience];
    await cart.add(
      [
        {
          element_id: product.id,
          element_type: 'product',
          variant_reference: product.variants[1]!.reference,
          quantity: options.quantity ?? 2,
        },
      ],
      201,
    );
    const body = options.collect
      ? {
          method: 'collect',
          stockist_id: stockistIds[audience],
          first_name: 'Alex',
          last_name: 'Morgan',
          phone: PHONE,
        }
      : {
          method: 'delivery',
          address,
          carrier_code: audience === 'part' ? 'standard' : 'next_day',
          phone: PHONE,
        };
    const view = await cart.ok('PUT', '/checkout/delivery', body);
    return { cart, view };
  }

  /** `GET /orders/{number}` with the guest's access token. */
  const getOrder = (number: string, token: string | undefined) =>
    t.app.inject({
      method: 'GET',
      url: `/api/v1/orders/${number}?${q()}`,
      headers: token ? { 'x-order-token': token } : {},
    });

  /** Rows of a raw query on the test database. */
  async function rows<T>(text: ReturnType<typeof sql>): Promise<T[]> {
    const result = (await t.database.db.execute(text)) as unknown as { rows?: T[] } | T[];
    return Array.isArray(result) ? result : (result.rows ?? []);
  }

  return { products, stockistIds, readyCart, getOrder, rows };
}
