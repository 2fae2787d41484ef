/**
 * Once-per-customer codes (issue 21): one use per code and customer, held in the database by a partial unique index
 * over the uses of such codes (`discount_use.customer_key`). A guest is the e-mail typed at checkout, normalised (any
 * case, a `+tag` dropped); a logged-in customer is the account, whatever e-mail is typed, and a use made as a guest
 * with the account's address is theirs too; a use given back (a declined card) lets the shopper use the code again.
 * 10 baskets of one e-mail completed at once give one use, the others the code's refusal: the race runs on
 * PostgreSQL with DATABASE_URL. The backfill of the uses taken before the key existed is tested on its own.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/rows.ts';
import { conflictBody } from '../src/modules/checkout/schemas.ts';
import { createCustomer, type TestCustomer } from './account-helpers.ts';
import { cartClient, productOf } from './cart-helpers.ts';
import { customerCart } from './customer-cart-helpers.ts';
import { createTestApp, PART_PLAN, type TestApp } from './helpers.ts';

const USED_BEFORE = 'You have already used this code: it was taken off your basket';

let t: TestApp;
let product: Awaited<ReturnType<typeof productOf>>;
let codeCounter = 0;

beforeAll(async () => {
  t = await createTestApp();
  product = await productOf(t.app, 'plasterwick-multi-fill-powder', PART_PLAN);
});
afterAll(() => t.close());

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return rowsOf<T>(await t.database.db.execute(query));
}

/** A new once-per-customer code (5 % off, DIY), so each test counts its own uses. */
async function onceEachCode(): Promise<string> {
  const code = `ONCE${++codeCounter}`;
  await t.database.db.execute(sql`
    insert into discount (site_id, code, description, type, unit, value, once_per_customer)
    select id, ${code}, '5 % off, once each', 'cart_discount', 'percent', 5, true from site where is_local`);
  return code;
}

const usesOf = async (code: string) =>
  rows<{ customer_key: string | null; used: number }>(sql`
    select discount_use.customer_key, discount.used from discount_use
    join discount on discount.id = discount_use.discount_id where discount.code = ${code}`);

