/**
 * The audit trail (issue 22): a staff write and its record commit together or not at all; the table refuses
 * UPDATE and DELETE (a trigger, on PGlite and PostgreSQL); refusals, sign-ins, CV downloads and exports are
 * recorded; `GET /staff/audit` filters and exports CSV; personal data never reaches it.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, submissionFiles, submissions } from '../src/db/schema.ts';
import { fakeClock } from '../src/lib/clock.ts';
import { createTestApp, PRO_PLAN, q, SITE_ID, type TestApp } from './helpers.ts';
import {
  consoleHeaders,
  inviteAndEnrol,
  keyHeaders,
  setUpOwner,
  signIn,
  staffCookieOf,
  type StaffPerson,
} from './staff-helpers.ts';

const clock = fakeClock(new Date('2026-11-24T09:00:00Z'));
let t: TestApp;
let owner: StaffPerson;
let catalogue: StaffPerson;

beforeAll(async () => {
  t = await createTestApp({}, { clock });
  owner = await setUpOwner(t.app, clock);
  catalogue = await inviteAndEnrol(t.app, clock, 'catalogue', 'cat@example.co.uk');
});
afterAll(() => t.close());

const audit = async (query: Record<string, string | number> = {}) => {
  const response = await t.app.inject({
    url: `/api/v1/staff/audit?${new URLSearchParams({ perPage: '100', ...Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])) })}`,
    headers: keyHeaders,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as { items: Record<string, unknown>[]; total: number };
};

/** A product with a pack, its id, version and the pack's trade price. */
async function aProduct() {
  const list = await t.app.inject({ url: `/api/v1/product?${q({ saleplan_id: PRO_PLAN, perPage: 1 })}` });
  const slug = list.json().data.items[0].slug;
  const product = (
    await t.app.inject({ url: `/api/v1/product/${slug}?${q({ saleplan_id: PRO_PLAN })}` })
  ).json().data.items[0];
  const version = (await t.app.db.execute(
    sql`select version from product where id = ${product.id}`,
  )) as unknown as { rows: { version: number }[] } | { version: number }[];
  const rows = 'rows' in version ? version.rows : version;
  return {
    id: product.id as number,
    version: rows[0]!.version,
    pack: product.variants[0] as { reference: string; price: { ex_vat: number } },
  };
}

