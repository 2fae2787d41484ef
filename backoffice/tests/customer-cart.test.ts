/**
 * Customers' baskets (api-contract.md "Baskets of customers"): with a session the customer's open basket is used
 * whatever token the call carries, and its token is given back to a call that did not carry it (cleared storage);
 * a customer's basket opens only with its session; login merges the guest basket once (quantities summed, capped
 * at 999, the guest basket deleted) or makes it the customer's; the sweep keeps a customer's basket 90 days after
 * its last change. Two calls at the same time agree on one basket and one token (run on PostgreSQL too).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { carts, customerTokens } from '../src/db/schema.ts';
import { DAY_MS, HOUR_MS } from '@plasterwick/shop-rules/time';
import { fakeClock } from '../src/lib/clock.ts';
import { cartResponse } from '../src/modules/cart/schemas.ts';
import { hashToken } from '../src/lib/tokens.ts';
import { createCustomer, TEST_PASSWORD, type TestCustomer } from './account-helpers.ts';
import { DELIVERY_ADDRESS, PHONE } from './customer-cart-helpers.ts';
import { productOf } from './cart-helpers.ts';
import { createTestApp, PART_PLAN, q, type TestApp } from './helpers.ts';

const START = new Date('2027-03-01T09:00:00Z');
const clock = fakeClock(START);
let t: TestApp;
let product: Awaited<ReturnType<typeof productOf>>;

beforeAll(async () => {
  t = await createTestApp({}, { clock });
  product = await productOf(t.app, 'plasterwick-multi-fill-powder', PART_PLAN);
});
afterAll(() => t.close());
beforeEach(() => clock.set(START));

const pack = (index: number, quantity: number) => ({
  element_id: product.id,
  element_type: 'product' as const,
  variant_reference: product.variants[index]!.reference,
  quantity,
});

interface Caller {
  cookie?: string;
  token?: string;
}

async function call(method: 'GET' | 'POST' | 'PUT', path: string, who: Caller, payload?: object) {
  return t.app.inject({
    method,
    url: `/api/v1${path}?${q({ saleplan_id: PART_PLAN })}`,
    headers: {
      ...(who.cookie ? { cookie: who.cookie } : {}),
      ...(who.token ? { 'x-cart-token': who.token } : {}),
    },
    ...(payload ? { payload } : {}),
  });
}

const add = (who: Caller, items: ReturnType<typeof pack>[]) => call('POST', '/cart/items', who, { items });
const getCart = (who: Caller) => call('GET', '/cart', who);

/** A guest basket with these lines; its token. */
async function guestBasket(items: ReturnType<typeof pack>[]): Promise<string> {
  const response = await add({}, items);
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { token: string }).token;
}

