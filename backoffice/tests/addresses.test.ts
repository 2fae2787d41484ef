/**
 * The address book (spec §7 `address` resource, api-contract.md "Accounts"): 401 "Please log in" without a session
 * (before the body is looked at), the five calls, one default of each kind (a new default takes the flag), the
 * limit of 20, and another customer's address answering 404 on every call (IDOR). Checkout uses it: a saved
 * `address_id` in the delivery and billing steps, and `save_address: true` adding a typed address.
 */
import { ACCOUNT_MESSAGES, MAX_SAVED_ADDRESSES } from '@plasterwick/shop-rules/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressListResponse, savedAddressSchema } from '../src/modules/addresses/schemas.ts';
import { createCustomer, type TestCustomer } from './account-helpers.ts';
import { productOf } from './cart-helpers.ts';
import { customerCart, DELIVERY_ADDRESS, PHONE } from './customer-cart-helpers.ts';
import { createTestApp, PART_PLAN, q, type TestApp } from './helpers.ts';

let t: TestApp;
let alex: TestCustomer;
let sam: TestCustomer;

beforeAll(async () => {
  t = await createTestApp();
  alex = await createCustomer(t.app);
  sam = await createCustomer(t.app);
});
afterAll(() => t.close());

const home = {
  label: 'Home',
  first_name: 'Alex',
  last_name: 'Morgan',
  address: '1 Mill Lane',
  town: 'Manchester',
  postcode: 'm11ae',
};

function call(
  who: TestCustomer | null,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  payload?: object,
) {
  return t.app.inject({
    method,
    url: `/api/v1${path}${path.includes('?') ? '&' : '?'}${q()}`,
    headers: who?.headers ?? {},
    ...(payload ? { payload } : {}),
  });
}

async function create(who: TestCustomer, body: object) {
  const response = await call(who, 'POST', '/address', body);
  expect(response.statusCode, response.body).toBe(201);
  return savedAddressSchema.parse(response.json());
}

const list = async (who: TestCustomer) =>
  addressListResponse.parse((await call(who, 'GET', '/address')).json()).items;

