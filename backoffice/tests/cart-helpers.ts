/** Calls of the basket for the cart and checkout tests: one function per call, the token in `X-Cart-Token`. */
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { z } from 'zod';
import { cartResponse, newCartResponse } from '../src/modules/cart/schemas.ts';
import { errorBody } from '../src/lib/http.ts';
import { PART_PLAN, PRO_PLAN, q } from './helpers.ts';

export type CartBody = z.infer<typeof cartResponse>['cart'];
export type ErrorAnswer = z.infer<typeof errorBody>;

export const plans = { pro: PRO_PLAN, part: PART_PLAN } as const;
export type Audience = keyof typeof plans;

export interface Item {
  element_id: number;
  element_type?: 'product';
  variant_reference?: string;
  quantity: number;
}

/** A small client of the cart calls on `app`, in one audience (switchable). */
export function cartClient(app: FastifyInstance, audience: Audience = 'part') {
  let token: string | undefined;
  let plan: number = plans[audience];
  const headers = () => (token ? { 'x-cart-token': token } : {});
  const url = (path: string, extra: Record<string, string | number | undefined> = {}) =>
    `/api/v1${path}?${q({ saleplan_id: plan, ...extra })}`;

  return {
    get token() {
      return token;
    },
    set token(value: string | undefined) {
      token = value;
    },
    use(next: Audience) {
      plan = plans[next];
    },
    url,
    headers,
    /** `POST /cart/items`: keeps the token of a new cart. */
    async add(items: Item[], expected?: number) {
      const response = await app.inject({
        method: 'POST',
        url: url('/cart/items'),
        headers: headers(),
        payload: { items },
      });
      if (expected !== undefined) expect(response.statusCode, response.body).toBe(expected);
      if (response.statusCode === 201) {
        const body = newCartResponse.parse(response.json());
        token = body.token;
        return { response, cart: body.cart, created: body };
      }
      return {
        response,
        cart: response.statusCode === 200 ? cartResponse.parse(response.json()).cart : undefined,
      };
    },
    async cart(status = 200) {
      const response = await app.inject({ method: 'GET', url: url('/cart'), headers: headers() });
      expect(response.statusCode, response.body).toBe(status);
      return response;
    },
    async view(): Promise<CartBody> {
      return cartResponse.parse((await this.cart()).json()).cart;
    },
    async call(method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', path: string, payload?: object) {
      return app.inject({ method, url: url(path), headers: headers(), ...(payload ? { payload } : {}) });
    },
    async ok(
      method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
      path: string,
      payload?: object,
    ): Promise<CartBody> {
      const response = await this.call(method, path, payload);
      expect(response.statusCode, response.body).toBe(200);
      return cartResponse.parse(response.json()).cart;
    },
    async refused(
      method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
      path: string,
      payload: object | undefined,
      statusCode: number,
    ): Promise<ErrorAnswer> {
      const response = await this.call(method, path, payload);
      expect(response.statusCode, response.body).toBe(statusCode);
      return errorBody.parse(response.json());
    },
  };
}

export type CartClient = ReturnType<typeof cartClient>;

/** A product of the seed by slug in a plan: id and packs with their prices. */
export async function productOf(app: FastifyInstance, slug: string, plan: number) {
  const response = await app.inject({
    method: 'GET',
    url: `/api/v1/product/${slug}?${q({ saleplan_id: plan })}`,
  });
  expect(response.statusCode, response.body).toBe(200);
  const product = response.json().data.items[0] as {
    id: number;
    name: string;
    variants: { reference: string; label: string; price: { ex_vat: number; inc_vat: number } }[];
  };
  return product;
}

/** Every line and total keeps `ht + tax = ttc`, and no amount is negative. */
export function expectConsistent(cart: CartBody) {
  const three = [
    cart.amount,
    cart.discount_amount,
    cart.grand_total,
    ...(cart.shipping ? [cart.shipping] : []),
  ];
  for (const amount of three) {
    expect(amount.ht + amount.tax).toBe(amount.ttc);
    for (const value of Object.values(amount)) expect(value).toBeGreaterThanOrEqual(0);
  }
  for (const line of cart.list) {
    expect(line.total_without_tax + line.tax, String(line.id)).toBe(line.total_with_tax);
    expect(line.total_with_tax).toBeGreaterThanOrEqual(0);
  }
  expect(cart.amount.ttc).toBe(cart.list.reduce((sum, line) => sum + line.total_with_tax, 0));
  expect(cart.amount.tax).toBe(cart.list.reduce((sum, line) => sum + line.tax, 0));
  expect(cart.discounted_amount).toBe(cart.amount.ttc - cart.discount_amount.ttc);
  expect(cart.discount_amount.ttc).toBeLessThanOrEqual(cart.amount.ttc);
  expect(cart.grand_total.ttc).toBe(cart.discounted_amount + (cart.shipping?.ttc ?? 0));
}
