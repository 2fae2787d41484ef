/**
 * A logged-in customer's basket for the account tests: the calls carry the session cookie (the customer's basket
 * is the session's) and the basket token the server gave back, like the storefront does.
 */
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { cartResponse, sessionCartResponse } from '../src/modules/cart/schemas.ts';
import type { TestCustomer } from './account-helpers.ts';
import type { Item } from './cart-helpers.ts';
import { q } from './helpers.ts';

export const DELIVERY_ADDRESS = {
  first_name: 'Alex',
  last_name: 'Morgan',
  address: '1 Mill Lane',
  town: 'Manchester',
  postcode: 'M1 1AE',
};
export const PHONE = '0161 496 0000';

export function customerCart(app: FastifyInstance, who: TestCustomer, plan: number) {
  let token: string | undefined;
  const headers = () => ({ ...who.headers, ...(token ? { 'x-cart-token': token } : {}) });
  const url = (path: string) => `/api/v1${path}?${q({ saleplan_id: plan })}`;
  const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, payload?: object) =>
    app.inject({ method, url: url(path), headers: headers(), ...(payload ? { payload } : {}) });
  return {
    get token() {
      return token;
    },
    set token(value: string | undefined) {
      token = value;
    },
    headers,
    call,
    async add(items: Item[]) {
      const response = await call('POST', '/cart/items', { items });
      expect([200, 201], response.body).toContain(response.statusCode);
      const body = sessionCartResponse.parse(response.json());
      if (body.token) token = body.token;
      return body.cart;
    },
    async ok(method: 'GET' | 'PUT' | 'POST', path: string, payload?: object) {
      const response = await call(method, path, payload);
      expect(response.statusCode, response.body).toBe(200);
      return cartResponse.parse(response.json()).cart;
    },
    /** Home delivery to Manchester with the plan's first carrier. */
    deliver(carrier: string, extra: object = {}) {
      return this.ok('PUT', '/checkout/delivery', {
        method: 'delivery',
        address: DELIVERY_ADDRESS,
        carrier_code: carrier,
        phone: PHONE,
        ...extra,
      });
    },
  };
}
