/**
 * The catalogue spreadsheet round trip (issue 25, docs/api-contract.md "Staff: the catalogue spreadsheet"): the
 * export read back is the stored catalogue and imports as no change; one price changed is exactly one change in the
 * dry run and is written by the apply (audited, the content version moved); a bad GTIN names its line and column
 * and nothing is written; an apply after another write answers 409; a `content` person is refused (403).
 */
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, contentVersion, products, variantPrices, variants } from '../src/db/schema.ts';
import { fakeClock } from '../src/lib/clock.ts';
import { createTestApp, PRO_PLAN, q, type TestApp } from './helpers.ts';
import { consoleHeaders, inviteAndEnrol, type StaffPerson } from './staff-helpers.ts';

const clock = fakeClock(new Date('2027-06-01T09:00:00Z'));
let t: TestApp;
let catalogue: StaffPerson;
let content: StaffPerson;

beforeAll(async () => {
  t = await createTestApp({}, { clock });
  catalogue = await inviteAndEnrol(t.app, clock, 'catalogue');
  content = await inviteAndEnrol(t.app, clock, 'content');
});
afterAll(() => t?.close());

const exportCsv = (person = catalogue) =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/staff/catalogue/export.csv?${q()}`,
    headers: consoleHeaders(person.session),
  });

const importCsv = (csv: string, query: Record<string, string>, person = catalogue) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/staff/catalogue/import?${q(query)}`,
    headers: { ...consoleHeaders(person.session), 'content-type': 'text/csv' },
    payload: csv,
  });

async function exported(): Promise<string[][]> {
  const answer = await exportCsv();
  expect(answer.statusCode, answer.body).toBe(200);
  expect(answer.headers['content-type']).toMatch(/^text\/csv/);
  return parse(answer.body) as string[][];
}

/** A 14-digit GTIN from its first 13 digits (or a 13-digit one from 12, left-padded). */
function withCheckDigit(digits: string): string {
  let sum = 0;
  for (let i = 0; i < digits.length; i++)
    sum += Number(digits[digits.length - 1 - i]) * (i % 2 === 0 ? 3 : 1);
  return `${digits}${(10 - (sum % 10)) % 10}`.padStart(14, '0');
}

async function proPrice(reference: string) {
  const [row] = await t.app.db
    .select({ ex: variantPrices.priceExVatPence })
    .from(variantPrices)
    .innerJoin(variants, eq(variants.id, variantPrices.variantId))
    .where(and(eq(variants.reference, reference), eq(variantPrices.planId, PRO_PLAN)));
  return row?.ex;
}