async function login(customer: TestCustomer, guestToken?: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/v1/auth/login?${q()}`,
    headers: guestToken ? { 'x-cart-token': guestToken } : {},
    payload: { email: customer.customer.email, password: TEST_PASSWORD },
  });
  expect(response.statusCode, response.body).toBe(200);
  const session = response.cookies.find((cookie) => cookie.name === 'pw_session');
  return {
    cookie: `pw_session=${session?.value}`,
    cart: (response.json() as { cart: { token: string; token_expires_at: string } | null }).cart,
  };
}

const quantities = (body: unknown) =>
  Object.fromEntries(
    cartResponse.parse(body).cart.list.map((line) => [line.variant_reference, line.quantity]),
  );

const ref = (index: number) => product.variants[index]!.reference;

describe('login merges the guest basket once', () => {
  test('quantities summed and capped at 999, other lines added, guest basket deleted; a repeat merges nothing', async () => {
    const customer = await createCustomer(t.app);
    const own = await add({ cookie: customer.cookie }, [pack(0, 998), pack(1, 1)]);
    expect(own.statusCode, own.body).toBe(201);
    const guest = await guestBasket([pack(0, 5), pack(2, 3)]);

    const first = await login(customer, guest);
    expect(first.cart?.token).toMatch(/^[\w-]{43}$/);
    const merged = await getCart({ cookie: first.cookie, token: first.cart!.token });
    expect(merged.statusCode).toBe(200);
    expect(quantities(merged.json())).toEqual({ [ref(0)]: 999, [ref(1)]: 1, [ref(2)]: 3 });
    expect(merged.json()).not.toHaveProperty('token');
    expect((await getCart({ token: guest })).statusCode).toBe(404);
    expect(
      await t.app.db
        .select()
        .from(carts)
        .where(eq(carts.tokenHash, hashToken(guest))),
    ).toEqual([]);

    const again = await login(customer, guest);
    expect(again.cart?.token).toBe(first.cart?.token);
    expect(quantities((await getCart({ cookie: again.cookie })).json())).toEqual({
      [ref(0)]: 999,
      [ref(1)]: 1,
      [ref(2)]: 3,
    });
  });

  test('without a basket of its own, the guest basket becomes the customer’s', async () => {
    const customer = await createCustomer(t.app);
    const guest = await guestBasket([pack(1, 2)]);
    const { cookie, cart } = await login(customer, guest);
    const [row] = await t.app.db.select().from(carts).where(eq(carts.customerId, customer.customer.id));
    expect(row?.tokenHash).toBe(hashToken(cart!.token));
    expect(quantities((await getCart({ cookie, token: cart!.token })).json())).toEqual({ [ref(1)]: 2 });
    // The guest token no longer opens it: a customer's basket opens only with its session.
    expect((await getCart({ token: guest })).statusCode).toBe(404);
  });

  test('two logins at the same time with the same guest basket merge it once', async () => {
    const customer = await createCustomer(t.app);
    await add({ cookie: customer.cookie }, [pack(0, 10)]);
    const guest = await guestBasket([pack(0, 5)]);
    const [a, b] = await Promise.all([login(customer, guest), login(customer, guest)]);
    expect(a.cart?.token).toBe(b.cart?.token);
    expect(quantities((await getCart({ cookie: a.cookie })).json())).toEqual({ [ref(0)]: 15 });
  });

  test('a password reset logs in like a login: the guest basket is merged', async () => {
    const customer = await createCustomer(t.app);
    await add({ cookie: customer.cookie }, [pack(1, 1)]);
    const guest = await guestBasket([pack(1, 2)]);
    const token = 'reset-link-token-for-this-test';
    await t.app.db.insert(customerTokens).values({
      tokenHash: hashToken(token),
      customerId: customer.customer.id,
      purpose: 'reset',
      email: customer.customer.email,
      expiresAt: new Date(clock.now().getTime() + HOUR_MS),
      createdAt: clock.now(),
    });
    const reset = await t.app.inject({
      method: 'POST',
      url: `/api/v1/auth/password/reset?${q()}`,
      headers: { 'x-cart-token': guest },
      payload: { token, password: 'Renewed2027' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const { cart } = reset.json() as { cart: { token: string } };
    const cookie = `pw_session=${reset.cookies.find((c) => c.name === 'pw_session')?.value}`;
    expect(quantities((await getCart({ cookie, token: cart.token })).json())).toEqual({ [ref(1)]: 3 });
  });

  test('a guest basket whose order waits for its payment is left alone', async () => {
    const customer = await createCustomer(t.app);
    await add({ cookie: customer.cookie }, [pack(0, 1)]);
    const guest = await guestBasket([pack(1, 2)]);
    const delivery = await call(
      'PUT',
      '/checkout/delivery',
      { token: guest },
      {
        method: 'delivery',
        address: DELIVERY_ADDRESS,
        carrier_code: 'standard',
        phone: PHONE,
      },
    );
    expect(delivery.statusCode, delivery.body).toBe(200);
    const total = cartResponse.parse(delivery.json()).cart.grand_total.ttc;
    const completion = await call(
      'POST',
      '/checkout/complete',
      { token: guest },
      {
        payment_method: 'card',
        card_token: 'tok_3ds',
        accept_terms: true,
        expected_total: total,
        email: 'guest.buyer@example.co.uk',
      },
    );
    expect(completion.json().order?.status, completion.body).toBe('pending_payment');

    const { cookie } = await login(customer, guest);
    expect(quantities((await getCart({ cookie })).json())).toEqual({ [ref(0)]: 1 });
    const [guestRow] = await t.app.db
      .select()
      .from(carts)
      .where(eq(carts.tokenHash, hashToken(guest)));
    expect(guestRow?.customerId).toBeNull();
  });

  test('no guest basket and no basket: cart null', async () => {
    const customer = await createCustomer(t.app);
    expect((await login(customer)).cart).toBeNull();
  });
});

describe('with a session', () => {
  test('POST /cart/items opens the customer’s basket; a call without its token gets it back', async () => {
    const customer = await createCustomer(t.app);
    const created = await add({ cookie: customer.cookie }, [pack(0, 1)]);
    expect(created.statusCode).toBe(201);
    const { token, token_expires_at: expiresAt } = created.json() as {
      token: string;
      token_expires_at: string;
    };
    const [row] = await t.app.db.select().from(carts).where(eq(carts.customerId, customer.customer.id));
    expect(row?.tokenHash).toBe(hashToken(token));

    // Cleared storage: the session alone finds the basket and its token.
    const restored = await getCart({ cookie: customer.cookie });
    expect(restored.statusCode).toBe(200);
    expect(restored.json()).toMatchObject({ token, token_expires_at: expiresAt });
    expect(restored.headers['cache-control']).toBe('no-store');
    const added = await add({ cookie: customer.cookie }, [pack(0, 2)]);
    expect(added.statusCode).toBe(200);
    expect(added.json()).toMatchObject({ token });
    expect(quantities(added.json())).toEqual({ [ref(0)]: 3 });
    // With its token, no token in the answer.
    expect((await getCart({ cookie: customer.cookie, token })).json()).not.toHaveProperty('token');
  });

  test('every call works on the customer’s basket whatever token it carries', async () => {
    const customer = await createCustomer(t.app);
    await add({ cookie: customer.cookie }, [pack(0, 4)]);
    const someoneElses = await guestBasket([pack(2, 7)]);
    const seen = await getCart({ cookie: customer.cookie, token: someoneElses });
    expect(quantities(seen.json())).toEqual({ [ref(0)]: 4 });
    const carriers = await call('GET', '/checkout/carriers', {
      cookie: customer.cookie,
      token: someoneElses,
    });
    expect(carriers.statusCode, carriers.body).toBe(200);
    // The guest's basket was left alone.
    expect(quantities((await getCart({ token: someoneElses })).json())).toEqual({ [ref(2)]: 7 });
  });

  test('a customer’s basket opens neither after logout nor with another customer’s session', async () => {
    const owner = await createCustomer(t.app);
    const created = await add({ cookie: owner.cookie }, [pack(1, 1)]);
    const { token } = created.json() as { token: string };
    expect((await getCart({ token })).statusCode).toBe(404);
    const other = await createCustomer(t.app);
    expect((await getCart({ cookie: other.cookie, token })).statusCode).toBe(404);
    // A guest add with that token opens a new guest basket instead.
    const fresh = await add({ token }, [pack(0, 1)]);
    expect(fresh.statusCode).toBe(201);
    expect(quantities((await getCart({ cookie: owner.cookie })).json())).toEqual({ [ref(1)]: 1 });
  });

  test('an expired token is renewed for the session; the basket stays 90 days after its last change', async () => {
    const customer = await createCustomer(t.app);
    const first = (await add({ cookie: customer.cookie }, [pack(0, 1)])).json() as { token: string };
    clock.advance(4 * DAY_MS);
    const renewed = await getCart({ cookie: customer.cookie, token: first.token });
    expect(renewed.statusCode).toBe(200);
    const { token, token_expires_at: expiresAt } = renewed.json() as {
      token: string;
      token_expires_at: string;
    };
    expect(token).not.toBe(first.token);
    expect(expiresAt).toBe(new Date(clock.now().getTime() + 72 * HOUR_MS).toISOString());

    const guest = await guestBasket([pack(0, 1)]);
    clock.advance(80 * DAY_MS);
    await t.app.jobs.runNow('housekeeping');
    expect((await getCart({ token: guest })).statusCode).toBe(404);
    const kept = await t.app.db.select().from(carts).where(eq(carts.customerId, customer.customer.id));
    expect(kept).toHaveLength(1);
    // Reading renewed nothing but the token: 90 days after the last change (the add, 84 days ago) it goes.
    clock.advance(7 * DAY_MS);
    await t.app.jobs.runNow('housekeeping');
    expect(await t.app.db.select().from(carts).where(eq(carts.customerId, customer.customer.id))).toEqual([]);
  });
});

describe('calls at the same time', () => {
  test('two first adds of a logged-in customer make one basket; two reads get the same token', async () => {
    const customer = await createCustomer(t.app);
    const [a, b] = await Promise.all([
      add({ cookie: customer.cookie }, [pack(0, 1)]),
      add({ cookie: customer.cookie }, [pack(0, 2)]),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 201]);
    const baskets = await t.app.db.select().from(carts).where(eq(carts.customerId, customer.customer.id));
    expect(baskets).toHaveLength(1);

    clock.advance(4 * DAY_MS);
    const reads = await Promise.all([1, 2, 3].map(() => getCart({ cookie: customer.cookie })));
    const tokens = reads.map((response) => (response.json() as { token?: string }).token);
    expect(reads.map((response) => response.statusCode)).toEqual([200, 200, 200]);
    expect(new Set(tokens).size).toBe(1);
    expect(quantities(reads[0]!.json())).toEqual({ [ref(0)]: 3 });
    expect((await getCart({ cookie: customer.cookie, token: tokens[0] })).json()).not.toHaveProperty('token');
  });
});