const changePrice = (product: Awaited<ReturnType<typeof aProduct>>, exVat: number) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/v1/product/${product.id}/variants/${product.pack.reference}?${q()}`,
    headers: consoleHeaders(catalogue.session),
    payload: { version: product.version, prices: [{ plan_id: PRO_PLAN, ex_vat: exVat }] },
  });

describe('writes and their record', () => {
  it('a price change by a catalogue person writes one audit row with the old and new price', async () => {
    const product = await aProduct();
    const before = (await audit({ entity: 'product' })).total;
    const changed = await changePrice(product, product.pack.price.ex_vat + 125);
    expect(changed.statusCode, changed.body).toBe(200);
    const { items, total } = await audit({ entity: 'product' });
    expect(total).toBe(before + 1);
    expect(items[0]).toMatchObject({
      actor_type: 'person',
      actor_id: catalogue.id,
      actor_name: 'catalogue person',
      role: 'catalogue',
      action: 'product.update_pack',
      entity: 'product',
      entity_id: String(product.id),
      outcome: 'ok',
      changes: {
        [`packs.${product.pack.reference}.prices.${PRO_PLAN}.ex_vat`]: {
          before: product.pack.price.ex_vat,
          after: product.pack.price.ex_vat + 125,
        },
      },
    });
    expect(Object.keys(items[0]!.changes as object)).toEqual([
      `packs.${product.pack.reference}.prices.${PRO_PLAN}.ex_vat`,
    ]);
    expect(items[0]!.request_id).toBe(changed.headers['x-request-id']);
    expect(items[0]!.ip).toBe('127.0.0.1');
  });

  it('when the audit insert fails, the change is rolled back', async () => {
    const product = await aProduct();
    await t.app.db.execute(sql`create function refuse_audit() returns trigger language plpgsql as $$
      begin raise exception 'audit store unavailable'; end; $$`);
    await t.app.db.execute(sql`create trigger refuse_audit before insert on audit_event
      for each row execute function refuse_audit()`);
    try {
      const failed = await changePrice(product, product.pack.price.ex_vat + 500);
      expect(failed.statusCode).toBe(500);
      expect(failed.body).not.toContain('audit store');
    } finally {
      await t.app.db.execute(sql`drop trigger refuse_audit on audit_event`);
      await t.app.db.execute(sql`drop function refuse_audit()`);
    }
    const after = await aProduct();
    expect(after.pack.price.ex_vat).toBe(product.pack.price.ex_vat);
    expect(after.version).toBe(product.version);
  });

  it('the table refuses UPDATE and DELETE, whoever asks', async () => {
    const [row] = await t.app.db.select().from(auditEvents).limit(1);
    await expect(
      t.app.db.execute(sql`update audit_event set action = 'x' where id = ${row!.id}`),
    ).rejects.toThrow();
    await expect(t.app.db.execute(sql`delete from audit_event where id = ${row!.id}`)).rejects.toThrow();
    await expect(t.app.db.execute(sql`truncate audit_event`)).rejects.toThrow();
    const [again] = await t.app.db
      .select()
      .from(auditEvents)
      .where(sql`id = ${row!.id}`);
    expect(again).toEqual(row);
  });

  it('records refusals: a 403 and a 409', async () => {
    const product = await aProduct();
    const forbidden = await t.app.inject({
      method: 'POST',
      url: `/api/v1/page?${q()}`,
      headers: consoleHeaders(catalogue.session),
      payload: {},
    });
    expect(forbidden.statusCode).toBe(403);
    const stale = await changePrice({ ...product, version: product.version - 1 }, 1);
    expect(stale.statusCode).toBe(409);
    const refused = await audit({ person: catalogue.id });
    expect(refused.items.slice(0, 2)).toMatchObject([
      {
        action: 'refused:409',
        entity: 'PATCH /api/v1/product/:id/variants/:reference',
        entity_id: String(product.id),
        outcome: 'refused',
      },
      { action: 'refused:403', entity: 'POST /api/v1/page', outcome: 'refused' },
    ]);
  });
});

describe('what else is recorded', () => {
  it('sign-ins, failed sign-ins and wrong codes, sign-outs and token creation, without secrets', async () => {
    const ok = await signIn(t.app, clock, owner);
    const session = staffCookieOf(ok);
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/staff/session',
      payload: { email: owner.email, password: 'Nope-nope-2027', code: '123456' },
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/staff/session',
      payload: { email: owner.email, password: owner.password, code: '000000' },
    });
    const token = await t.app.inject({
      method: 'POST',
      url: '/api/v1/staff/tokens',
      headers: consoleHeaders(session),
      payload: { name: 'Feed', scope: 'read_only' },
    });
    await t.app.inject({ method: 'DELETE', url: '/api/v1/staff/session', headers: consoleHeaders(session) });
    const { items } = await audit({ entity: 'staff_person', entity_id: String(owner.id) });
    const actions = items.map((i) => `${i.action} ${i.outcome}`);
    expect(actions.slice(0, 3)).toEqual([
      'session.sign_out ok',
      'session.sign_in.code failed',
      'session.sign_in failed',
    ]);
    expect(actions).toContain('session.sign_in ok');
    const created = (await audit({ action: 'token.create' })).items[0]!;
    expect(created).toMatchObject({ actor_id: owner.id, entity_id: String(token.json().data.id) });
    expect(created.changes).toMatchObject({
      name: { before: null, after: 'Feed' },
      scope: { before: null, after: 'read_only' },
    });
    const everything = JSON.stringify((await audit()).items);
    expect(everything).not.toContain(token.json().data.token);
    expect(everything).not.toContain(owner.secret);
  });

  it('every CV download, with the person who made it', async () => {
    const [submission] = await t.app.db
      .insert(submissions)
      .values({ siteId: SITE_ID, kind: 'application', data: { email: 'applicant@example.co.uk' } })
      .returning();
    await t.app.db.insert(submissionFiles).values({
      submissionId: submission!.id,
      fileName: 'cv.pdf',
      contentType: 'application/pdf',
      sizeBytes: 8,
      content: Buffer.from('%PDF-1.4'),
    });
    const recruiter = await inviteAndEnrol(t.app, clock, 'recruitment', 'hr@example.co.uk');
    const download = () =>
      t.app.inject({
        url: `/api/v1/application/${submission!.id}/cv?${q()}`,
        headers: consoleHeaders(recruiter.session),
      });
    expect((await download()).statusCode).toBe(200);
    expect((await download()).statusCode).toBe(200);
    const { items } = await audit({ action: 'application.cv_download' });
    expect(items).toHaveLength(2);
    expect(items[0]).toMatchObject({
      actor_id: recruiter.id,
      entity: 'application',
      entity_id: String(submission!.id),
    });
    expect(JSON.stringify(items)).not.toContain('applicant@example.co.uk');
  });

  it('a submission’s note and data are masked', async () => {
    const [submission] = await t.app.db
      .insert(submissions)
      .values({
        siteId: SITE_ID,
        kind: 'contact',
        data: { email: 'visitor@example.co.uk', message: 'Hello' },
      })
      .returning();
    const changed = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/contact?${q()}`,
      headers: keyHeaders,
      payload: { id: submission!.id, version: 1, status: 'done', note: 'Rang Mrs Jones back' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const row = (await audit({ action: 'contact.update' })).items[0]!;
    expect(row).toMatchObject({
      actor_type: 'api-key',
      changes: { status: { before: 'new', after: 'done' }, note: { before: null, after: '[masked]' } },
    });
    expect(JSON.stringify(row)).not.toContain('Jones');
  });
});

describe('GET /staff/audit', () => {
  it('pages, filters by date and exports the filtered list as CSV (the export recorded too)', async () => {
    const all = await audit();
    expect(all.total).toBeGreaterThan(5);
    const firstPage = await audit({ perPage: 2, page: 1 });
    const secondPage = await audit({ perPage: 2, page: 2 });
    expect(firstPage.items).toHaveLength(2);
    expect(secondPage.items[0]!.id).not.toBe(firstPage.items[1]!.id);
    const future = await audit({ from: new Date(clock.now().getTime() + 60_000).toISOString() });
    expect(future.total).toBe(0);

    const csv = await t.app.inject({
      url: '/api/v1/staff/audit?format=csv&entity=product',
      headers: keyHeaders,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toMatch(
      /^attachment; filename="audit-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = csv.body.trim().split('\n');
    expect(lines[0]).toBe(
      'id,at,actor_type,actor_id,actor_name,role,action,entity,entity_id,changes,outcome,request_id,ip,user_agent',
    );
    expect(lines.length - 1).toBe((await audit({ entity: 'product' })).total);
    expect((await audit({ action: 'audit.export' })).total).toBe(1);
  });

  it('is the owner’s: other roles get 403', async () => {
    const response = await t.app.inject({
      url: '/api/v1/staff/audit',
      headers: consoleHeaders(catalogue.session),
    });
    expect(response.statusCode).toBe(403);
  });
});
