/**
 * Migration 0005 (DIY shelf prices stored inc VAT): a database holding ex-VAT prices in both plans, as every
 * database did before it, shows the same ex and inc amounts afterwards, and the DIY plan then takes inc-VAT prices.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { earthdistance } from '@electric-sql/pglite/contrib/earthdistance';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { grossFromNet } from '@plasterwick/shop-rules/money';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, expect, it } from 'vitest';
import { priceOf, type StoredPrice } from '../src/modules/catalogue/read-model.ts';
import type { SalesPlan } from '../src/lib/context.ts';

const migrations = path.resolve(import.meta.dirname, '../drizzle');
const before = mkdtempSync(path.join(tmpdir(), 'migrations-0004-'));
afterAll(() => rmSync(before, { recursive: true, force: true }));

/** The migrations folder as it was before 0005: the same files, the journal cut after 0004. */
function migrationsUpTo0004(): string {
  cpSync(migrations, before, { recursive: true });
  const journal = JSON.parse(readFileSync(path.join(migrations, 'meta/_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  const cut = journal.entries.findIndex((entry) => entry.tag.startsWith('0005_'));
  expect(cut).toBe(5);
  writeFileSync(
    path.join(before, 'meta/_journal.json'),
    JSON.stringify({ ...journal, entries: journal.entries.slice(0, cut) }),
  );
  return before;
}

it('moves DIY prices to inc VAT without changing any amount shown', async () => {
  const client = await PGlite.create({ extensions: { pg_trgm, cube, earthdistance } });
  const db = drizzle(client);
  await migrate(db, { migrationsFolder: migrationsUpTo0004() });
  await client.exec(`
    insert into site (id, code, label, url, hosts, languages, is_local)
      values (3, 'uk', 'UK', 'https://www.plasterwick.co.uk', '{}', '[]', true);
    insert into sales_plan (id, site_id, target, label, currency_code, currency_symbol, vat_rate_bp) values
      (1, 3, 'pro', 'Trade', 'GBP', '£', 2000), (2, 3, 'part', 'DIY', 'GBP', '£', 2000);
    insert into product (id, site_id, reference, slug, name, short_description, description)
      values (1, 3, 'PW-1', 'p', 'P', '', '');
    insert into variant (product_id, reference, label, gtin, quantity, unit)
      select 1, 'PW-1-' || n, n || ' kg', lpad(n::text, 14, '0'), 1, 'kg' from generate_series(0, 4000) n;
    insert into variant_price (variant_id, plan_id, price_ex_vat_pence)
      select v.id, p.id, substr(v.reference, 6)::int from variant v cross join sales_plan p;
  `);
  await migrate(db, { migrationsFolder: migrations });

  const plans = (
    await client.query<{ id: number; prices_include_vat: boolean }>(
      'select id, prices_include_vat from sales_plan order by id',
    )
  ).rows;
  expect(plans).toEqual([
    { id: 1, prices_include_vat: false },
    { id: 2, prices_include_vat: true },
  ]);
  const rows = (
    await client.query<{ plan_id: number; old: number; ex: number | null; inc: number | null }>(`
      select vp.plan_id, substr(v.reference, 6)::int as old, vp.price_ex_vat_pence as ex, vp.price_inc_vat_pence as inc
      from variant_price vp join variant v on v.id = vp.variant_id`)
  ).rows;
  expect(rows).toHaveLength(2 * 4001);
  const plan = (id: number) => ({ id, vatRateBp: 2000, currencyCode: 'GBP' }) as SalesPlan;
  for (const row of rows) {
    expect(row.plan_id === 2 ? row.ex : row.inc, `plan ${row.plan_id}, ${row.old}`).toBeNull();
    const stored = (
      row.ex !== null ? { exVat: row.ex, incVat: null } : { exVat: null, incVat: row.inc }
    ) as StoredPrice;
    const shown = priceOf(stored, plan(row.plan_id));
    expect([shown.ex_vat, shown.inc_vat], `plan ${row.plan_id}, ${row.old}`).toEqual([
      row.old,
      grossFromNet(row.old, 2000),
    ]);
  }
  // The CHECK holds the one-basis rule from now on.
  await expect(
    client.query('insert into variant_price (variant_id, plan_id) select id, 1 from variant limit 1'),
  ).rejects.toThrow();
  await client.close();
});