const line = () => ({
  element_id: product.id,
  element_type: 'product' as const,
  variant_reference: product.variants[1]!.reference,
  quantity: 2,
});
const delivery = {
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
const completion = (total: number, email: string, card = 'tok_ok') => ({
  payment_method: 'card',
  card_token: card,
  accept_terms: true,
  expected_total: total,
  email,
});

/** A guest's basket with the code, ready to pay: its completion call. */
async function guestBasket(code: string) {
  const cart = cartClient(t.app, 'part');
  await cart.add([line()], 201);
  await cart.ok('PUT', '/checkout/delivery', delivery);
  const view = await cart.ok('POST', '/cart/discount', { code });
  return (email: string, card?: string) =>
    cart.call('POST', '/checkout/complete', completion(view.grand_total.ttc, email, card));
}

/** A logged-in customer's basket with the code, ready to pay: its completion call. */
async function customerBasket(who: TestCustomer, code: string) {
  const cart = customerCart(t.app, who, PART_PLAN);
  await cart.add([line()]);
  await cart.deliver('standard');
  const view = await cart.ok('POST', '/cart/discount', { code });
  return (email: string) => cart.call('POST', '/checkout/complete', completion(view.grand_total.ttc, email));
}

function expectUsedBefore(response: { statusCode: number; body: string; json(): unknown }) {
  expect(response.statusCode, response.body).toBe(409);
  expect(conflictBody.parse(response.json())).toMatchObject({
    status: 'discount_exhausted',
    message: USED_BEFORE,
    cart: { discounts: { cart_discount: null } },
  });
}

describe('a once-per-customer code', () => {
  it('10 baskets of one e-mail completed at once: one order holds the use, the others get the refusal', async () => {
    const code = await onceEachCode();
    const baskets = await Promise.all(Array.from({ length: 10 }, () => guestBasket(code)));
    const answers = await Promise.all(
      baskets.map((complete, n) => complete(n % 2 ? 'Race.Guest@Example.co.uk' : 'race.guest@example.co.uk')),
    );
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(1);
    for (const refused of answers.filter((answer) => answer.statusCode !== 201)) expectUsedBefore(refused);
    expect(await usesOf(code)).toEqual([{ customer_key: 'e:race.guest@example.co.uk', used: 1 }]);
  });

  it('a guest is the e-mail typed, in any case and with or without a +tag', async () => {
    const code = await onceEachCode();
    expect((await (await guestBasket(code))('sam.hart@example.co.uk')).statusCode).toBe(201);
    expectUsedBefore(await (await guestBasket(code))(' SAM.HART+again@example.co.uk '));
    expect((await (await guestBasket(code))('someone.else@example.co.uk')).statusCode).toBe(201);
  });

  it('logged in, the account holds the use whatever e-mail is typed; another account may use the code', async () => {
    const code = await onceEachCode();
    const alex = await createCustomer(t.app, { audience: 'part' });
    expect((await (await customerBasket(alex, code))('alex@example.co.uk')).statusCode).toBe(201);
    expectUsedBefore(await (await customerBasket(alex, code))('another.address@example.co.uk'));
    const sam = await createCustomer(t.app, { audience: 'part' });
    expect((await (await customerBasket(sam, code))('alex@example.co.uk')).statusCode).toBe(201);
    expect((await usesOf(code)).map((use) => use.customer_key).sort()).toEqual([
      `c:${alex.customer.id}`,
      `c:${sam.customer.id}`,
    ]);
  });

  it("a use made as a guest with the account's address counts for the account", async () => {
    const code = await onceEachCode();
    const jo = await createCustomer(t.app, { audience: 'part' });
    expect((await (await guestBasket(code))(jo.customer.email.toUpperCase())).statusCode).toBe(201);
    expectUsedBefore(await (await customerBasket(jo, code))('jo.at.work@example.co.uk'));
  });

  it('a declined card gives the use back: the same shopper can use the code again', async () => {
    const code = await onceEachCode();
    const complete = await guestBasket(code);
    const declined = await complete('declined.once@example.co.uk', 'tok_decline');
    expect(declined.statusCode, declined.body).toBe(402);
    expect(await usesOf(code)).toEqual([]);
    expect((await complete('declined.once@example.co.uk')).statusCode).toBe(201);
    expect(await usesOf(code)).toEqual([{ customer_key: 'e:declined.once@example.co.uk', used: 1 }]);
  });
});

describe('the backfill of uses taken before the key', () => {
  it('keys the earliest use of each holder, the account when logged in, and leaves duplicates unkeyed', async () => {
    const code = await onceEachCode();
    const kim = await createCustomer(t.app, { audience: 'part' });
    for (const email of ['Kim.Lee+shop@example.co.uk', 'kim.lee@example.co.uk', 'pat@example.co.uk']) {
      expect(
        (await (await guestBasket(code))(`${email.split('@')[0]}.${code}@example.co.uk`)).statusCode,
      ).toBe(201);
    }
    expect((await (await customerBasket(kim, code))('kim@example.co.uk')).statusCode).toBe(201);
    // As a database before the key held them: the e-mails typed, no key (two of them one guest's, as the race left).
    await t.database.db.execute(sql`
      update discount_use set customer_key = null,
        email = case when email like 'kim.lee+shop.%' then 'Kim.Lee+shop@example.co.uk'
                     when email like 'kim.lee.%' then 'kim.lee@example.co.uk' else email end
      where discount_id = (select id from discount where code = ${code})`);
    const folder = path.resolve(import.meta.dirname, '../drizzle');
    const file = readdirSync(folder).find((name) => name.endsWith('_discount_use_customer_key_backfill.sql'));
    await t.database.db.execute(sql.raw(readFileSync(path.join(folder, file!), 'utf8')));
    const keys = await rows<{ email: string; customer_key: string | null }>(sql`
      select email, customer_key from discount_use
      where discount_id = (select id from discount where code = ${code}) order by order_id`);
    expect(keys.map((use) => use.customer_key)).toEqual([
      'e:kim.lee@example.co.uk',
      null,
      `e:pat.${code.toLowerCase()}@example.co.uk`,
      `c:${kim.customer.id}`,
    ]);
  });
});
