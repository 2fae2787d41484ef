/**
 * Discount codes in the staff API (issue 24, docs/api-contract.md "Staff: discounts"): a `catalogue` person creates
 * each kind, the input is checked field by field (400 with messages), a code is unique per site in any case (409),
 * a PATCH changes only what it names and a stale version is a 409; a deactivated code is refused by the basket and
 * taken off one holding it, activated it is accepted again; the list shows uses and states; every write is in the
 * audit trail; a role without `discounts:write` gets 403.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, discounts } from '../src/db/schema.ts';
import { fakeClock } from '../src/lib/clock.ts';
import { discountSchema } from '../src/modules/discounts/staff-schemas.ts';
import { cartClient, productOf } from './cart-helpers.ts';
import { createTestApp, PART_PLAN, q, type TestApp } from './helpers.ts';
import { consoleHeaders, inviteAndEnrol, type StaffPerson } from './staff-helpers.ts';

// 10:00 in London (BST) on 1 June 2027.
const clock = fakeClock(new Date('2027-06-01T09:00:00Z'));
let t: TestApp;
let catalogue: StaffPerson;
let service: StaffPerson;
let product: Awaited<ReturnType<typeof productOf>>;

beforeAll(async () => {
  t = await createTestApp({}, { clock });
  catalogue = await inviteAndEnrol(t.app, clock, 'catalogue');
  service = await inviteAndEnrol(t.app, clock, 'customer_service');
  product = await productOf(t.app, 'plasterwick-multi-fill-powder', PART_PLAN);
});
afterAll(() => t.close());

function call(method: 'GET' | 'POST' | 'PATCH', path: string, payload?: object, person = catalogue) {
  return t.app.inject({
    method,
    url: `/api/v1${path}${path.includes('?') ? '&' : '?'}${q()}`,
    headers: consoleHeaders(person.session),
    ...(payload ? { payload } : {}),
  });
}

async function create(body: object) {
  const response = await call('POST', '/staff/discounts', body);
  expect(response.statusCode, response.body).toBe(201);
  return discountSchema.parse(response.json().data);
}

const percentage = (code: string, extra: object = {}) => ({
  code,
  description: '12 % off your order',
  kind: 'percentage',
  percent: 12,
  ...extra,
});

/** A DIY basket of two packs (2 × 17,27 £) with `code` put on it: the cart call's answer. */
async function basketWith(code: string) {
  const cart = cartClient(t.app, 'part');
  await cart.add(
    [
      {
        element_id: product.id,
        element_type: 'product',
        variant_reference: product.variants[0]!.reference,
        quantity: 2,
      },
    ],
    201,
  );
  return { cart, response: await cart.call('POST', '/cart/discount', { code }) };
}