describe('the address book', () => {
  it('answers 401 "Please log in" to every call without a session, whatever the body', async () => {
    for (const [method, path] of [
      ['GET', '/address'],
      ['GET', '/address/1'],
      ['POST', '/address'],
      ['PUT', '/address'],
      ['DELETE', '/address'],
    ] as const) {
      const response = await call(null, method, path, method === 'GET' ? undefined : { nonsense: true });
      expect(response.statusCode, `${method} ${path}`).toBe(401);
      expect(response.json()).toEqual({ status: 'unauthorized', message: ACCOUNT_MESSAGES.pleaseLogIn });
      expect(response.headers['cache-control']).toBe('no-store');
    }
  });

  it('creates, shows, updates and deletes an address; the postcode is stored formatted', async () => {
    const created = await create(alex, home);
    expect(created).toEqual({
      id: created.id,
      label: 'Home',
      first_name: 'Alex',
      last_name: 'Morgan',
      company: null,
      address: '1 Mill Lane',
      address_2: null,
      town: 'Manchester',
      postcode: 'M1 1AE',
      country: 'uk',
      phone: null,
      is_default_delivery: false,
      is_default_billing: false,
    });
    const shown = await call(alex, 'GET', `/address/${created.id}`);
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['cache-control']).toBe('no-store');
    expect(shown.json()).toEqual(created);

    const updated = await call(alex, 'PUT', '/address', {
      ...home,
      id: created.id,
      company: 'Morgan Plastering',
      phone: '0161 496 0000',
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({
      id: created.id,
      company: 'Morgan Plastering',
      phone: '0161 496 0000',
    });

    const removed = await call(alex, 'DELETE', '/address', { id: created.id });
    expect(removed.statusCode).toBe(204);
    expect(removed.body).toBe('');
    expect((await call(alex, 'GET', `/address/${created.id}`)).statusCode).toBe(404);

    const again = await create(alex, home);
    expect((await call(alex, 'DELETE', `/address?id=${again.id}`)).statusCode).toBe(204);
    expect((await call(alex, 'DELETE', '/address')).statusCode).toBe(400);
  });

  it('refuses what the rules refuse, naming the field', async () => {
    const cases: [object, string][] = [
      [{ ...home, postcode: 'M1' }, 'body.postcode'],
      [{ ...home, country: 'de' }, 'body.country'],
      [{ ...home, country: 'fr', postcode: '75001', is_default_delivery: true }, 'body.country'],
      [{ ...home, first_name: '' }, 'body.first_name'],
      [{ ...home, price: 1 }, 'body'],
    ];
    for (const [body, field] of cases) {
      const response = await call(alex, 'POST', '/address', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().errors.map((e: { field: string }) => e.field)).toContain(field);
    }
    // A billing address abroad is fine, its postcode as written.
    expect((await create(alex, { ...home, country: 'fr', postcode: '75001' })).postcode).toBe('75001');
  });

  it('keeps one default of each kind: a new default takes the flag from the old one; defaults come first', async () => {
    const customer = await createCustomer(t.app);
    const first = await create(customer, { ...home, label: 'First', is_default_delivery: true });
    const second = await create(customer, { ...home, label: 'Second', is_default_billing: true });
    const third = await create(customer, {
      ...home,
      label: 'Third',
      is_default_delivery: true,
      is_default_billing: true,
    });
    const items = await list(customer);
    expect(items.map((a) => [a.label, a.is_default_delivery, a.is_default_billing])).toEqual([
      ['Third', true, true],
      ['First', false, false],
      ['Second', false, false],
    ]);
    // Through an update too.
    const moved = await call(customer, 'PUT', '/address', {
      ...home,
      id: first.id,
      label: 'First',
      is_default_delivery: true,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const after = await list(customer);
    expect(after.filter((a) => a.is_default_delivery).map((a) => a.id)).toEqual([first.id]);
    expect(after.filter((a) => a.is_default_billing).map((a) => a.id)).toEqual([third.id]);
    expect(after.map((a) => a.id)).toEqual([first.id, third.id, second.id]);
  });

  it(`holds ${MAX_SAVED_ADDRESSES} addresses at most: the next is 409 too_many_addresses`, async () => {
    const customer = await createCustomer(t.app);
    for (let i = 0; i < MAX_SAVED_ADDRESSES; i += 1) await create(customer, { ...home, label: `A${i}` });
    const refused = await call(customer, 'POST', '/address', home);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().status).toBe('too_many_addresses');
    expect(await list(customer)).toHaveLength(MAX_SAVED_ADDRESSES);
  });

  it("answers 404 for another customer's address on every call, and changes nothing (IDOR)", async () => {
    const theirs = await create(sam, { ...home, first_name: 'Sam', is_default_delivery: true });
    expect((await call(alex, 'GET', `/address/${theirs.id}`)).statusCode).toBe(404);
    const put = await call(alex, 'PUT', '/address', { ...home, id: theirs.id, town: 'Leeds' });
    expect(put.statusCode).toBe(404);
    expect((await call(alex, 'DELETE', '/address', { id: theirs.id })).statusCode).toBe(404);
    expect((await call(alex, 'DELETE', `/address?id=${theirs.id}`)).statusCode).toBe(404);
    expect((await list(alex)).map((a) => a.id)).not.toContain(theirs.id);
    const still = await call(sam, 'GET', `/address/${theirs.id}`);
    expect(still.json()).toMatchObject({ town: 'Manchester', is_default_delivery: true });
  });

  it('refuses cross-site writes with 403', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/v1/address?${q()}`,
      headers: { ...alex.headers, 'sec-fetch-site': 'cross-site' },
      payload: home,
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('checkout with the address book', () => {
  async function basket(who: TestCustomer) {
    const product = await productOf(t.app, 'plasterwick-multi-fill-powder', PART_PLAN);
    const cart = customerCart(t.app, who, PART_PLAN);
    await cart.add([
      { element_id: product.id, variant_reference: product.variants[1]!.reference, quantity: 1 },
    ]);
    return cart;
  }

  it('delivers to a saved address and bills another; a foreign id is 404, one abroad cannot be delivered to', async () => {
    const customer = await createCustomer(t.app, { audience: 'part' });
    const site = await create(customer, { ...home, label: 'Site', company: 'Morgan Plastering' });
    const paris = await create(customer, { ...home, country: 'fr', postcode: '75001', town: 'Paris' });
    const cart = await basket(customer);
    const delivered = await cart.ok('PUT', '/checkout/delivery', {
      method: 'delivery',
      address_id: site.id,
      carrier_code: 'standard',
      phone: PHONE,
    });
    expect(delivered.checkout.delivery).toEqual({
      method: 'delivery',
      address: {
        first_name: 'Alex',
        last_name: 'Morgan',
        company: 'Morgan Plastering',
        address: '1 Mill Lane',
        town: 'Manchester',
        postcode: 'M1 1AE',
        country: 'uk',
      },
      carrier_code: 'standard',
      carrier_label: 'Standard delivery',
      phone: PHONE,
    });
    const billed = await cart.ok('PUT', '/checkout/billing', { address_id: paris.id });
    expect(billed.checkout.billing).toMatchObject({
      same_as_delivery: false,
      address: { town: 'Paris', postcode: '75001', country: 'fr' },
    });

    const abroad = await cart.call('PUT', '/checkout/delivery', {
      method: 'delivery',
      address_id: paris.id,
      carrier_code: 'standard',
      phone: PHONE,
    });
    expect(abroad.statusCode).toBe(400);
    expect(abroad.json().errors).toEqual([
      { field: 'body.address_id', message: 'We deliver to UK addresses only' },
    ]);

    const theirs = await create(sam, home);
    for (const [path, body] of [
      [
        '/checkout/delivery',
        { method: 'delivery', address_id: theirs.id, carrier_code: 'standard', phone: PHONE },
      ],
      ['/checkout/billing', { address_id: theirs.id }],
    ] as const) {
      const response = await cart.call('PUT', path, body);
      expect(response.statusCode, path).toBe(404);
    }
  });

  it('saves a typed address once, as the default when there is none; needs a session', async () => {
    const customer = await createCustomer(t.app, { audience: 'part' });
    const cart = await basket(customer);
    const step = {
      method: 'delivery',
      address: DELIVERY_ADDRESS,
      carrier_code: 'standard',
      phone: PHONE,
      save_address: true,
    };
    await cart.ok('PUT', '/checkout/delivery', step);
    await cart.ok('PUT', '/checkout/delivery', step);
    const billing = { ...DELIVERY_ADDRESS, address: '2 Quay Street', country: 'uk' };
    await cart.ok('PUT', '/checkout/billing', { address: billing, save_address: true });
    const book = await list(customer);
    expect(
      book.map((a) => [a.address, a.postcode, a.phone, a.is_default_delivery, a.is_default_billing]),
    ).toEqual([
      ['1 Mill Lane', 'M1 1AE', PHONE, true, false],
      ['2 Quay Street', 'M1 1AE', null, false, true],
    ]);

    const guest = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/checkout/delivery?${q({ saleplan_id: PART_PLAN })}`,
      headers: { 'x-cart-token': 'anything' },
      payload: step,
    });
    expect(guest.statusCode).toBe(401);
  });
});