describe('the catalogue spreadsheet', () => {
  it('exports every pack with its prices, and the export imports as no change', async () => {
    const [header, ...rows] = await exported();
    expect(header).toEqual([
      'product_reference',
      'product_slug',
      'product_name',
      'pack_reference',
      'gtin',
      'net_content',
      'unit',
      'pack_label',
      'trade_ex_vat',
      'diy_inc_vat',
    ]);
    const [packs] = await t.app.db.select({ n: variants.id }).from(variants).limit(1);
    expect(packs).toBeDefined();
    const first = rows[0]!;
    expect(first[8]).toMatch(/^\d+\.\d{2}$/);
    expect(Number(first[8]) * 100).toBe(await proPrice(first[3]!));
    const dry = await importCsv(stringify([header!, ...rows]), { dry_run: 'true' });
    expect(dry.statusCode, dry.body).toBe(200);
    const report = dry.json().data;
    expect(report.rows).toBe(rows.length);
    expect(report.errors).toEqual([]);
    expect(report.changes).toEqual([]);
  });

  it('shows exactly one changed price in the dry run, then applies it in one audited write', async () => {
    const [header, ...rows] = await exported();
    const row = rows[1]!;
    const old = row[8]!;
    const changed = (Number(old) + 1.25).toFixed(2);
    row[8] = changed;
    const csv = stringify([header!, ...rows]);
    const before = await proPrice(row[3]!);
    const dry = await importCsv(csv, { dry_run: 'true' });
    const report = dry.json().data;
    expect(report.errors).toEqual([]);
    expect(report.changes).toEqual([
      {
        line: 3,
        action: 'update',
        product_reference: row[0],
        pack_reference: row[3],
        fields: [{ column: 'trade_ex_vat', old, new: changed }],
      },
    ]);
    expect(await proPrice(row[3]!)).toBe(before);

    const [versionBefore] = await t.app.db.select().from(contentVersion);
    const applied = await importCsv(csv, { dry_run: 'false', token: report.token });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json().data.prices_changed).toBe(1);
    expect(await proPrice(row[3]!)).toBe(Math.round(Number(changed) * 100));
    const [versionAfter] = await t.app.db.select().from(contentVersion);
    expect(versionAfter!.version).toBe(versionBefore!.version + 1);
    const events = await t.app.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'catalogue.import'));
    expect(events).toHaveLength(1);
    expect(events[0]!.changes).toMatchObject({
      prices_changed: { after: 1 },
      products_changed: { after: 1 },
    });
    // Applied, the same file is no change any more.
    const again = await importCsv(csv, { dry_run: 'true' });
    expect(again.json().data.changes).toEqual([]);
  });

  it('names the line and column of a bad GTIN, an unknown product and a bad price, and writes nothing', async () => {
    const [header, ...rows] = await exported();
    const gtin = rows[2]![4]!;
    rows[2]![4] = gtin.slice(0, -1) + String((Number(gtin.at(-1)) + 1) % 10);
    rows[3]![0] = 'NO-SUCH-PRODUCT';
    rows[4]![8] = '12,5x';
    rows[0]![8] = (Number(rows[0]![8]) + 1).toFixed(2);
    const csv = stringify([header!, ...rows]);
    const dry = await importCsv(csv, { dry_run: 'true' });
    const report = dry.json().data;
    expect(report.errors).toEqual([
      { line: 4, column: 'gtin', message: `GTIN ${rows[2]![4]} has a wrong check digit` },
      { line: 5, column: 'product_reference', message: 'Unknown product "NO-SUCH-PRODUCT"' },
      { line: 6, column: 'trade_ex_vat', message: '"12,5x" is not a price in pounds, such as 12.50' },
    ]);
    const before = await proPrice(rows[0]![3]!);
    const applied = await importCsv(csv, { dry_run: 'false', token: report.token });
    expect(applied.statusCode).toBe(400);
    expect(applied.json().message).toMatch(/3 errors: nothing was written/);
    expect(await proPrice(rows[0]![3]!)).toBe(before);
  });

  it("creates a new pack and changes a label and a GTIN, in the product's new version", async () => {
    const [header, ...rows] = await exported();
    const base = rows[0]!;
    const twin = [...base];
    twin[3] = 'SHEET-NEW-1';
    twin[4] = withCheckDigit('501234567890');
    twin[7] = 'Trial pack';
    rows[1]![7] = 'Relabelled pack';
    rows[1]![4] = withCheckDigit('501234567891');
    const csv = stringify([header!, ...rows, twin]);
    const report = (await importCsv(csv, { dry_run: 'true' })).json().data;
    expect(report.errors).toEqual([]);
    expect(report.packs_created).toBe(1);
    expect(report.packs_changed).toBe(1);
    expect(report.changes.find((c: { action: string }) => c.action === 'create')).toMatchObject({
      line: rows.length + 2,
      pack_reference: 'SHEET-NEW-1',
      fields: expect.arrayContaining([{ column: 'pack_label', old: null, new: 'Trial pack' }]),
    });
    const [product] = await t.app.db.select().from(products).where(eq(products.reference, base[0]!));
    const applied = await importCsv(csv, { dry_run: 'false', token: report.token });
    expect(applied.statusCode, applied.body).toBe(200);
    const [created] = await t.app.db.select().from(variants).where(eq(variants.reference, 'SHEET-NEW-1'));
    expect(created).toMatchObject({ productId: product!.id, label: 'Trial pack', gtin: twin[4] });
    expect(await proPrice('SHEET-NEW-1')).toBe(Math.round(Number(base[8]) * 100));
    const [relabelled] = await t.app.db.select().from(variants).where(eq(variants.reference, rows[1]![3]!));
    expect(relabelled).toMatchObject({ label: 'Relabelled pack', gtin: rows[1]![4] });
    const [after] = await t.app.db.select().from(products).where(eq(products.id, product!.id));
    expect(after!.version).toBe(product!.version + 1);
  });

  it('refuses an apply after another write to the catalogue (409), writing nothing', async () => {
    const [header, ...rows] = await exported();
    rows[0]![8] = (Number(rows[0]![8]) + 2).toFixed(2);
    const csv = stringify([header!, ...rows]);
    const before = await proPrice(rows[0]![3]!);
    const { token } = (await importCsv(csv, { dry_run: 'true' })).json().data;
    await t.app.db.update(products).set({ version: 99 }).where(eq(products.reference, rows[5]![0]!));
    const applied = await importCsv(csv, { dry_run: 'false', token });
    expect(applied.statusCode).toBe(409);
    expect(applied.json().status).toBe('version_conflict');
    expect(await proPrice(rows[0]![3]!)).toBe(before);
  });

  it('is refused to a content person (403)', async () => {
    expect((await exportCsv(content)).statusCode).toBe(403);
    expect((await importCsv('a,b\n', { dry_run: 'true' }, content)).statusCode).toBe(403);
  });
});