describe('creating discount codes', () => {
  it('creates each kind, the code trimmed and upper-cased, audited under the person', async () => {
    const percent = await create(percentage('  summer12 ', { audience: 'part', once_per_customer: true }));
    expect(percent).toMatchObject({
      code: 'SUMMER12',
      kind: 'percentage',
      percent: 12,
      amount_pence: null,
      audience: 'part',
      once_per_customer: true,
      used: 0,
      state: 'active',
      active: true,
      version: 1,
    });
    const amount = await create({
      code: 'FIVEOFF',
      description: '5 £ off orders over 50 £',
      kind: 'fixed_amount',
      amount_pence: 500,
      min_subtotal_pence: 5000,
      usage_limit: 200,
      starts_at: '2027-07-01T00:00:00+01:00',
      ends_at: '2027-08-01T00:00:00+01:00',
    });
    expect(amount).toMatchObject({
      kind: 'fixed_amount',
      amount_pence: 500,
      percent: null,
      audience: 'both',
      usage_limit: 200,
      state: 'scheduled',
      starts_at: '2027-06-30T23:00:00.000Z',
    });
    const gift = await create({
      code: 'KNIFE',
      description: 'A free filling knife',
      kind: 'free_product',
      free_variant_reference: 'PW-1121-50',
      percent: 20, // another kind's field: cleared
    });
    expect(gift).toMatchObject({ kind: 'free_product', free_variant_reference: 'PW-1121-50', percent: null });

    const [event] = await t.app.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'discount.create'), eq(auditEvents.entityId, String(percent.id))));
    expect(event).toMatchObject({ actorName: 'catalogue person', entity: 'discount' });
    expect(event!.changes).toMatchObject({ code: { before: null, after: 'SUMMER12' } });
  });

  it('refuses wrong input with a message beside each field', async () => {
    const refused = async (body: object, field: string, message: RegExp) => {
      const response = await call('POST', '/staff/discounts', body);
      expect(response.statusCode, response.body).toBe(400);
      const errors = response.json().errors as { field: string; message: string }[];
      expect(errors.find((e) => e.field === field)?.message, response.body).toMatch(message);
    };
    await refused(percentage('TOOMUCH', { percent: 150 }), 'body.percent', /1 to 100/);
    await refused(percentage('NOPERCENT', { percent: null }), 'body.percent', /percentage off/);
    await refused(
      { code: 'NOAMOUNT', description: 'x', kind: 'fixed_amount' },
      'body.amount_pence',
      /amount off/,
    );
    await refused(
      { code: 'NOPACK', description: 'x', kind: 'free_product', free_variant_reference: 'PW-NOPE' },
      'body.free_variant_reference',
      /No pack .* PW-NOPE/,
    );
    await refused(
      percentage('BACKWARDS', { starts_at: '2027-07-01T00:00:00Z', ends_at: '2027-06-01T00:00:00Z' }),
      'body.ends_at',
      /after the start/,
    );
    await refused(percentage('HAS SPACE'), 'body.code', /letters, digits/);
    await refused(percentage('OK1', { min_subtotal_pence: -1 }), 'body.min_subtotal_pence', /negative/);
    await refused(percentage('OK2', { usage_limit: 0 }), 'body.usage_limit', /At least 1/);
  });

  it('keeps a code unique on the site in any case', async () => {
    const response = await call('POST', '/staff/discounts', percentage('welcome10'));
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json()).toMatchObject({
      status: 'discount_code_taken',
      errors: [{ field: 'body.code', message: 'Another discount already has the code WELCOME10' }],
    });
    // The database holds it too: a lower-case code cannot be stored beside its upper-case twin.
    await expect(
      t.app.db.insert(discounts).values({
        siteId: 3,
        code: 'welcome10',
        description: 'x',
        type: 'cart_discount',
        unit: 'percent',
        value: 5,
      }),
    ).rejects.toThrow();
  });
  it('is guarded by the database too: value ranges, each kind’s fields, dates in order', async () => {
    const base = { siteId: 3, description: 'x', type: 'cart_discount' as const, unit: 'percent' as const };
    const refused = [
      { ...base, code: 'DB1', value: 101 },
      { ...base, code: 'DB2', value: 0 },
      { ...base, code: 'DB3', value: 5, freeVariantReference: 'PW-1121-50' },
      { ...base, code: 'DB4', type: 'free_product' as const, value: 5, freeVariantReference: 'PW-1121-50' },
      { ...base, code: 'DB5', value: 5, startsAt: new Date('2027-07-01'), endsAt: new Date('2027-07-01') },
      { ...base, code: 'DB6', value: 5, usageLimit: 0 },
      { ...base, code: ' DB7', value: 5 },
    ];
    for (const row of refused) {
      await expect(t.app.db.insert(discounts).values(row), row.code).rejects.toThrow();
    }
  });
});

describe('changing discount codes', () => {
  it('changes only the fields named, and refuses a stale version', async () => {
    const code = await create(percentage('PATCHME', { usage_limit: 10 }));
    const response = await call('PATCH', `/staff/discounts/${code.id}`, {
      version: code.version,
      description: '15 % off, this week',
      percent: 15,
    });
    expect(response.statusCode, response.body).toBe(200);
    const changed = discountSchema.parse(response.json().data);
    expect(changed).toMatchObject({
      description: '15 % off, this week',
      percent: 15,
      usage_limit: 10,
      code: 'PATCHME',
      version: code.version + 1,
    });

    const stale = await call('PATCH', `/staff/discounts/${code.id}`, { version: code.version, percent: 20 });
    expect(stale.statusCode, stale.body).toBe(409);
    expect(stale.json()).toMatchObject({ status: 'version_conflict', current_version: code.version + 1 });

    const kindWithoutValue = await call('PATCH', `/staff/discounts/${code.id}`, {
      version: changed.version,
      kind: 'fixed_amount',
    });
    expect(kindWithoutValue.statusCode, kindWithoutValue.body).toBe(400);
    expect(kindWithoutValue.json().errors).toEqual([
      { field: 'body.amount_pence', message: 'Enter the amount off' },
    ]);
    const taken = await call('PATCH', `/staff/discounts/${code.id}`, {
      version: changed.version,
      code: 'Trade25',
    });
    expect(taken.statusCode, taken.body).toBe(409);
    expect((await call('GET', `/staff/discounts/${code.id}`)).json().data.version).toBe(changed.version);

    const missing = await call('PATCH', '/staff/discounts/999999', { version: 1, percent: 5 });
    expect(missing.statusCode, missing.body).toBe(404);
  });

  it('deactivated, the basket refuses the code and drops it; activated, accepts it again', async () => {
    const code = await create(percentage('SWITCH10', { percent: 10 }));
    const held = await basketWith('switch10');
    expect(held.response.statusCode, held.response.body).toBe(200);

    const off = await call('POST', `/staff/discounts/${code.id}/deactivate`);
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data).toMatchObject({ active: false, state: 'deactivated' });
    // Again changes nothing.
    const again = await call('POST', `/staff/discounts/${code.id}/deactivate`);
    expect(again.json().data.version).toBe(off.json().data.version);

    const refused = await basketWith('SWITCH10');
    expect(refused.response.statusCode).toBe(400);
    expect(refused.response.json()).toMatchObject({
      status: 'discount_not_found',
      message: 'This code is not valid',
    });
    const dropped = await held.cart.view();
    expect(dropped.notice).toMatch(/SWITCH10 no longer applies/);

    const on = await call('POST', `/staff/discounts/${code.id}/activate`);
    expect(on.json().data).toMatchObject({ active: true, state: 'active' });
    expect((await basketWith('SWITCH10')).response.statusCode).toBe(200);

    const actions = await t.app.db
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(and(eq(auditEvents.entity, 'discount'), eq(auditEvents.entityId, String(code.id))));
    expect(actions.map((a) => a.action)).toEqual([
      'discount.create',
      'discount.deactivate',
      'discount.deactivate',
      'discount.activate',
    ]);
  });
});

describe('the list and who may use it', () => {
  it('lists codes with uses and state, searched and filtered on the server', async () => {
    const found = await call('GET', '/staff/discounts?q=used&perPage=5');
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json().data.items.map((i: { code: string }) => i.code)).toEqual(['USEDUP']);
    expect(found.json().data.items[0]).toMatchObject({ used: 100, usage_limit: 100, state: 'used_up' });

    const expired = await call('GET', '/staff/discounts?state=expired&sort=code&order=ASC');
    expect(expired.json().data.items.map((i: { code: string }) => i.code)).toContain('OLDCODE');
    expect(expired.json().data.items.every((i: { state: string }) => i.state === 'expired')).toBe(true);

    const paged = await call('GET', '/staff/discounts?perPage=2&page=1&sort=code&order=ASC');
    expect(paged.json().data.items).toHaveLength(2);
    expect(paged.json().data.total).toBeGreaterThan(2);
    expect((await call('GET', '/staff/discounts?perPage=500')).statusCode).toBe(400);
  });

  it('refuses people without the permission', async () => {
    expect((await call('GET', '/staff/discounts', undefined, service)).statusCode).toBe(403);
    expect((await call('POST', '/staff/discounts', percentage('NOPE1'), service)).statusCode).toBe(403);
    const [code] = (await call('GET', '/staff/discounts?perPage=1')).json().data.items as { id: number }[];
    expect(
      (await call('POST', `/staff/discounts/${code!.id}/deactivate`, undefined, service)).statusCode,
    ).toBe(403);
  });
});
